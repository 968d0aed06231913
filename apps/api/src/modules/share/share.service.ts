import { NOT_ON_THIS_SITE_MESSAGE, type OEmbedQuery, type OEmbedVideo, type PlaybackInfo, sharePagePath } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { transcriptsOf } from '../captions/captions.service.ts';
import { type EmbedService, embedPageUrl, fixedIframe } from '../embed/embed.service.ts';
import { sqlOf } from '../../db/sql.ts';
import { NOT_AVAILABLE, type PlaybackService } from '../playback/playback.service.ts';
import { User } from '../users/user.entity.ts';
import { Video } from '../videos/video.entity.ts';
import type { SharePageModel } from './share-page.ts';
import { shareQueries } from './share.queries.ts';
import type { SitemapVideo } from './sitemap.ts';

const SHARE_OR_EMBED_PATH = /^\/(?:watch|embed\/(?:hls|mp4))\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
/** The size an oEmbed answer starts from when the video's own is not known yet. */
const OEMBED_FALLBACK = { width: 640, height: 360 };

/** Visibilities a stranger with the link may watch (and so may learn the title of). */
const WATCHABLE_BY_LINK = new Set(['public', 'unlisted']);

/** The share page, oEmbed and the sitemap: what strangers and crawlers learn of a video, and when. */
export function createShareService(d: { orm: Orm; playback: PlaybackService; embed: EmbedService; publicUrl: string; siteName: string; sitemapPageSize: number }) {
  const pageUrl = (id: string) => `${d.publicUrl}${sharePagePath(id)}`;
  // The sitemap reads on the connection, outside any transaction.
  const conn = sqlOf(d.orm.em.getConnection());

  /** The playback answer, or null when the video may not be shown at all (missing, blocked, owner past the bandwidth). */
  async function playable(id: string): Promise<PlaybackInfo | null> {
    try {
      return await d.playback.get(id);
    } catch (err) {
      if (err instanceof HttpError && (err.status === 404 || err.status === 403)) return null;
      throw err;
    }
  }

  return {
    /**
     * The share page's content and status: 200 playing (or asking for the password, as the embed
     * does), 403 private or not playable here, 404 not available.
     */
    async page(id: string): Promise<{ status: number; model: SharePageModel }> {
      const base = { videoId: id, canonicalUrl: pageUrl(id), siteName: d.siteName, indexable: false, logoUrl: null, meta: null, playback: null, locked: null, message: null, transcripts: [] };
      // What the embed page shows for it: the player, the private notice or the password form.
      const { playback, locked } = await d.embed.page('hls', id);
      // Nothing of a private or password video (not even its title) reaches a stranger's page.
      if (locked) return { status: locked === 'private' ? 403 : 200, model: { ...base, locked } };
      const em = d.orm.em.fork();
      const video = playback ? await em.findOne(Video, { id: playback.id }) : null;
      if (!playback || !video) return { status: 404, model: { ...base, message: NOT_AVAILABLE } };
      const owner = await em.findOne(User, { id: video.userId }, { fields: ['playerLogo'] });
      // The share page is not one of the listed domains: a video with a list plays only framed by them.
      const allowed = video.allowedDomains.length === 0;
      return {
        status: allowed ? 200 : 403,
        model: {
          ...base,
          indexable: video.visibility === 'public',
          logoUrl: owner?.playerLogo ?? null,
          meta: {
            name: video.name,
            embedUrl: embedPageUrl(d.publicUrl, id),
            oembedUrl: `${d.publicUrl}/oembed?${new URLSearchParams({ url: pageUrl(id), format: 'json' })}`,
            // The poster as the player gets it: tokened when the video is not public (its files need one).
            thumbnailUrl: playback.poster,
            width: video.width ?? null,
            height: video.height ?? null,
            durationSec: video.durationSec ?? null,
            uploadDate: video.createdAt.toISOString(),
            // A tokened URL (an unlisted video's) expires: structured data gets the embed URL only.
            contentUrl: playback.token ? null : playback.mp4Source,
            playable: allowed,
            description: video.description ?? '',
            tags: video.tags ?? [],
          },
          playback: allowed ? playback : null,
          message: allowed ? null : NOT_ON_THIS_SITE_MESSAGE,
          transcripts: allowed ? await transcriptsOf(sqlOf(em), video.id) : [],
        },
      };
    },

    /** oEmbed 1.0 for a share or embed URL of this site: public and unlisted videos only (404 for the rest, 501 for XML). */
    async oembed(q: OEmbedQuery): Promise<OEmbedVideo> {
      if (q.format !== 'json') throw new HttpError(501, 'Only format=json is supported.');
      const id = videoIdOfUrl(q.url, d.publicUrl);
      const video = id ? await d.orm.em.fork().findOne(Video, { id }, { fields: ['id', 'name', 'visibility', 'width', 'height'] }) : null;
      const info = video && WATCHABLE_BY_LINK.has(video.visibility) ? await playable(video.id) : null;
      if (!video || !info) throw notFound('No video at this address.');
      const { width, height } = fitWithin(video.width && video.height ? { width: video.width, height: video.height } : OEMBED_FALLBACK, q.maxwidth, q.maxheight);
      return {
        type: 'video',
        version: '1.0',
        title: video.name,
        provider_name: d.siteName,
        provider_url: d.publicUrl,
        html: fixedIframe({ src: embedPageUrl(d.publicUrl, video.id), title: video.name, width, height }),
        width,
        height,
        ...(info.poster && {
          thumbnail_url: info.poster,
          ...(video.width && video.height ? { thumbnail_width: video.width, thumbnail_height: video.height } : {}),
        }),
      };
    },

    /** How many sitemap files the listed videos fill (1 at least: an empty sitemap is still one). */
    async sitemapPages(): Promise<number> {
      const row = await shareQueries.listedCount(conn);
      return Math.max(1, Math.ceil(Number(row?.n ?? 0) / d.sitemapPageSize));
    },

    /** One sitemap file of listed videos (1-based), oldest first; null past the last. */
    async sitemapPage(page: number): Promise<SitemapVideo[] | null> {
      if (!Number.isSafeInteger(page) || page < 1) return null;
      const rows = await shareQueries.listedPage(conn, d.sitemapPageSize, (page - 1) * d.sitemapPageSize);
      if (rows.length === 0 && page > 1) return null;
      return rows.map((r) => ({
        pageUrl: pageUrl(r.id),
        embedUrl: embedPageUrl(d.publicUrl, r.id),
        contentUrl: null,
        name: r.name,
        thumbnailUrl: r.image_url,
        durationSec: r.duration_sec,
        createdAt: new Date(r.created_at),
      }));
    },
  };
}
export type ShareService = ReturnType<typeof createShareService>;

/** The video id of a share (`/watch/{id}`) or embed (`/embed/{type}/{id}`) URL of this site; null for any other. */
export function videoIdOfUrl(url: string, publicUrl: string): string | null {
  if (!URL.canParse(url)) return null;
  const u = new URL(url);
  const own = new URL(publicUrl);
  // Either scheme: a page shared as http:// of an https:// site is still ours.
  if (!/^https?:$/.test(u.protocol) || u.host !== own.host) return null;
  return SHARE_OR_EMBED_PATH.exec(u.pathname)?.[1]?.toLowerCase() ?? null;
}

/** The largest size of this aspect ratio within maxwidth x maxheight (the size itself when it fits). */
export function fitWithin(size: { width: number; height: number }, maxWidth?: number, maxHeight?: number): { width: number; height: number } {
  const scale = Math.min(1, maxWidth ? maxWidth / size.width : 1, maxHeight ? maxHeight / size.height : 1);
  return { width: Math.max(1, Math.floor(size.width * scale)), height: Math.max(1, Math.floor(size.height * scale)) };
}
