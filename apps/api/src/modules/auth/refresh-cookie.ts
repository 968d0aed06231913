import { ERROR_CODES, REFRESH_COOKIE } from '@reelbase/api-client';
import type { Context } from 'koa';
import { unauthorized } from '../../http/errors.ts';
import type { Tokens } from './auth.service.ts';

/**
 * The web app's refresh token as an HttpOnly, SameSite=Strict cookie that only POST /auth/refresh
 * receives (Secure when PUBLIC_URL is https), for clients that ask with the
 * X-Refresh-Token-Transport: cookie header; everyone else keeps getting it in the body. The cookie
 * is read only when that header is present: a cross-site form cannot send it, and a cross-site
 * fetch that tries needs a CORS preflight this API refuses (SameSite=Strict already keeps the
 * cookie off cross-site requests).
 */
export function refreshCookie(o: { secure: boolean }) {
  const attributes = `Path=${REFRESH_COOKIE.path}; HttpOnly; SameSite=Strict${o.secure ? '; Secure' : ''}`;
  const wantsCookie = (ctx: Context) => ctx.get(REFRESH_COOKIE.header).toLowerCase() === REFRESH_COOKIE.headerValue;
  // Written by hand: Koa's cookie helper refuses Secure on a plain-http hop behind a TLS proxy.
  const setCookie = (ctx: Context, value: string, expires: Date) => {
    const maxAge = Math.max(0, Math.floor((expires.getTime() - Date.now()) / 1000));
    ctx.append('Set-Cookie', `${REFRESH_COOKIE.name}=${value}; Expires=${expires.toUTCString()}; Max-Age=${maxAge}; ${attributes}`);
  };

  return {
    /** The refresh token of a cookie-mode call that sent none in its body (a 401 when the cookie is gone too). */
    fromCookie(ctx: Context): string | null {
      if (!wantsCookie(ctx) || (ctx.request.body as { refreshToken?: unknown } | undefined)?.refreshToken !== undefined) return null;
      const token = ctx.cookies.get(REFRESH_COOKIE.name);
      if (!token) throw unauthorized('Invalid refresh token', ERROR_CODES.invalidToken);
      return token;
    },
    /** Answers a session's tokens: in cookie mode the refresh token goes into the cookie and out of the body. */
    answer<T extends Tokens>(ctx: Context, issued: T) {
      const { refreshExpiresAt, ...body } = issued;
      if (!wantsCookie(ctx)) {
        ctx.body = body;
        return;
      }
      const { refreshToken, ...rest } = body;
      setCookie(ctx, refreshToken, refreshExpiresAt);
      ctx.body = rest;
    },
    /** Sign-out: the browser drops the cookie (whatever the client asked for; it is dead anyway). */
    clear(ctx: Context) {
      setCookie(ctx, '', new Date(0));
    },
  };
}
export type RefreshCookie = ReturnType<typeof refreshCookie>;
