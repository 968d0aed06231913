import type { EntityManager } from '@mikro-orm/postgresql';
import type { FeatureFlag, VideoEdit, Video as VideoDto, WatermarkPlacement } from '@reelbase/api-client';
import { COVER_MESSAGES, TRIM_MESSAGES, TRIM_SUFFIX, WATERMARK_MESSAGES, withSuffix } from '@reelbase/api-client';
import type { Orm } from '../../../db/orm.ts';
import { sqlOf } from '../../../db/sql.ts';
import { conflict, notFound, unprocessable } from '../../../http/errors.ts';
import { prepareImage } from '../../../images/image-upload.ts';
import { JOBS, type WatermarkVideoJob } from '../../../queue/job-contract.ts';
import type { JobQueue } from '../../../queue/job-queue.ts';
import type { Storage } from '../../../storage/storage.ts';
import { requireFeature as requireFeatureOf } from '../../payments/entitlements.ts';
import type { PlaybackTokens } from '../../playback/playback-tokens.ts';
import type { StorageQuota } from '../quota/storage-quota.ts';
import { videoKeys } from '../storage-layout.ts';
import { ADMISSION_MS, keptPrivacy, ownedVideo } from '../video-basics.ts';
import { toVideo } from '../video-view.ts';
import { type IVideo, type StoredWatermark, Video } from '../video.entity.ts';
import { coverKey, setCover } from './covers.ts';
import { copyVideo } from './video-copy.ts';

/** How long the call for a cover from a frame waits for its worker (queue wait and one ffmpeg run). */
const FRAME_TIMEOUT_MS = 60_000;
/** What a cover from a frame reserves: a JPEG of at most 1280x720 stays well under it. */
const COVER_RESERVATION_BYTES = 1024 * 1024;

/**
 * Changes to a video's picture and its copies: a rename or a trim (edit-video job), a copy, the
 * cover (uploaded, or a frame cut by a worker), the watermark (watermark-video job). The tools are
 * gated by the owner's effective features (the plan's AND the admin's).
 */
export interface VideoEdits {
  /** A 403 unless one of `anyOf` is among the owner's features. */
  requireFeature(userId: string, ...anyOf: FeatureFlag[]): Promise<void>;
  /** A rename, or a trim queued as an edit-video job into a new video or over this one. */
  edit(userId: string, id: string, input: VideoEdit): Promise<{ trimming: boolean; video: VideoDto }>;
  /** A second video with the same files (video-copy.ts). */
  copy(userId: string, id: string): Promise<VideoDto>;
  /** Refuses (404, 403) an image upload before its bytes are received. */
  assertMayUploadImage(userId: string, id: string): Promise<void>;
  /** The frame at `timeSec` becomes the cover. */
  coverFromFrame(userId: string, id: string, timeSec: number): Promise<{ imageUrl: string }>;
  /** An uploaded image becomes the cover. */
  uploadCover(userId: string, id: string, file: Buffer): Promise<{ imageUrl: string }>;
  /** An uploaded image is burnt into the picture at `placement`. */
  setWatermark(userId: string, id: string, file: Buffer, placement: WatermarkPlacement): Promise<{ imageUrl: string }>;
  /** The unmarked picture is published again. */
  removeWatermark(userId: string, id: string): Promise<VideoDto>;
}

export function createVideoEdits(d: { orm: Orm; storage: Storage; queue: JobQueue; quota: StorageQuota; tokens?: PlaybackTokens }): VideoEdits {
  const owned = (userId: string, id: string) => ownedVideo(d.orm, userId, id);

  /** The editing tools are gated by the owner's effective flags (the plan's AND the admin's); one of `anyOf` must be on. */
  const requireFeature = (userId: string, ...anyOf: FeatureFlag[]) => requireFeatureOf(sqlOf(d.orm.em.fork()), userId, ...anyOf);

  /** Another edit (or watermark) in progress would race this one. */
  function assertMarkable(video: IVideo) {
    if (video.watermark?.state === 'processing') throw conflict(WATERMARK_MESSAGES.busy);
    if (video.status !== 'ready' || !video.originalKey) throw conflict(TRIM_MESSAGES.busy);
  }

  /** Saves the watermark change and queues its job; the video shows the edit's progress meanwhile. */
  async function queueMark(em: EntityManager, video: IVideo, mark: StoredWatermark, undo?: () => Promise<void>) {
    const before = { watermark: video.watermark ?? null, status: video.status };
    Object.assign(video, { watermark: mark, status: 'processing', progress: 0, error: null });
    await em.flush();
    try {
      // The marked renditions are made beside the unmarked ones (kept too): about the video's bytes again.
      await d.queue.send(JOBS.watermarkVideo, { videoId: video.id, markId: mark.id } satisfies WatermarkVideoJob, { userId: video.userId, bytes: video.storedBytes, singletonKey: mark.id });
    } catch (err) {
      await em.nativeUpdate(Video, { id: video.id }, before);
      await undo?.();
      throw err;
    }
  }

  return {
    requireFeature,

    /**
     * A rename, or a trim queued as an edit-video job (see jobs/edit-video.ts). A trim into a new
     * video answers with the new video, an overwrite with this one; both report progress on the
     * row that receives the cut.
     */
    async edit(userId, id, input) {
      if (input.mode === undefined || input.start === undefined || input.end === undefined) {
        const { em, video } = await owned(userId, id);
        if (input.name !== undefined) video.name = input.name;
        await em.flush();
        return { trimming: false, video: toVideo(video, d.storage, d.tokens) };
      }
      const { em, video } = await owned(userId, id);
      await requireFeature(userId, 'videoTrimmer');
      if (video.status !== 'ready' || !video.originalKey) throw conflict(TRIM_MESSAGES.busy);
      // The kept unmarked source would not match a cut over the marked picture.
      if (input.mode === 'overwrite' && video.watermark) throw conflict(WATERMARK_MESSAGES.trimOverMarked);
      if (video.durationSec !== null && video.durationSec !== undefined && input.start >= video.durationSec) throw unprocessable({ start: TRIM_MESSAGES.startPastEnd });
      const editId = crypto.randomUUID();
      // The cut's share of everything the video stores (source, renditions, frames): what the cut will hold once processed.
      const share = video.durationSec ? Math.max(0, Math.min(input.end, video.durationSec) - input.start) / video.durationSec : 1;
      const bytes = Math.ceil(video.storedBytes * Math.min(1, share));
      // Admitted (429, 413) before any row changes.
      const slot = await d.queue.takeSlot(userId, JOBS.editVideo, bytes, ADMISSION_MS);
      let target = video;
      if (input.mode === 'new') {
        target = em.create(Video, {
          userId,
          folderId: video.folderId,
          name: input.name ?? withSuffix(video.name, TRIM_SUFFIX),
          source: 'upload',
          status: 'queued',
          task: 'trim',
          // A blocked video stays blocked in its cut, as in its copy.
          ban: video.ban,
          banReason: video.banReason,
          renditions: [],
          thumbnails: [],
          playerConfig: { ...video.playerConfig },
          // A cut is watched by whoever may watch what it was cut from.
          ...keptPrivacy(video),
        });
      } else {
        if (input.name !== undefined) video.name = input.name;
        // The owner sees the edit's progress; the video keeps playing meanwhile.
        Object.assign(video, { status: 'processing', task: 'trim', progress: 0, error: null });
      }
      await em.flush().catch(async (err) => {
        await d.queue.releaseSlot(slot.id);
        throw err;
      });
      try {
        await d.queue.send(JOBS.editVideo, { videoId: target.id, sourceId: video.id, editId, mode: input.mode, startSec: input.start, endSec: input.end }, { userId, bytes, slotId: slot.id, singletonKey: editId });
      } catch (err) {
        if (input.mode === 'new') await em.nativeDelete(Video, { id: target.id });
        else await em.nativeUpdate(Video, { id: video.id }, { status: 'ready', task: null });
        throw err;
      }
      return { trimming: true, video: toVideo(target, d.storage, d.tokens) };
    },

    copy: (userId, id) => copyVideo(d, userId, id),

    /**
     * Refuses before an image upload is received: not the owner's video (404), or both image
     * features off (403; the form's `type` is read with the file, then its own feature is checked).
     */
    async assertMayUploadImage(userId, id) {
      await owned(userId, id);
      await requireFeature(userId, 'setVideoImage', 'addWatermark');
    },

    /** The frame at `timeSec` becomes the cover, cut by a worker (video-frame job) while the call waits. */
    async coverFromFrame(userId, id, timeSec) {
      const { video } = await owned(userId, id);
      await requireFeature(userId, 'setVideoImage');
      if (!video.originalKey || !video.isMainReady) throw conflict(TRIM_MESSAGES.busy);
      if (video.durationSec && timeSec > video.durationSec) throw unprocessable({ time: COVER_MESSAGES.timePastEnd });
      await d.queue.sendAndWait(JOBS.videoFrame, { videoId: video.id, timeSec }, FRAME_TIMEOUT_MS, { userId, bytes: COVER_RESERVATION_BYTES });
      const saved = await d.orm.em.fork().findOneOrFail(Video, { id: video.id });
      return { imageUrl: saved.imageUrl as string };
    },

    /** An uploaded cover: checked by its bytes and re-encoded (images/image-upload.ts), SVGs without scripts kept as SVG. */
    async uploadCover(userId, id, file) {
      const { em, video } = await owned(userId, id);
      await requireFeature(userId, 'setVideoImage');
      const image = await prepareImage(file, { maxWidth: 1920, maxHeight: 1920 });
      if ('error' in image) throw unprocessable({ image: image.error });
      const key = coverKey(video.id, image.ext);
      await d.storage.put(key, image.data);
      const cleanup = setCover(d.storage, video, key);
      await em.flush();
      await cleanup();
      await d.quota.recount(video.id);
      return { imageUrl: video.imageUrl as string };
    },

    /**
     * A watermark: the image checked by its bytes (a raster, re-encoded to PNG) and stored, the
     * placement saved as 'processing', and a watermark-video job queued that burns it into a copy
     * of the kept unmarked source and republishes every rendition (jobs/watermark-video.ts).
     */
    async setWatermark(userId, id, file, placement) {
      const { em, video } = await owned(userId, id);
      await requireFeature(userId, 'addWatermark');
      assertMarkable(video);
      const image = await prepareImage(file, { maxWidth: 1920, maxHeight: 1920 });
      if ('error' in image) throw unprocessable({ image: image.error });
      if (image.ext !== 'png') throw unprocessable({ image: WATERMARK_MESSAGES.image });
      const markId = crypto.randomUUID();
      const imageKey = videoKeys.watermark(video.id, markId);
      await d.storage.put(imageKey, image.data);
      const previous = video.watermark;
      await queueMark(em, video, { id: markId, imageKey, ...placement, state: 'processing', cleanKey: previous?.cleanKey ?? null }, async () => d.storage.delete(imageKey));
      // The earlier image is no longer used: the marked picture is made from the unmarked source.
      if (previous) await d.storage.delete(previous.imageKey);
      return { imageUrl: d.storage.url(imageKey) };
    },

    /** Removes the watermark: the unmarked source is published again by a watermark-video job. */
    async removeWatermark(userId, id) {
      const { em, video } = await owned(userId, id);
      await requireFeature(userId, 'addWatermark');
      if (!video.watermark) throw notFound(WATERMARK_MESSAGES.none);
      assertMarkable(video);
      await queueMark(em, video, { ...video.watermark, id: crypto.randomUUID(), state: 'processing', removing: true });
      return toVideo(video, d.storage, d.tokens);
    },
  };
}
