import { rm } from 'node:fs/promises';
import { extname } from 'node:path';
import type { Video as VideoDto } from '@reelbase/api-client';
import { formatByteCount, TRIM_MESSAGES, WATERMARK_MESSAGES } from '@reelbase/api-client';
import type { Orm } from '../../../db/orm.ts';
import { sqlOf } from '../../../db/sql.ts';
import { conflict, HttpError } from '../../../http/errors.ts';
import { JOBS, type ReplaceVideoJob } from '../../../queue/job-contract.ts';
import type { JobQueue } from '../../../queue/job-queue.ts';
import type { Storage } from '../../../storage/storage.ts';
import { assertOwnFolder } from '../../folders/folder-access.ts';
import type { PlaybackTokens } from '../../playback/playback-tokens.ts';
import { recordActivity } from '../../teams/activity.ts';
import { User } from '../../users/user.entity.ts';
import type { StorageQuota } from '../quota/storage-quota.ts';
import { videoKeys } from '../storage-layout.ts';
import { defaultPlayerConfig, ownedVideo, ownerPrivacyDefaults } from '../video-basics.ts';
import { toVideo } from '../video-view.ts';
import { type IVideo, Video } from '../video.entity.ts';

/** A form upload's reservation outlives the longest request (server.requestTimeout) only if its process died. */
const UPLOAD_RESERVATION_MS = 6 * 3600 * 1000;
/** Boundaries and the name field around the file in a multipart body. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
export const tooLargeForSource = (maxBytes: number) => `The file is larger than the upload limit of ${formatByteCount(maxBytes)}.`;
export const TOO_LARGE_FOR_ACCOUNT = 'The file is larger than your remaining storage allows.';

/** A file received into a local scratch folder, ready to become a video. */
export interface ReceivedVideo {
  path: string;
  name: string;
  originalName?: string;
  folderId?: string | null;
}

/** Reads a request's body into a local file of at most `maxBytes`, refusing a larger one with `tooLarge`. */
export type ReceiveBody = (maxBytes: number, tooLarge: string) => Promise<ReceivedVideo>;

/**
 * Upload intake (form uploads here, tus in tus-uploads.ts, both ending in createFromFile or
 * replaceFromFile): admission before a byte is read, the file into storage, the row, the
 * processing (or replace) job queued in the upload's slot.
 */
export interface VideoUploads {
  /** A 404 unless the folder is the caller's: checked before an upload into it starts. */
  assertOwnFolder(userId: string, folderId: string): Promise<void>;
  /** Refuses (503) before an upload's bytes arrive when this server cannot process videos. */
  assertAcceptsUploads(): void;
  /** A form upload, admitted (503, 507, 413, 429) before its body is received. */
  createFromUpload(userId: string, declaredBytes: number | null, receive: ReceiveBody): Promise<VideoDto>;
  /** A finished upload (a local file) becomes a video, its processing queued in `slotId`. */
  createFromFile(userId: string, input: ReceivedVideo, slotId?: string): Promise<VideoDto>;
  /** A new file for the caller's video (a form upload), admitted like an upload (and 404, 409). */
  replace(userId: string, id: string, declaredBytes: number | null, receive: ReceiveBody): Promise<VideoDto>;
  /** A received new file for video `id` (form or tus) goes into storage and its replace job is queued. */
  replaceFromFile(userId: string, id: string, input: ReceivedVideo, slotId?: string): Promise<VideoDto>;
  /** Refuses (404, 409) a replace of `id` before its upload starts. */
  assertReplaceable(userId: string, id: string): Promise<void>;
  /** A resumable upload's slot (a replace's with `replaces`), taken when it is created and held until it is stored or expires. */
  takeUploadSlot(userId: string, bytes: number, ttlMs: number, replaces?: string): Promise<{ id: string; bytes: number }>;
}

export function createVideoUploads(d: {
  orm: Orm;
  storage: Storage;
  queue: JobQueue;
  quota: StorageQuota;
  /** SOURCE_MAX_BYTES: the largest file accepted. */
  sourceMaxBytes: number;
  /** Signs the media URLs of videos that are not public in the owner's answers. */
  tokens?: PlaybackTokens;
}): VideoUploads {
  /**
   * Takes a finished upload (a local file): it moves into storage, the row is written and
   * processing is queued, in `slotId` when the upload took one (its bytes are the video's from
   * now on, so the slot keeps only its place). Whether it is a video within the limits is found
   * by the worker (process-video), so no ffprobe runs in the API. On any failure the file is
   * removed and the slot ends.
   */
  async function createFromFile(userId: string, input: ReceivedVideo, slotId?: string): Promise<VideoDto> {
    const em = d.orm.em.fork();
    let id: string | null = null;
    try {
      if (input.folderId) await assertOwnFolder(sqlOf(em), userId, input.folderId);
      const owner = await em.findOneOrFail(User, { id: userId });
      const ext = (extname(input.originalName ?? '').toLowerCase().match(/^\.[a-z0-9]{1,5}$/) ?? [''])[0];
      const video = em.create(Video, {
        userId,
        name: input.name,
        folderId: input.folderId ?? null,
        source: 'upload',
        status: 'queued',
        renditions: [],
        thumbnails: [],
        playerConfig: defaultPlayerConfig(owner),
        ...ownerPrivacyDefaults(owner),
      });
      id = video.id;
      video.originalKey = videoKeys.original(video.id, ext || '.bin');
      const stored = await d.storage.putFile(video.originalKey, input.path);
      video.size = stored.size;
      video.storedBytes = stored.size;
      await em.flush();
      const queued = { userId, slotId, singletonKey: video.id };
      slotId = undefined; // from here on the slot is the job's (send releases it if it fails)
      await d.queue.send(JOBS.processVideo, { videoId: video.id }, queued);
      await recordActivity(sqlOf(em), userId, 'video.uploaded', { type: 'video', id: video.id, name: video.name });
      return toVideo(video, d.storage, d.tokens);
    } catch (err) {
      if (slotId) await d.queue.releaseSlot(slotId);
      await rm(input.path, { force: true });
      if (id) {
        await d.storage.deletePrefix(videoKeys.dir(id));
        await d.orm.em.fork().nativeDelete(Video, { id });
      }
      throw err;
    }
  }

  /**
   * Admits an upload for job `job` and receives it: refused before a byte is read when this server
   * cannot process videos (503), the disk is low (507), the declared size passes the source limit
   * or the account's free space (413), or the account has too many jobs (429); otherwise the job's
   * slot is taken, reserving that space while `receive` reads the body (at most what fits), so
   * parallel uploads cannot share the same free space. The slot is the caller's to hand on.
   */
  async function receiveUpload(userId: string, job: string, declaredBytes: number | null, receive: ReceiveBody) {
    d.queue.assertAccepts(job);
    await d.quota.assertDiskSpace();
    if (declaredBytes !== null && declaredBytes > d.sourceMaxBytes + MULTIPART_OVERHEAD_BYTES) throw new HttpError(413, tooLargeForSource(d.sourceMaxBytes));
    const slot = await d.queue.takeSlot(userId, job, declaredBytes, UPLOAD_RESERVATION_MS);
    try {
      const max = Math.min(slot.bytes, d.sourceMaxBytes);
      return { file: await receive(max, max < d.sourceMaxBytes ? TOO_LARGE_FOR_ACCOUNT : tooLargeForSource(d.sourceMaxBytes)), slotId: slot.id };
    } catch (err) {
      await d.queue.releaseSlot(slot.id);
      throw err;
    }
  }

  /** A replace waits until nothing else changes the picture; a watermarked video is unmarked first (its kept unmarked source would not match). */
  function assertReplaceable(video: IVideo) {
    if (video.status !== 'ready' || video.task || video.watermark?.state === 'processing') throw conflict(TRIM_MESSAGES.busy);
    if (video.watermark) throw conflict(WATERMARK_MESSAGES.replaceOverMarked);
  }

  /**
   * Takes a received new file for video `id` (a form or tus upload, holding `slotId`): it goes
   * into storage beside the video (counted against the account's storage at once), the row shows
   * the replace under way (only if nothing else started meanwhile: 409) and a replace-video job is
   * queued in the slot. On any failure the file is removed, the slot ends and the row is as it was.
   */
  async function replaceFromFile(userId: string, id: string, input: ReceivedVideo, slotId?: string): Promise<VideoDto> {
    let key: string | null = null;
    let marked = false;
    try {
      const { em, video } = await ownedVideo(d.orm, userId, id);
      const replaceId = crypto.randomUUID();
      const ext = (extname(input.originalName ?? '').toLowerCase().match(/^\.[a-z0-9]{1,5}$/) ?? ['.bin'])[0];
      key = videoKeys.replacement(id, replaceId, ext);
      const stored = await d.storage.putFile(key, input.path);
      // One statement decides between parallel replaces and edits: the first one wins.
      const started = await em.nativeUpdate(Video, { id, status: 'ready', task: null }, { status: 'processing', task: 'replace', progress: 0, error: null });
      if (!started || video.watermark) throw conflict(video.watermark ? WATERMARK_MESSAGES.replaceOverMarked : TRIM_MESSAGES.busy);
      marked = true;
      await d.quota.recount(id);
      const queued = { userId, slotId, bytes: stored.size, singletonKey: replaceId };
      slotId = undefined; // from here on the slot is the job's (send releases it if it fails)
      await d.queue.send(JOBS.replaceVideo, { videoId: id, replaceId, sourceKey: key } satisfies ReplaceVideoJob, queued);
      return toVideo(await em.fork().findOneOrFail(Video, { id }), d.storage, d.tokens);
    } catch (err) {
      if (slotId) await d.queue.releaseSlot(slotId);
      await rm(input.path, { force: true });
      if (key) {
        await d.storage.delete(key);
        if (marked) await d.orm.em.fork().nativeUpdate(Video, { id }, { status: 'ready', task: null, progress: 100 });
        await d.quota.recount(id).catch(() => undefined);
      }
      throw err;
    }
  }

  return {
    async assertOwnFolder(userId, folderId) {
      await assertOwnFolder(sqlOf(d.orm.em.fork()), userId, folderId);
    },
    createFromFile,
    assertAcceptsUploads: () => d.queue.assertAccepts(JOBS.processVideo),

    /**
     * A form upload: refused before a byte is read when this server cannot process videos (503),
     * the disk is low (507), the declared size passes the source limit or the account's free
     * space (413), or the account has too many jobs (429); otherwise its processing job's slot is
     * taken, reserving that space while `receive` reads the body (at most `maxBytes`), so parallel
     * uploads cannot share the same free space.
     */
    async createFromUpload(userId, declaredBytes, receive) {
      const { file, slotId } = await receiveUpload(userId, JOBS.processVideo, declaredBytes, receive);
      return createFromFile(userId, file, slotId);
    },

    /**
     * A new file for the caller's video `id` (a form upload), refused before a byte is read like
     * an upload (and 404 for another user's video, 409 while it is busy or watermarked); the
     * video keeps playing its picture until the new one is published (jobs/replace-video.ts).
     */
    async replace(userId, id, declaredBytes, receive) {
      assertReplaceable((await ownedVideo(d.orm, userId, id)).video);
      const { file, slotId } = await receiveUpload(userId, JOBS.replaceVideo, declaredBytes, receive);
      return replaceFromFile(userId, id, file, slotId);
    },
    replaceFromFile,
    async assertReplaceable(userId, id) {
      assertReplaceable((await ownedVideo(d.orm, userId, id)).video);
    },

    takeUploadSlot: (userId, bytes, ttlMs, replaces) => d.queue.takeSlot(userId, replaces ? JOBS.replaceVideo : JOBS.processVideo, bytes, ttlMs),
  };
}
