import { z } from 'zod';
import { maxLength } from './common.ts';
import { PASSWORD_MAX_LENGTH, TWO_FACTOR_METHODS } from './constants.ts';

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
  passkeyAdded: 'Passkey added.',
  passkeyRemoved: 'Passkey removed.',
  passkeyNotStarted: 'Start adding the passkey again: its request expired.',
  passkeyRejected: 'The passkey could not be verified.',
  passkeyNone: 'This account has no passkey.',
  passkeyNotFound: 'Passkey not found.',
  passkeyLast: 'This passkey is your only two-factor method: turn two-factor authentication off instead.',
  passkeyDuplicate: 'This passkey is registered already.',
  codeOrPasskey: 'Code is required.',
  passkeysUnavailable: 'Passkeys need the site on a domain name (PUBLIC_URL).',
} as const;
/** How long a passkey's registration and a sign-in's passkey prompt may take (WebAuthn's timeout). */
export const PASSKEY_TIMEOUT_SECONDS = 2 * 60;
export const PASSKEY_NAME_MAX_LENGTH = 60;

const currentPassword = () => z.string({ error: 'Current password is required.' }).max(...maxLength(PASSWORD_MAX_LENGTH)).min(1, { error: 'Current password is required.' });
/** A 6-digit authenticator code or a recovery code (spaces and dashes are ignored). */
const code = () => z.string({ error: 'Code is required.' }).max(...maxLength(40)).trim().min(1, { error: 'Code is required.' });

/** The answer of a sign-in (password, Google, Facebook, email link) of an account with two-factor sign-in on: no tokens yet. */
export const TwoFactorChallenge = z.object({ twoFactorRequired: z.literal(true), challenge: z.string(), methods: z.array(z.enum(TWO_FACTOR_METHODS)) });
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;

/** WebAuthn's binary fields as base64url text, each capped well above what an authenticator sends. */
const b64url = (max: number) => z.string().max(...maxLength(max)).regex(/^[A-Za-z0-9_-]*$/, { error: 'Must be base64url.' });
const credentialFields = { id: b64url(1400), rawId: b64url(1400), type: z.literal('public-key'), authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(), clientExtensionResults: z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }).default({}) };
/** What navigator.credentials.get() answers, as @simplewebauthn/browser sends it. */
export const PasskeyAssertion = z.object({
  ...credentialFields,
  response: z.object({ clientDataJSON: b64url(4000), authenticatorData: b64url(4000), signature: b64url(4000), userHandle: b64url(400).optional() }),
});
/** What navigator.credentials.create() answers, as @simplewebauthn/browser sends it. */
export const PasskeyAttestation = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(32_000),
    authenticatorData: b64url(32_000).optional(),
    transports: z.array(z.string().max(20)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4000).optional(),
  }),
});

const challenge = () => z.string({ error: 'Challenge is required.' }).max(...maxLength(200)).min(1, { error: 'Challenge is required.' });
/** The second step with a code (authenticator or recovery) or with a passkey's assertion. */
export const TwoFactorSignInRequest = z
  .object({ challenge: challenge(), code: code().optional(), passkey: PasskeyAssertion.optional() })
  .refine((r) => r.code !== undefined || r.passkey !== undefined, { path: ['code'], error: TWO_FACTOR_MESSAGES.codeOrPasskey });
export const PasskeySignInOptionsRequest = z.object({ challenge: challenge() });

/** The options navigator.credentials.create() / .get() take (WebAuthn's JSON form); the browser library reads the rest. */
export const PasskeyCreationOptions = z.looseObject({ challenge: z.string(), rp: z.object({ name: z.string(), id: z.string().optional() }), user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }) });
export type PasskeyCreationOptions = z.infer<typeof PasskeyCreationOptions>;
export const PasskeyRequestOptions = z.looseObject({ challenge: z.string(), rpId: z.string().optional(), allowCredentials: z.array(z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() })).optional() });
export type PasskeyRequestOptions = z.infer<typeof PasskeyRequestOptions>;

export const PasskeyOptionsRequest = z.object({ currentPassword: currentPassword() });
export const PasskeyRegisterRequest = z.object({
  name: z.string({ error: 'Name is required.' }).trim().min(1, { error: 'Name is required.' }).max(...maxLength(PASSKEY_NAME_MAX_LENGTH)),
  response: PasskeyAttestation,
});
export const PasskeyRemoveRequest = z.object({ currentPassword: currentPassword() });
export const Passkey = z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
export type Passkey = z.infer<typeof Passkey>;
export const PasskeyList = z.object({ passkeys: z.array(Passkey) });
export type PasskeyList = z.infer<typeof PasskeyList>;
/** A passkey added; when it turned two-factor sign-in on, the ten recovery codes as confirming an authenticator app answers them. */
export const PasskeyAdded = z.object({ message: z.string(), passkey: Passkey, recoveryCodes: z.array(z.string()).optional() });
export type PasskeyAdded = z.infer<typeof PasskeyAdded>;

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
