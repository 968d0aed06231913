import { createHash } from 'node:crypto';
import { Router } from '@koa/router';
import { OEmbedQuery, op } from '@reelbase/api-client';
import type { Context } from 'koa';
import { notFound } from '../../http/errors.ts';
import { query } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import { embedContentSecurityPolicy } from '../embed/embed-page.ts';
import type { PlayerAssets } from '../embed/player-assets.ts';
import { publicCors } from '../playback/playback.routes.ts';
import { renderSharePage, SHARE_PAGE_STYLE_HASH } from './share-page.ts';
import type { ShareService } from './share.service.ts';
import { renderRobots, renderSitemapIndex, renderUrlSet, type SitemapPage } from './sitemap.ts';

/** Text answers that change when videos do: a short shared cache, revalidated by ETag. */
function sendText(ctx: Context, type: string, body: string, cacheControl: string) {
  ctx.type = type;
  ctx.set('Cache-Control', cacheControl);
  ctx.etag = createHash('sha256').update(body).digest('base64url').slice(0, 16);
  if (ctx.status === 200 && ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.body = body;
}

/** `/watch/{id}`, `/oembed`, `/sitemap.xml` (and its pages), `/robots.txt`: HTTP only, the rules are the service's. */
export function shareRoutes(d: { share: ShareService; assets: PlayerAssets; entries: { script: string; stylesheet: string }; mediaOrigins: string[]; publicUrl: string; extraUrls?: () => Promise<SitemapPage[]> }) {
  // The embed page's policy, not framed (the embed page is for frames), with the page's inline style by hash.
  const csp = embedContentSecurityPolicy(d.mediaOrigins, "'none'", [SHARE_PAGE_STYLE_HASH]);
  const r = new Router();

  on(r, op.getWatchById, async (ctx) => {
    const { status, model } = await d.share.page(ctx.params.id);
    const page = renderSharePage({ ...model, script: await d.assets.url(d.entries.script), stylesheet: await d.assets.url(d.entries.stylesheet) });
    ctx.set('Content-Security-Policy', csp);
    // Visibility and blocks take effect on the next load; a page carrying a playback token is one viewer's.
    ctx.status = status;
    sendText(ctx, 'text/html; charset=utf-8', page, model.playback?.token ? 'private, no-store' : 'no-cache');
  });

  on(r, op.getOembed, async (ctx) => {
    publicCors(ctx, 'GET, OPTIONS');
    ctx.body = await d.share.oembed(query(ctx, OEmbedQuery));
    ctx.set('Cache-Control', 'public, max-age=300');
  });

  on(r, op.getSitemapXml, async (ctx) => {
    const pages = await d.share.sitemapPages();
    const body =
      pages === 1
        ? renderUrlSet((await d.share.sitemapPage(1)) ?? [], (await d.extraUrls?.()) ?? [])
        : renderSitemapIndex(Array.from({ length: pages }, (_, i) => `${d.publicUrl}/sitemaps/${i + 1}.xml`));
    sendText(ctx, 'application/xml; charset=utf-8', body, 'public, max-age=3600');
  });

  on(r, op.getSitemapsByFile, async (ctx) => {
    const page = /^([1-9]\d{0,8})\.xml$/.exec(ctx.params.file)?.[1];
    const videos = page ? await d.share.sitemapPage(Number(page)) : null;
    if (!videos) throw notFound('No such sitemap.');
    // Pages other than videos' (public showcases) go in the first file.
    sendText(ctx, 'application/xml; charset=utf-8', renderUrlSet(videos, page === '1' ? ((await d.extraUrls?.()) ?? []) : []), 'public, max-age=3600');
  });

  on(r, op.getRobotsTxt, (ctx) => {
    sendText(ctx, 'text/plain; charset=utf-8', renderRobots(`${d.publicUrl}/sitemap.xml`), 'public, max-age=86400');
  });

  return r;
}
