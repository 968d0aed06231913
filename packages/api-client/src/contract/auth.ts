import { z } from 'zod';
import { email, maxLength } from './common.ts';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, TOKEN_MAX_LENGTH } from './constants.ts';

const token = () => z.string({ error: 'Token is required.' }).max(...maxLength(TOKEN_MAX_LENGTH)).min(1, { error: 'Token is required.' });

// refreshToken is absent when the caller asked for it as a cookie (REFRESH_COOKIE).
export const Tokens = z.object({ accessToken: z.string(), refreshToken: z.string().optional() });
export type Tokens = z.infer<typeof Tokens>;

export const LoginResponse = Tokens.extend({ isAdmin: z.boolean(), isPaymentMethodSet: z.boolean() });
export type LoginResponse = z.infer<typeof LoginResponse>;

/**
 * Every finished sign-in (a password, Google or Facebook, a verification link, the second step of
 * two-factor sign-in) also answers a device token (also set as an HttpOnly cookie for browsers):
 * presented at the next password sign-in of the same account, it lets this device in while
 * sign-ins from new devices are paused by failed attempts elsewhere. (Named for the first sign-in
 * that had one.)
 */
export const PasswordLoginResponse = LoginResponse.extend({ deviceToken: z.string() });
export type PasswordLoginResponse = z.infer<typeof PasswordLoginResponse>;

// Login forms have no length or format rules in the spec; only presence is checked.
export const LoginRequest = z.object({
  email: z.string({ error: 'Email is required.' }).max(...maxLength(EMAIL_MAX_LENGTH)).trim().toLowerCase().min(1, { error: 'Email is required.' }),
  password: z.string({ error: 'Password is required.' }).max(...maxLength(PASSWORD_MAX_LENGTH)).min(1, { error: 'Password is required.' }),
  rememberMe: z.boolean().optional().default(false),
});

export const PLATFORMS = ['google', 'facebook'] as const;
export const PlatformLoginRequest = z.object({
  token: token(),
  platform: z.enum(PLATFORMS, { error: 'Must be equal to one of the allowed values: google, facebook.' }),
  /** The nonce the browser put in Google's authorization request; the ID token must carry it (required for Google, once only). */
  nonce: z.string().min(1).max(200).optional(),
});

/** Links a Google or Facebook account to the signed-in account (from Settings); the current password proves it is the owner. */
export const LinkIdentityRequest = PlatformLoginRequest.extend({ currentPassword: z.string().max(200).optional() });
export const LinkIdentityResponse = z.object({ message: z.string(), platform: z.enum(PLATFORMS) });

/** What a browser needs to start one provider's sign-in; null where the provider is not configured. */
export const AuthProvider = z.object({ clientId: z.string(), authUrl: z.string() });
export const AuthProviders = z.object({ google: AuthProvider.nullable(), facebook: AuthProvider.nullable() });
export type AuthProviders = z.infer<typeof AuthProviders>;

export const RefreshRequest = z.object({ refreshToken: z.string({ error: 'Refresh token is required.' }).max(...maxLength(TOKEN_MAX_LENGTH)).min(1) });
export const ForgotPasswordRequest = z.object({ email: email() });
export const ResetPasswordRequest = z.object({
  token: token(),
  password: z
    .string({ error: `Must NOT have fewer than ${PASSWORD_MIN_LENGTH} characters.` })
    .min(PASSWORD_MIN_LENGTH, { error: `Must NOT have fewer than ${PASSWORD_MIN_LENGTH} characters.` })
    .max(...maxLength(PASSWORD_MAX_LENGTH)),
});
export const VerifyEmailRequest = z.object({ token: token() });
/** The link mailed to a new address (confirm) or to the old one ("this was not me": cancel); neither signs anyone in. */
export const EmailChangeTokenRequest = VerifyEmailRequest;
export const EmailChangeConfirmed = z.object({ message: z.string(), email: z.string() });
export const EmailChangeCanceled = z.object({ message: z.string() });
