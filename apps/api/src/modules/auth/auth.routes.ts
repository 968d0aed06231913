import { Router } from '@koa/router';
import { DEVICE_TOKEN_HEADER, EmailChangeTokenRequest, ForgotPasswordRequest, isTwoFactorChallenge, LoginRequest, MESSAGES, op, PlatformLoginRequest, RefreshRequest, ResetPasswordRequest, TwoFactorSignInRequest, VerifyEmailRequest } from '@reelbase/api-client';
import type { AuthGuards, AuthState } from '../access/guards.ts';
import { body } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { RateLimits } from '../limits/rate-limits.ts';
import type { Context } from 'koa';
import type { TwoFactorService } from '../two-factor/two-factor.service.ts';
import type { AuthService, SignInAnswer } from './auth.service.ts';
import type { DeviceTokens } from './device-tokens.ts';
import type { RefreshCookie } from './refresh-cookie.ts';

export function authRoutes(auth: AuthService, twoFactor: TwoFactorService, guards: AuthGuards, limits: RateLimits, devices: DeviceTokens, cookie: RefreshCookie) {
  const r = new Router();
  /** A sign-in's answer: the second step's challenge as it is (no token, no cookie), or the session. */
  const answerSignIn = (ctx: Context, answer: SignInAnswer) => {
    if (isTwoFactorChallenge(answer)) {
      ctx.body = answer;
      return;
    }
    // Browsers keep the device token where scripts cannot read it; the desktop stores the body's.
    if (answer.deviceToken) ctx.append('Set-Cookie', devices.cookie(answer.deviceToken));
    cookie.answer(ctx, answer);
  };
  // The spec puts refresh outside /api.
  on(r, op.postAuthRefresh, async (ctx) => {
    cookie.answer(ctx, await auth.refresh(cookie.fromCookie(ctx) ?? body(ctx, RefreshRequest).refreshToken));
  });
  on(r, op.postAuthLogin, async (ctx) => {
    const answer = await auth.login(body(ctx, LoginRequest), {
      address: ctx.ip,
      userAgent: ctx.get('user-agent').slice(0, 200),
      deviceTokens: devices.fromRequest(ctx.get(DEVICE_TOKEN_HEADER), ctx.get('cookie')),
    });
    answerSignIn(ctx, answer);
  });
  on(r, op.postAuthPlatform, async (ctx) => {
    const input = body(ctx, PlatformLoginRequest);
    // Each attempt costs a call to Google or Facebook.
    await limits.take('platform-sign-in', { address: ctx.ip });
    answerSignIn(ctx, await auth.platformLogin(input));
  });
  on(r, op.postAuth2fa, async (ctx) => {
    const input = body(ctx, TwoFactorSignInRequest);
    const proof = input.passkey ? { passkey: input.passkey } : { code: input.code ?? '' };
    answerSignIn(ctx, await twoFactor.completeSignIn(input.challenge, proof, { address: ctx.ip, userAgent: ctx.get('user-agent').slice(0, 200) }));
  });
  on(r, op.getAuthProviders, (ctx) => {
    ctx.body = auth.providers();
  });
  on(r, op.postAuthLogout, guards.requireUser, async (ctx) => {
    await auth.logout((ctx.state as AuthState).claims);
    cookie.clear(ctx);
    ctx.body = { message: 'Signed out' };
  });
  on(r, op.postAuthForgotPassword, async (ctx) => {
    const { email } = body(ctx, ForgotPasswordRequest);
    await limits.take('forgot-password', { account: email, address: ctx.ip });
    await auth.forgotPassword(email);
    ctx.body = { message: MESSAGES.messageSent };
  });
  on(r, op.postAuthResetPassword, async (ctx) => {
    const { token, password } = body(ctx, ResetPasswordRequest);
    await auth.resetPassword(token, password);
    ctx.body = { message: MESSAGES.passwordUpdated };
  });
  on(r, op.postAuthVerifyEmail, async (ctx) => {
    answerSignIn(ctx, await auth.verifyEmail(body(ctx, VerifyEmailRequest).token));
  });
  on(r, op.postAuthConfirmEmailChange, async (ctx) => {
    ctx.body = await auth.confirmEmailChange(body(ctx, EmailChangeTokenRequest).token);
  });
  on(r, op.postAuthCancelEmailChange, async (ctx) => {
    ctx.body = await auth.cancelEmailChange(body(ctx, EmailChangeTokenRequest).token);
  });
  return r;
}
