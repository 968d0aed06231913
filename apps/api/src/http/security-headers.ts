import type { Context, Next } from 'koa';

/** Conservative headers for API answers and the app; the embed page relaxes framing itself. */
export async function securityHeaders(ctx: Context, next: Next) {
  await next();
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  // The web app's pages set their own (static-web.ts: its sign-in windows).
  if (!ctx.response.get('Cross-Origin-Opener-Policy')) ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
  if (!ctx.response.get('X-Frame-Options') && !ctx.response.get('Content-Security-Policy')) {
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Content-Security-Policy', "frame-ancestors 'none'");
  }
  if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=15552000; includeSubDomains');
}
