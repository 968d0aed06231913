import { Router } from '@koa/router';
import type { Context } from 'koa';
import type { PlaybackService } from './playback.service.ts';

/** Anyone may read it from any site, without cookies: it holds only what the player shows. */
export function publicCors(ctx: Context, methods: string) {
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.set('Access-Control-Allow-Methods', methods);
  ctx.set('Access-Control-Allow-Headers', 'Content-Type');
  ctx.set('Access-Control-Max-Age', '600');
  ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
}

export function playbackRoutes(playback: PlaybackService) {
  const r = new Router({ prefix: '/api/playback' });
  r.options('/:id', (ctx) => {
    publicCors(ctx, 'GET, OPTIONS');
    ctx.status = 204;
  });
  r.get('/:id', async (ctx) => {
    publicCors(ctx, 'GET, OPTIONS');
    // Settings and blocking take effect on the next load: revalidate every time.
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await playback.get(ctx.params.id);
  });
  return r;
}
