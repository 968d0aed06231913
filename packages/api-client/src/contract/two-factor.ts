import { z } from 'zod';
import { maxLength } from './common.ts';
import { PASSWORD_MAX_LENGTH } from './constants.ts';

/** How many single-use recovery codes turning two-factor sign-in on answers (shown once). */
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step of a sign-in may wait for its code. */
export const TWO_FACTOR_CHALLENGE_TTL_SECONDS = 5 * 60;


export const TWO_FACTOR_MESSAGES = {
  required: 'This team requires two-factor authentication. Set it up in Settings to continue.',
  wrongPassword: 'Current password is incorrect',
  passwordNeeded: 'Set a password first (Forgot Password) to turn on two-factor authentication',
  wrongCode: 'The code is not correct.',
  notStarted: 'Start the set-up again: no authenticator secret is waiting.',
  alreadyOn: 'Two-factor authentication is already on.',
  notOn: 'Two-factor authentication is off.',
  invalidChallenge: 'The sign-in has expired. Sign in again.',
  turnedOn: 'Two-factor authentication is on.',
  turnedOff: 'Two-factor authentication is off.',
  ownerFirst: 'Turn on two-factor authentication for your own account first.',
} as const;

const currentPassword = () => z.string({ error: 'Current password is required.' }).max(...maxLength(PASSWORD_MAX_LENGTH)).min(1, { error: 'Current password is required.' });
/** A 6-digit authenticator code or a recovery code (spaces and dashes are ignored). */
const code = () => z.string({ error: 'Code is required.' }).max(...maxLength(40)).trim().min(1, { error: 'Code is required.' });

/** The answer of a sign-in (password, Google, Facebook, email link) of an account with two-factor sign-in on: no tokens yet. */
export const TwoFactorChallenge = z.object({ twoFactorRequired: z.literal(true), challenge: z.string() });
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;

export const TwoFactorSignInRequest = z.object({ challenge: z.string({ error: 'Challenge is required.' }).max(...maxLength(200)).min(1, { error: 'Challenge is required.' }), code: code() });

export const TotpSetupRequest = z.object({ currentPassword: currentPassword() });
/** The secret to type into an authenticator app, and the otpauth:// URL its QR code holds. */
export const TotpSetup = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof TotpSetup>;

export const TotpConfirmRequest = z.object({ code: code() });
export const TotpConfirmed = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });
export type TotpConfirmed = z.infer<typeof TotpConfirmed>;

export const TwoFactorDisableRequest = z.object({ currentPassword: currentPassword(), code: code() });

export const TeamPolicy = z.object({ requireTwoFactor: z.boolean({ error: 'requireTwoFactor must be true or false.' }) });
export type TeamPolicy = z.infer<typeof TeamPolicy>;
