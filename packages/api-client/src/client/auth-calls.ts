import type { z } from 'zod';
import type { LoginResponse, PasswordLoginResponse } from '../contract/auth.ts';
import { DEVICE_TOKEN_HEADER, isTwoFactorChallenge } from '../contract/constants.ts';
import type { PasskeyAssertion, TwoFactorChallenge } from '../contract/two-factor.ts';
import type { Core } from './core.ts';
import type { Call } from './operation.ts';
import type { LoginInput, RegisterInput } from './params.ts';
import * as op from './routes.generated.ts';

/** Signing in and out, registration and the links mailed about an account. */
export function authCalls(core: Core, call: Call) {
  const startSession = async (r: LoginResponse) => {
    // No refreshToken in cookie mode: the server set it as an HttpOnly cookie instead.
    await core.setSession({ accessToken: r.accessToken, ...(r.refreshToken !== undefined && { refreshToken: r.refreshToken }), isAdmin: r.isAdmin, isPaymentMethodSet: r.isPaymentMethodSet });
    return r;
  };

  /** A sign-in's answer: the session starts here, unless it is the challenge of a second step (two-factor sign-in: `auth.twoFactor`). */
  const signedIn = async <T extends LoginResponse & { deviceToken?: string }>(r: T | TwoFactorChallenge): Promise<T | TwoFactorChallenge> => {
    if (isTwoFactorChallenge(r)) return r;
    // Keeping it is a convenience: a keychain that refuses it must not fail the sign-in.
    if (core.deviceTokens && r.deviceToken) await Promise.resolve(core.deviceTokens.save(r.deviceToken)).catch(() => {});
    return startSession(r) as Promise<T>;
  };
  /** The headers of a sign-in: the stored device token (apps without cookies) beside the session's. */
  const signInHeaders = async () => {
    const known = core.deviceTokens ? await Promise.resolve(core.deviceTokens.load()).catch(() => null) : null;
    return known ? { ...core.sessionHeaders, [DEVICE_TOKEN_HEADER]: known } : core.sessionHeaders;
  };

  const auth = {
    /** Sends the stored device token (apps without cookies), and keeps the fresh one the answer carries; with two-factor sign-in on, answers the challenge. */
    async login(input: LoginInput) {
      const body = { ...input, rememberMe: !!input.rememberMe };
      return signedIn<PasswordLoginResponse>(await call(op.postAuthLogin, { body, auth: false, headers: await signInHeaders() }));
    },
    /** A sign-in's second step: the challenge the first answered and an authenticator or recovery code, or a passkey's assertion; answers the session. */
    async twoFactor(challenge: string, proof: string | { passkey: z.input<typeof PasskeyAssertion> }) {
      const body = typeof proof === 'string' ? { challenge, code: proof } : { challenge, passkey: proof.passkey };
      const r = await call(op.postAuth2fa, { body, auth: false, headers: await signInHeaders() });
      return (await signedIn(r)) as PasswordLoginResponse;
    },
    /** A sign-in's passkey prompt: request options for navigator.credentials.get() (e.g. @simplewebauthn/browser's startAuthentication). */
    passkeyOptions: (challenge: string) => call(op.postAuth2faPasskeyOptions, { body: { challenge }, auth: false }),
    /** The sign-in providers configured on the server (null: not configured). */
    providers: () => call(op.getAuthProviders, { auth: false }),
    /** `nonce`: the one the browser sent Google, which the ID token must carry. */
    async platform(input: { token: string; platform: 'google' | 'facebook'; nonce?: string }) {
      return signedIn<PasswordLoginResponse>(await call(op.postAuthPlatform, { body: input, auth: false, headers: core.sessionHeaders }));
    },
    async verifyEmail(token: string) {
      return signedIn<PasswordLoginResponse>(await call(op.postAuthVerifyEmail, { body: { token }, auth: false, headers: core.sessionHeaders }));
    },
    /** The link mailed to a new address: confirms the change; signs nobody in. */
    confirmEmailChange: (token: string) => call(op.postAuthConfirmEmailChange, { body: { token }, auth: false }),
    /** "This was not me", from the mail to the old address: cancels the change and ends every session. */
    cancelEmailChange: (token: string) => call(op.postAuthCancelEmailChange, { body: { token }, auth: false }),
    /** Ends the session on the server and here; the local tokens go even when the call fails. */
    async logout() {
      try {
        if (core.getSession()) await call(op.postAuthLogout);
      } catch {
        // Signed out locally regardless.
      } finally {
        await core.setSession(null);
      }
    },
    forgotPassword: (email: string) => call(op.postAuthForgotPassword, { body: { email }, auth: false }),
    resetPassword: (token: string, password: string) => call(op.postAuthResetPassword, { body: { token, password }, auth: false }),
  };

  const users = {
    /** Self-registration (anonymous) or, with an admin session, creation of a user. */
    register: (input: RegisterInput) => call(op.postUsers, { body: input, auth: !!core.getSession() }),
    /** Whether an address is still free for a new account (registration's account step). */
    emailAvailable: (email: string) => call(op.postUsersEmailCheck, { body: { email }, auth: false }),
    /** The card form's settings (public): with a Stripe publishable key the card goes through Stripe Elements. */
    paymentConfig: () => call(op.getPaymentConfig, { auth: false }),
  };

  return { auth, users };
}
