import { Router } from '@koa/router';
import { NOT_ON_THIS_SITE_MESSAGE, op, PlaybackQuery, UnlockRequest } from '@reelbase/api-client';
import type { Context } from 'koa';
import { type AuthGuards, currentUser } from '../access/guards.ts';
import { forbidden } from '../../http/errors.ts';
import { body, query } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import { addressBucket } from '../limits/address.ts';
import type { RateLimits } from '../limits/rate-limits.ts';
import type { EmbeddingGuard, EmbeddingRequest } from './embedding.ts';
import type { PlaybackService } from './playback.service.ts';

/** What the request says about the page it comes from. */
export const embeddingRequestOf = (ctx: Context): EmbeddingRequest => ({ referer: ctx.get('Referer'), origin: ctx.get('Origin'), fetchDest: ctx.get('Sec-Fetch-Dest') });

/** 403 "This video cannot be played on this site" to a page that is neither ours nor on the video's embed allowlist. */
export async function refuseElsewhere(ctx: Context, embedding: EmbeddingGuard) {
  const domains = await embedding.domainsOf(ctx.params.id);
  if (domains.length) ctx.vary('Origin');
  if (!embedding.callAllowed(embeddingRequestOf(ctx), domains)) throw forbidden(NOT_ON_THIS_SITE_MESSAGE, 'notOnThisSite');
}

/** Anyone may read it from any site, without cookies: it holds only what the player shows. */
export function publicCors(ctx: Context, methods: string) {
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.set('Access-Control-Allow-Methods', methods);
  ctx.set('Access-Control-Allow-Headers', 'Content-Type');
  ctx.set('Access-Control-Max-Age', '600');
  ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
}

export function playbackRoutes(playback: PlaybackService, limits: RateLimits, embedding: EmbeddingGuard) {
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
  on(r, op.getPlaybackById, async (ctx) => {
    publicCors(ctx, 'GET, OPTIONS');
    // Settings and blocking take effect on the next load: revalidate every time. A tokened answer
    // is one viewer's: no shared cache keeps it.
    ctx.set('Cache-Control', 'no-cache');
    const { token, viewer } = query(ctx, PlaybackQuery);
    // A viewer's answer counts an impression of its cover: a page off the allowlist is refused first.
    if (viewer) await refuseElsewhere(ctx, embedding);
    const info = await playback.get(ctx.params.id, { token, viewerId: viewer });
    // A video with an embed allowlist answers only our own pages and pages of its domains.
    if (!viewer) await refuseElsewhere(ctx, embedding);
    // A tokened answer, or one naming a viewer's cover, is one viewer's: no shared cache keeps it.
    if (info.token || viewer) ctx.set('Cache-Control', 'private, no-store');
    ctx.body = info;
  });
  // A password video's viewers: the right password answers a playback token.
  on(r, op.postVideosByIdUnlock, async (ctx) => {
    publicCors(ctx, 'POST, OPTIONS');
    ctx.set('Cache-Control', 'no-store');
    const { password } = body(ctx, UnlockRequest);
    await refuseElsewhere(ctx, embedding);
    // Counted before argon2 runs: per address on this video, and per address on all videos.
    await limits.take('video-unlock', { account: `${ctx.params.id}\n${addressBucket(ctx.ip)}`, address: ctx.ip });
    ctx.body = await playback.unlock(ctx.params.id, password, ctx.ip);
  });
  return r;
}

/**
 * GET /api/videos/:id/preview: the playback answer of the app's own players (the owner's and team
 * members' previews), for any visibility, with a preview token that is not charged to the plan.
 * `mayView` throws (404) unless the signed-in account may see the video.
 */
export function playbackPreviewRoutes(playback: PlaybackService, mayView: (userId: string, id: string) => Promise<unknown>, guards: AuthGuards) {
  const r = new Router();
  on(r, op.getVideosByIdPreview, guards.requireUser, async (ctx) => {
    await mayView(currentUser(ctx).id, ctx.params.id);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await playback.preview(ctx.params.id);
  });
  return r;
}
