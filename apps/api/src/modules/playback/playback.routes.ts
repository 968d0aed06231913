import { Router } from '@koa/router';
import { PlaybackQuery, UnlockRequest } from '@reelbase/api-client';
import type { Context } from 'koa';
import { body, query } from '../../http/validate.ts';
import { addressBucket } from '../limits/address.ts';
import type { RateLimits } from '../limits/rate-limits.ts';
import type { PlaybackService } from './playback.service.ts';

/** Anyone may read it from any site, without cookies: it holds only what the player shows. */
export function publicCors(ctx: Context, methods: string) {
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.set('Access-Control-Allow-Methods', methods);
  ctx.set('Access-Control-Allow-Headers', 'Content-Type');
  ctx.set('Access-Control-Max-Age', '600');
  ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
}

export function playbackRoutes(playback: PlaybackService, limits: RateLimits) {
  const r = new Router();
  // Preflights of both calls: any site may make them, without cookies.
  for (const [path, methods] of [
    ['/api/playback/:id', 'GET, OPTIONS'],
    ['/api/videos/:id/unlock', 'POST, OPTIONS'],
  ])
    r.options(path, (ctx) => {
      publicCors(ctx, methods);
      ctx.status = 204;
    });
  r.get('/api/playback/:id', async (ctx) => {
    publicCors(ctx, 'GET, OPTIONS');
    // Settings and blocking take effect on the next load: revalidate every time. A tokened answer
    // is one viewer's: no shared cache keeps it.
    ctx.set('Cache-Control', 'no-cache');
    const { token } = query(ctx, PlaybackQuery);
    const info = await playback.get(ctx.params.id, { token });
    if (info.token) ctx.set('Cache-Control', 'private, no-store');
    ctx.body = info;
  });
  // A password video's viewers: the right password answers a playback token.
  r.post('/api/videos/:id/unlock', async (ctx) => {
    publicCors(ctx, 'POST, OPTIONS');
    ctx.set('Cache-Control', 'no-store');
    const { password } = body(ctx, UnlockRequest);
    // Counted before argon2 runs: per address on this video, and per address on all videos.
    await limits.take('video-unlock', { account: `${ctx.params.id}\n${addressBucket(ctx.ip)}`, address: ctx.ip });
    ctx.body = await playback.unlock(ctx.params.id, password, ctx.ip);
  });
  return r;
}
