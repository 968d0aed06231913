import { EMBED_SETTINGS_DEFAULT, EMBED_TYPES, PLAYBACK_LOCKS, type EmbedCodeQuery, type EmbedSettings, type EmbedSettingsUpdate, type EmbedType, type PlaybackInfo } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { Video } from '../videos/video.entity.ts';
import type { PlaybackService } from '../playback/playback.service.ts';
import type { RedirectSigner } from './redirect-signature.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Text made safe inside a double-quoted HTML attribute. */
export const attr = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The public player page of a video (what embed codes and GIF snippets point at). */
export const embedPageUrl = (publicUrl: string, id: string, type: EmbedType = 'hls') => `${publicUrl}/embed/${type}/${id}`;

/** Why the embed page shows no player: 'private' (a message), 'password' (the password form). */
export type EmbedLock = 'private' | 'password';

export const isEmbedType = (t: string): t is EmbedType => (EMBED_TYPES as readonly string[]).includes(t);

const IFRAME_ALLOW = 'allow="autoplay; fullscreen; picture-in-picture" allowfullscreen';

/** An iframe of the embed page at a fixed size (the embed code's fixed variant, oEmbed's html). */
export const fixedIframe = (o: { src: string; title: string; width: number; height: number }) =>
  `<iframe src="${attr(o.src)}" title="${attr(o.title)}" ${IFRAME_ALLOW} width="${o.width}" height="${o.height}" style="border:0" frameborder="0"></iframe>`;

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
/** The video's aspect ratio as a CSS `aspect-ratio` value (16 / 9 while its size is unknown). */
export function cssAspectRatio(width: number | null | undefined, height: number | null | undefined): string {
  if (!width || !height || width <= 0 || height <= 0) return '16 / 9';
  const g = gcd(width, height);
  return `${width / g} / ${height / g}`;
}

/** The embed page's content and the embed code of the embedding panel. */
export function createEmbedService(d: {
  orm: Orm;
  playback: PlaybackService;
  publicUrl: string;
  /** Where a team's embed codes point: its verified custom domain (modules/domains), else PUBLIC_URL. */
  originFor?: (teamId: string) => Promise<string>;
  redirects: RedirectSigner;
}) {
  const originFor = d.originFor ?? (async () => d.publicUrl);
  return {
    /** The redirect of an embed URL when this server signed it for this video; null otherwise. */
    redirectOf(id: string, target: unknown, sig: unknown): string | null {
      return d.redirects.verify(id, target, sig) ? target : null;
    },

    /**
     * The playback answer the embed page carries inline, or null when the video may not be shown
     * (the player then asks the playback call itself and shows its 'not available' message).
     * An mp4 embed plays the mp4 only; an hls embed plays HLS with the mp4 as fallback.
     */
    async page(type: EmbedType, id: string): Promise<{ playback: PlaybackInfo | null; locked: EmbedLock | null }> {
      let info: PlaybackInfo;
      try {
        info = await d.playback.get(id);
      } catch (err) {
        // A private video says so; a password one shows the password form (the player unlocks it).
        if (err instanceof HttpError && err.code === PLAYBACK_LOCKS.private) return { playback: null, locked: 'private' };
        if (err instanceof HttpError && err.code === PLAYBACK_LOCKS.password) return { playback: null, locked: 'password' };
        // 404: missing or blocked; 403: the owner is past the monthly bandwidth.
        if (err instanceof HttpError && (err.status === 404 || err.status === 403)) return { playback: null, locked: null };
        throw err;
      }
      if (type === 'mp4') return { playback: { ...info, hlsSource: null, processing: !info.mp4Source }, locked: null };
      return { playback: info, locked: null };
    },

    /**
     * The iframe snippet. Without a size it is responsive: a full-width box with the video's
     * aspect ratio (CSS `aspect-ratio`), the iframe filling it, so it fits any column at any
     * width. With a width or height it is a fixed iframe of that size (a missing side follows
     * the video's aspect ratio, as the panel's 'Maintain aspect ratio' does).
     */
    async code(userId: string, id: string, q: EmbedCodeQuery): Promise<{ embed: string }> {
      const video = UUID.test(id) ? await d.orm.em.fork().findOne(Video, { id, userId }, { fields: ['id', 'name', 'width', 'height'] }) : null;
      if (!video) throw notFound('Video not found');
      const query = new URLSearchParams();
      if (q.redirect) {
        // Signed, so the embed page follows it (and no redirect put there by anyone else).
        query.set('redirect', q.redirect);
        query.set('sig', d.redirects.sign(video.id, q.redirect));
      }
      if (q['new-window']) query.set('new-window', '1');
      const qs = query.toString();
      const src = `${embedPageUrl(await originFor(userId), video.id, q.type)}${qs ? `?${qs}` : ''}`;
      const common = `src="${attr(src)}" title="${attr(video.name)}" ${IFRAME_ALLOW}`;
      const vw = video.width ?? 0;
      const vh = video.height ?? 0;
      if (q.width === undefined && q.height === undefined) {
        return {
          embed:
            `<div style="position:relative;width:100%;aspect-ratio:${cssAspectRatio(vw, vh)}">` +
            `<iframe ${common} style="position:absolute;inset:0;width:100%;height:100%;border:0"></iframe></div>`,
        };
      }
      const ratio = vw > 0 && vh > 0 ? vw / vh : null;
      const side = (given: number | undefined, fromOther: number | null) => given ?? (fromOther ? Math.max(1, Math.round(fromOther)) : EMBED_SETTINGS_DEFAULT.width);
      const w = side(q.width, ratio && q.height ? q.height * ratio : null);
      const h = side(q.height, ratio && q.width ? q.width / ratio : null);
      return { embed: fixedIframe({ src, title: video.name, width: w, height: h }) };
    },

    /** The embedding panel's saved choices of the owner's video (the defaults until one is changed). */
    async settings(userId: string, id: string): Promise<EmbedSettings> {
      const video = UUID.test(id) ? await d.orm.em.fork().findOne(Video, { id, userId }, { fields: ['id', 'embedSettings'] }) : null;
      if (!video) throw notFound('Video not found');
      return { ...EMBED_SETTINGS_DEFAULT, ...video.embedSettings };
    },

    /** Saves the changed choices over the saved ones; answers with all of them. */
    async saveSettings(userId: string, id: string, changes: EmbedSettingsUpdate): Promise<EmbedSettings> {
      const em = d.orm.em.fork();
      const video = UUID.test(id) ? await em.findOne(Video, { id, userId }) : null;
      if (!video) throw notFound('Video not found');
      video.embedSettings = { ...EMBED_SETTINGS_DEFAULT, ...video.embedSettings, ...changes };
      await em.flush();
      return video.embedSettings;
    },
  };
}
export type EmbedService = ReturnType<typeof createEmbedService>;
