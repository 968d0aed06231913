import { createHash } from 'node:crypto';
import { Router } from '@koa/router';
import { EmbedCodeQuery, EmbedSettingsUpdate, NOT_ON_THIS_SITE_MESSAGE, op } from '@reelbase/api-client';
import { type AuthGuards, currentUser } from '../access/guards.ts';
import { notFound } from '../../http/errors.ts';
import { body, query } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { EmbeddingGuard } from '../playback/embedding.ts';
import { embeddingRequestOf } from '../playback/playback.routes.ts';
import { embedContentSecurityPolicy, renderEmbedPage } from './embed-page.ts';
import { type EmbedService, isEmbedType } from './embed.service.ts';
import type { PlayerAssets } from './player-assets.ts';

/** The public embed page `/embed/{hls|mp4}/{videoId}` and the owner's embed code call. */
export function embedRoutes(d: { embed: EmbedService; assets: PlayerAssets; guards: AuthGuards; embedding: EmbeddingGuard; entries: { script: string; stylesheet: string }; mediaOrigins: string[] }) {
  const csp = embedContentSecurityPolicy(d.mediaOrigins);
  const r = new Router();
  on(r, op.getEmbedByTypeById, async (ctx) => {
    const { type, id } = ctx.params;
    if (!isEmbedType(type)) throw notFound();
    const { playback, locked } = await d.embed.page(type, id);
    // A video with an embed allowlist plays (or asks for its password) only framed by a page of its domains.
    const domains = playback || locked ? await d.embedding.domainsOf(id) : [];
    const refused = !d.embedding.framingAllowed(embeddingRequestOf(ctx), domains);
    const page = renderEmbedPage({
      type,
      videoId: id,
      playback: refused ? null : playback,
      locked: refused ? null : locked,
      // Only a redirect our embed code call signed reaches the player; any other is ignored.
      redirect: !refused && (playback || locked === 'password') ? d.embed.redirectOf(id, ctx.query.redirect, ctx.query.sig) : null,
      script: await d.assets.url(d.entries.script),
      stylesheet: await d.assets.url(d.entries.stylesheet),
      message: refused ? NOT_ON_THIS_SITE_MESSAGE : null,
    });
    // Setting a CSP here also keeps the shared X-Frame-Options: DENY off this page. The refusal
    // may show in any frame; a page that plays, only in frames of the listed domains.
    ctx.set('Content-Security-Policy', refused ? csp : embedContentSecurityPolicy(d.mediaOrigins, d.embedding.frameAncestors(domains)));
    ctx.set('Cache-Control', 'no-cache');
    if (domains.length) ctx.vary('Referer');
    ctx.type = 'text/html; charset=utf-8';
    // Missing or blocked: 404, and the player shows 'This video is not available.'; private: 403
    // and 'This video is private'; password: 200 and the password form; not on this site: 403.
    ctx.status = refused ? 403 : playback || locked === 'password' ? 200 : locked === 'private' ? 403 : 404;
    ctx.etag = createHash('sha256').update(page).digest('base64url').slice(0, 16);
    if (ctx.status === 200 && ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = page;
  });
  on(r, op.getVideosByIdEmbed, d.guards.requireUser, d.guards.requireCanSpend, async (ctx) => {
    ctx.body = await d.embed.code(currentUser(ctx).id, ctx.params.id, query(ctx, EmbedCodeQuery));
  });
  on(r, op.getVideosByIdEmbedSettings, d.guards.requireUser, async (ctx) => {
    ctx.body = await d.embed.settings(currentUser(ctx).id, ctx.params.id);
  });
  on(r, op.putVideosByIdEmbedSettings, d.guards.requireUser, d.guards.requireActive, async (ctx) => {
    ctx.body = await d.embed.saveSettings(currentUser(ctx).id, ctx.params.id, body(ctx, EmbedSettingsUpdate));
  });
  return r;
}
