import type { Gif as GifDto, GifCreate, GifList } from '@reelbase/api-client';
import { GIF_MESSAGES, redirectHref } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { conflict, notFound, unprocessable } from '../../http/errors.ts';
import { JOBS, type MakeGifJob } from '../../queue/job-contract.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { Storage } from '../../storage/storage.ts';
import { attr, embedPageUrl } from '../embed/embed.service.ts';
import type { StorageQuota } from '../videos/quota/storage-quota.ts';
import type { VideosService } from '../videos/videos.service.ts';
import { pageMeta } from '../videos/video-view.ts';
import { Video } from '../videos/video.entity.ts';
import { type PlaybackTokens, withToken } from '../playback/playback-tokens.ts';
import { Gif, type IGif } from './gif.entity.ts';

/** How long POST /api/gifs waits for its worker: the queue, two ffmpeg passes of up to 60 s of video. */
const GIF_TIMEOUT_MS = 180_000;
const UUID = /^[0-9a-f-]{36}$/i;

/**
 * At most what a GIF of the clip and its MP4 snippet take: half a byte per pixel of every frame
 * (a palette GIF of video runs well under; the snippet is far smaller). `size` is ffmpeg's
 * width:height, -1 keeping the video's aspect ratio.
 */
export function gifBytes(clipSec: number, fps: number, size: string, video: { width: number | null; height: number | null }): number {
  const [w, h] = size.split(':').map(Number);
  const aspect = video.width && video.height ? video.width / video.height : 16 / 9;
  const width = w > 0 ? w : h * aspect;
  const height = h > 0 ? h : w / aspect;
  return Math.ceil((Math.max(0, clipSec) * fps * width * height) / 2);
}

export function createGifsService(d: { orm: Orm; storage: Storage; queue: JobQueue; quota: StorageQuota; videos: VideosService; publicUrl: string; tokens?: PlaybackTokens }) {
  /** The snippets link to the redirect URL when set, else to the video's embed page. */
  function toGif(g: IGif, token: string | null = null): GifDto {
    const href = g.redirectToUrl ? redirectHref(g.redirectToUrl) : embedPageUrl(d.publicUrl, g.videoId);
    const link = (inner: string) => `<a href="${attr(href)}" target="_blank" rel="noopener">${inner}</a>`;
    const source = d.storage.url(g.gifKey);
    const mp4Source = d.storage.url(g.mp4Key);
    const size = `width="${g.width}" height="${g.height}"`;
    // The owner's previews of a GIF of a video that is not public carry its playback token; the
    // snippets keep the lasting URL (served once the video is public again).
    const signed = (url: string) => (token ? withToken(url, g.videoId, token) : url);
    return {
      id: g.id,
      videoId: g.videoId,
      embed: link(`<img src="${attr(source)}" ${size} alt="" style="border:0">`),
      source: signed(source),
      size: g.gifSize,
      mp4Embed: link(`<video src="${attr(mp4Source)}" ${size} autoplay muted loop playsinline style="border:0"></video>`),
      mp4Source: signed(mp4Source),
      mp4Size: g.mp4Size,
      width: g.width,
      height: g.height,
      startTime: g.startTime,
      endTime: g.endTime,
      fps: g.fps,
      textInfo: g.textInfo,
      redirectToUrl: g.redirectToUrl ?? null,
      createdAt: g.createdAt.toISOString(),
    };
  }

  return {
    /**
     * Makes the GIF in a make-gif job and answers when it is stored (like a cover from a frame):
     * the dialog shows the embed code at once. The end is clipped to the video's end as well.
     */
    async create(userId: string, input: GifCreate): Promise<GifDto> {
      const video = await d.videos.get(userId, input.videoId);
      await d.videos.requireFeature(userId, 'createGif');
      if (!video.isMainReady) throw conflict(GIF_MESSAGES.busy);
      const duration = video.metadata.durationSec ?? 0;
      if (input.startTime >= duration) throw unprocessable({ startTime: GIF_MESSAGES.startPastEnd });
      const gifId = crypto.randomUUID();
      const job: MakeGifJob = { ...input, endTime: Math.min(input.endTime, duration), gifId, userId, redirectToUrl: input.redirectToUrl ?? null };
      // Reserved while it is made (413 when it does not fit); once stored, its own bytes count.
      const bytes = gifBytes(job.endTime - job.startTime, job.fps, job.size, video.metadata.video);
      await d.queue.sendAndWait(JOBS.makeGif, job, GIF_TIMEOUT_MS, { userId, bytes });
      const gif = await d.orm.em.fork().findOneOrFail(Gif, { id: gifId });
      return toGif(gif, video.playbackToken?.token ?? null);
    },

    /** The caller's GIFs (optionally of one video), newest first. */
    async list(userId: string, q: { limit: number; page: number; 'video-id'?: string }): Promise<GifList> {
      const where = { userId, ...(q['video-id'] ? { videoId: q['video-id'] } : {}) };
      const em = d.orm.em.fork();
      const [rows, total] = await em.findAndCount(Gif, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: q.limit, offset: (q.page - 1) * q.limit });
      const ids = [...new Set(rows.map((g) => g.videoId))];
      const locked = ids.length && d.tokens ? await em.find(Video, { id: { $in: ids }, visibility: { $ne: 'public' } }, { fields: ['id', 'privacyVersion'] }) : [];
      const tokens = new Map(locked.map((v) => [v.id, d.tokens?.issue(v.id, v.privacyVersion).token ?? null]));
      return { items: rows.map((g) => toGif(g, tokens.get(g.videoId) ?? null)), meta: pageMeta(q.page, q.limit, total) };
    },

    /** Deletes the row, then its files (a GIF that is gone from the list is never half there). */
    async remove(userId: string, id: string) {
      const em = d.orm.em.fork();
      const gif = UUID.test(id) ? await em.findOne(Gif, { id, userId }) : null;
      if (!gif) throw notFound('GIF not found');
      await em.remove(gif).flush();
      await d.storage.delete(gif.gifKey);
      await d.storage.delete(gif.mp4Key);
      await d.quota.recount(gif.videoId);
      return { message: 'GIF deleted' };
    },
  };
}
export type GifsService = ReturnType<typeof createGifsService>;
