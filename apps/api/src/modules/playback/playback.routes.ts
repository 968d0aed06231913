import { Router } from '@koa/router';
import type { Context } from 'koa';
import { NOT_ON_THIS_SITE_MESSAGE } from '@reelbase/api-client';
import { forbidden } from '../../http/errors.ts';
import type { EmbeddingGuard, EmbeddingRequest } from './embedding.ts';
import type { PlaybackService } from './playback.service.ts';

/** What the request says about the page it comes from. */
export const embeddingRequestOf = (ctx: Context): EmbeddingRequest => ({ referer: ctx.get('Referer'), origin: ctx.get('Origin'), fetchDest: ctx.get('Sec-Fetch-Dest') });

/** Anyone may read it from any site, without cookies: it holds only what the player shows. */
export function publicCors(ctx: Context, methods: string) {
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.set('Access-Control-Allow-Methods', methods);
  ctx.set('Access-Control-Allow-Headers', 'Content-Type');
  ctx.set('Access-Control-Max-Age', '600');
  ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
}

export function playbackRoutes(playback: PlaybackService, embedding: EmbeddingGuard) {
  const r = new Router({ prefix: '/api/playback' });
  r.options('/:id', (ctx) => {
    publicCors(ctx, 'GET, OPTIONS');
    ctx.status = 204;
  });
  r.get('/:id', async (ctx) => {
    publicCors(ctx, 'GET, OPTIONS');
    // Settings and blocking take effect on the next load: revalidate every time.
    ctx.set('Cache-Control', 'no-cache');
    const info = await playback.get(ctx.params.id);
    // A video with an embed allowlist answers only our own pages and pages of its domains.
    const domains = await embedding.domainsOf(ctx.params.id);
    if (domains.length) ctx.vary('Origin');
    if (!embedding.callAllowed(embeddingRequestOf(ctx), domains)) throw forbidden(NOT_ON_THIS_SITE_MESSAGE, 'notOnThisSite');
    ctx.body = info;
  });
  return r;
}
