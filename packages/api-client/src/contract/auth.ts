import { z } from 'zod';
import { email } from './common.ts';

// refreshToken is absent when the caller asked for it as a cookie (REFRESH_COOKIE).
export const Tokens = z.object({ accessToken: z.string(), refreshToken: z.string().optional() });
export type Tokens = z.infer<typeof Tokens>;

export const LoginResponse = Tokens.extend({ isAdmin: z.boolean(), isPaymentMethodSet: z.boolean() });
export type LoginResponse = z.infer<typeof LoginResponse>;

// Login forms have no length or format rules in the spec; only presence is checked.
export const LoginRequest = z.object({
  email: z.string({ error: 'Email is required.' }).trim().toLowerCase().min(1, { error: 'Email is required.' }),
  password: z.string({ error: 'Password is required.' }).min(1, { error: 'Password is required.' }),
  rememberMe: z.boolean().optional().default(false),
});

export const PLATFORMS = ['google', 'facebook'] as const;
export const PlatformLoginRequest = z.object({
  token: z.string({ error: 'Token is required.' }).min(1, { error: 'Token is required.' }),
  platform: z.enum(PLATFORMS, { error: 'Must be equal to one of the allowed values: google, facebook.' }),
  /** The nonce the browser put in Google's authorization request; the ID token must carry it. */
  nonce: z.string().min(1).max(200).optional(),
});

/** What a browser needs to start one provider's sign-in; null where the provider is not configured. */
export const AuthProvider = z.object({ clientId: z.string(), authUrl: z.string() });
export const AuthProviders = z.object({ google: AuthProvider.nullable(), facebook: AuthProvider.nullable() });
export type AuthProviders = z.infer<typeof AuthProviders>;

export const RefreshRequest = z.object({ refreshToken: z.string({ error: 'Refresh token is required.' }).min(1) });
export const ForgotPasswordRequest = z.object({ email: email() });
export const ResetPasswordRequest = z.object({
  token: z.string({ error: 'Token is required.' }).min(1, { error: 'Token is required.' }),
  password: z.string({ error: 'Must NOT have fewer than 6 characters.' }).min(6, { error: 'Must NOT have fewer than 6 characters.' }),
});
export const VerifyEmailRequest = z.object({ token: z.string({ error: 'Token is required.' }).min(1, { error: 'Token is required.' }) });
