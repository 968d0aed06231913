import { EMBED_TYPES, type EmbedCodeQuery, type EmbedType, type PlaybackInfo } from '@reelbase/api-client';
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

export const isEmbedType = (t: string): t is EmbedType => (EMBED_TYPES as readonly string[]).includes(t);

/** The embed page's content and the embed code of the embedding panel. */
export function createEmbedService(d: { orm: Orm; playback: PlaybackService; publicUrl: string; redirects: RedirectSigner }) {
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
    async page(type: EmbedType, id: string): Promise<PlaybackInfo | null> {
      let info: PlaybackInfo;
      try {
        info = await d.playback.get(id);
      } catch (err) {
        // 404: missing or blocked; 403: the owner is past the monthly bandwidth.
        if (err instanceof HttpError && (err.status === 404 || err.status === 403)) return null;
        throw err;
      }
      if (type === 'mp4') return { ...info, hlsSource: null, processing: !info.mp4Source };
      return info;
    },

    /**
     * The iframe snippet. Sizes that keep the video's aspect ratio (within the panel's rounding)
     * give a responsive box: full width up to the chosen width, height by a padding-top
     * percentage. Other sizes give a fixed iframe (the player letterboxes).
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
      const src = `${embedPageUrl(d.publicUrl, video.id, q.type)}${qs ? `?${qs}` : ''}`;
      const common = `src="${attr(src)}" title="${attr(video.name)}" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen`;
      const { width: w, height: h } = q;
      const vw = video.width ?? 0;
      const vh = video.height ?? 0;
      const keepsRatio = vw > 0 && vh > 0 && (Math.abs(h - (w * vh) / vw) <= 1 || Math.abs(w - (h * vw) / vh) <= 1);
      if (!keepsRatio) return { embed: `<iframe ${common} width="${w}" height="${h}" frameborder="0"></iframe>` };
      const percent = Number(((vh / vw) * 100).toFixed(4));
      return {
        embed:
          `<div style="position:relative;width:100%;max-width:${w}px">` +
          `<div style="position:relative;height:0;padding-top:${percent}%">` +
          `<iframe ${common} style="position:absolute;top:0;left:0;width:100%;height:100%;border:0"></iframe>` +
          '</div></div>',
      };
    },
  };
}
export type EmbedService = ReturnType<typeof createEmbedService>;
