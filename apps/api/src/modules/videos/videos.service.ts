import { rm } from 'node:fs/promises';
import { extname } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { FeatureFlag, OwnVideoBulkRequest, PlayerConfig, VideoEdit, Video as VideoDto, Visibility, WatermarkPlacement } from '@reelbase/api-client';
import { CALL_TO_ACTION_DEFAULT, COVER_MESSAGES, copySuffix, END_ACTIONS, formatByteCount, LEAD_FORM_DEFAULT, PLAYER_CONTROL_DEFAULTS, START_ACTIONS, TRIM_MESSAGES, TRIM_SUFFIX, VIDEO_NAME_MAX, VISIBILITY_LABELS, WATERMARK_MESSAGES, withSuffix } from '@reelbase/api-client';
import { prepareImage } from '../../images/image-upload.ts';
import { coverKey, setCover } from './edits/covers.ts';
import type { Orm } from '../../db/orm.ts';
import { conflict, HttpError, notFound, unprocessable } from '../../http/errors.ts';
import { JOBS, type ReplaceVideoJob, type WatermarkVideoJob } from '../../queue/job-contract.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { Storage } from '../../storage/storage.ts';
import type { PlaybackTokens } from '../playback/playback-tokens.ts';
import { copyCaptions } from '../captions/captions.service.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import { assertOwnFolder, lockFolders } from '../folders/folder-access.ts';
import { requireFeature as requireFeatureOf } from '../payments/entitlements.ts';
import { User } from '../users/user.entity.ts';
import { type IVideo, type StoredWatermark, Video } from './video.entity.ts';
import { isStale } from './stale-media.ts';
import { type ListQuery, listVideoRows, personRef } from './catalogue/video-list.ts';
import { announceServingChange } from './serving-changes.ts';
import type { StorageQuota } from './quota/storage-quota.ts';
import { actingPersonId } from '../teams/acting.ts';
import { recordActivity } from '../teams/activity.ts';
import { pageMeta, toVideo, type VideoPeople } from './video-view.ts';
import { videoKeys } from './storage-layout.ts';
import { recordVideoEvent } from '../webhooks/webhook-events.ts';

/** How long the call for a cover from a frame waits for its worker (queue wait and one ffmpeg run). */
const FRAME_TIMEOUT_MS = 60_000;
/** A copy's reservation, should its process die while copying. */
const COPY_RESERVATION_MS = 3600 * 1000;
/** A slot taken before its job is queued (the job's rows are written in between), should its process die there. */
const ADMISSION_MS = 10 * 60 * 1000;
/** What a cover from a frame reserves: a JPEG of at most 1280x720 stays well under it. */
const COVER_RESERVATION_BYTES = 1024 * 1024;
/** A form upload's reservation outlives the longest request (server.requestTimeout) only if its process died. */
const UPLOAD_RESERVATION_MS = 6 * 3600 * 1000;
/** Boundaries and the name field around the file in a multipart body. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
export const IMPORT_RUNNING = 'An import is already running for your account. Wait until it finishes.';
export const tooLargeForSource = (maxBytes: number) => `The file is larger than the upload limit of ${formatByteCount(maxBytes)}.`;
export const TOO_LARGE_FOR_ACCOUNT = 'The file is larger than your remaining storage allows.';

/** A file received into a local scratch folder, ready to become a video. */
export interface ReceivedVideo {
  path: string;
  name: string;
  originalName?: string;
  folderId?: string | null;
}

export function defaultPlayerConfig(owner: { colorScheme: PlayerConfig['colorScheme']; playerLogo?: string | null; showLogoOnPlayer: boolean }): Omit<PlayerConfig, 'id'> {
  return {
    endAction: END_ACTIONS[0],
    nextVideo: null,
    startAction: START_ACTIONS[0],
    autoHideControls: true,
    playPauseButton: true,
    volumeControl: true,
    videoPopOut: true,
    showLogoInPlayer: owner.showLogoOnPlayer && !!owner.playerLogo,
    logoPatn: owner.playerLogo ?? null,
    colorScheme: { ...owner.colorScheme },
    // issue 27: lead capture and call to action, both off.
    leadForm: { ...LEAD_FORM_DEFAULT },
    callToAction: { ...CALL_TO_ACTION_DEFAULT },
    ...PLAYER_CONTROL_DEFAULTS,
  };
}

/** What a new upload or import of this owner starts with: the account's defaults. */
export const ownerPrivacyDefaults = (owner: { defaultVisibility: Visibility; defaultAllowedDomains: string[] }) => ({
  visibility: owner.defaultVisibility,
  allowedDomains: [...owner.defaultAllowedDomains],
});
/** A copy's or a cut's privacy: the source's own, password included. */
const keptPrivacy = (v: IVideo) => ({ visibility: v.visibility, passwordHash: v.passwordHash ?? null, allowedDomains: [...v.allowedDomains] });

const pickFacts = (v: IVideo) => ({ durationSec: v.durationSec, width: v.width, height: v.height, videoCodec: v.videoCodec, audioCodec: v.audioCodec });

export function createVideosService(d: {
  orm: Orm;
  storage: Storage;
  queue: JobQueue;
  quota: StorageQuota;
  /** SOURCE_MAX_BYTES: the largest file accepted. */
  sourceMaxBytes: number;
  /** Refuses (ImportRefusedError, a 422) a link the import job would not be allowed to fetch. */
  checkImportUrl: (url: string) => Promise<unknown>;
  /** Signs the media URLs of videos that are not public in the owner's answers. */
  tokens?: PlaybackTokens;
  /** Drops this process's delivery answers of videos whose visibility changed (the others hear the NOTIFY). */
  onServingChanged?: (videoIds?: string[]) => void;
}) {
  async function owned(userId: string, id: string) {
    const em = d.orm.em.fork();
    // Another user's id answers exactly like a missing one.
    const video = /^[0-9a-f-]{36}$/i.test(id) ? await em.findOne(Video, { id, userId }) : null;
    if (!video) throw notFound('Video not found');
    return { em, video };
  }

  /** Every file of each video; called once its row is gone, so players stop finding it first. */
  async function removeFiles(ids: string[]) {
    for (const id of ids) await d.storage.deletePrefix(videoKeys.dir(id));
  }

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
  async function receiveUpload(userId: string, job: string, declaredBytes: number | null, receive: (maxBytes: number, tooLarge: string) => Promise<ReceivedVideo>) {
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
      const { em, video } = await owned(userId, id);
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
    /** A 404 unless the folder is the caller's: checked before an upload into it starts. */
    async assertOwnFolder(userId: string, folderId: string) {
      await assertOwnFolder(sqlOf(d.orm.em.fork()), userId, folderId);
    },
    createFromFile,
    /** Refuses (503) before an upload's bytes arrive when this server cannot process videos. */
    assertAcceptsUploads: () => d.queue.assertAccepts(JOBS.processVideo),

    /**
     * A form upload: refused before a byte is read when this server cannot process videos (503),
     * the disk is low (507), the declared size passes the source limit or the account's free
     * space (413), or the account has too many jobs (429); otherwise its processing job's slot is
     * taken, reserving that space while `receive` reads the body (at most `maxBytes`), so parallel
     * uploads cannot share the same free space.
     */
    async createFromUpload(userId: string, declaredBytes: number | null, receive: (maxBytes: number, tooLarge: string) => Promise<ReceivedVideo>): Promise<VideoDto> {
      const { file, slotId } = await receiveUpload(userId, JOBS.processVideo, declaredBytes, receive);
      return createFromFile(userId, file, slotId);
    },

    /**
     * A new file for the caller's video `id` (a form upload), refused before a byte is read like
     * an upload (and 404 for another user's video, 409 while it is busy or watermarked); the
     * video keeps playing its picture until the new one is published (jobs/replace-video.ts).
     */
    async replace(userId: string, id: string, declaredBytes: number | null, receive: (maxBytes: number, tooLarge: string) => Promise<ReceivedVideo>): Promise<VideoDto> {
      assertReplaceable((await owned(userId, id)).video);
      const { file, slotId } = await receiveUpload(userId, JOBS.replaceVideo, declaredBytes, receive);
      return replaceFromFile(userId, id, file, slotId);
    },
    replaceFromFile,
    /** Refuses (404, 409) a replace of `id` before its upload starts. */
    async assertReplaceable(userId: string, id: string) {
      assertReplaceable((await owned(userId, id)).video);
    },

    /** A resumable upload's slot (see createFromUpload; a replace's with `replaces`), taken when it is created and held until it is stored or expires. */
    takeUploadSlot: (userId: string, bytes: number, ttlMs: number, replaces?: string) => d.queue.takeSlot(userId, replaces ? JOBS.replaceVideo : JOBS.processVideo, bytes, ttlMs),

    async list(userId: string, q: ListQuery) {
      const em = d.orm.em.fork();
      if (q.folder_id) await assertOwnFolder(sqlOf(em), userId, q.folder_id);
      const { rows, total } = await listVideoRows(sqlOf(em), userId, q);
      // A search's rows carry the lines said with its words (`matches`).
      return { items: rows.map((v) => (v.matches ? { ...toVideo(v, d.storage, d.tokens), matches: v.matches } : toVideo(v, d.storage, d.tokens))), meta: pageMeta(q.page, q.limit, total) };
    },

    async get(userId: string, id: string): Promise<VideoDto> {
      const { em, video } = await owned(userId, id);
      const [people] = await sqlOf(em)<VideoPeople[]>(`select ${personRef('uploaded_by')} as "uploadedByRef", ${personRef('updated_by')} as "updatedByRef" from videos where id = ?`, [id]);
      return toVideo({ ...video, ...people }, d.storage, d.tokens);
    },

    requireFeature,

    /**
     * A rename, or a trim queued as an edit-video job (see jobs/edit-video.ts). A trim into a new
     * video answers with the new video, an overwrite with this one; both report progress on the
     * row that receives the cut.
     */
    async edit(userId: string, id: string, input: VideoEdit): Promise<{ trimming: boolean; video: VideoDto }> {
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

    /**
     * A second video with the same files (copied through storage, so each video owns its files
     * and deleting one never touches the other), name '<name> (copy)', the same folder and player
     * settings; statistics and bandwidth start at zero. Its bytes are reserved in the storage quota
     * before the first file is copied (413 when they do not fit).
     */
    async copy(userId: string, id: string): Promise<VideoDto> {
      const { em, video: source } = await owned(userId, id);
      if (source.status !== 'ready' || !source.originalKey) throw conflict(TRIM_MESSAGES.busy);
      // Everything the source stores, reserved before a byte is copied (parallel uploads included).
      // Copying is work like a job's: it takes a slot of the account's (429 past its cap).
      const slot = await d.queue.takeSlot(userId, 'copy-video', source.storedBytes, COPY_RESERVATION_MS);
      const copyId = crypto.randomUUID();
      const from = `${videoKeys.dir(source.id)}/`;
      const to = `${videoKeys.dir(copyId)}/`;
      // URLs and keys below the source's folder point into the copy's folder instead.
      const moveKey = (key: string) => to + key.slice(from.length);
      const moveUrl = (url: string | null) => (url?.startsWith(d.storage.url(from)) ? d.storage.url(to + url.slice(d.storage.url(from).length)) : url);
      try {
        // The source's GIFs stay its own (their rows name it).
        let storedBytes = 0;
        for await (const o of d.storage.list(videoKeys.dir(source.id))) {
          // Nor does the copy take files of an earlier picture still in their grace (stale-media.ts).
          if (!o.key.startsWith(`${from}gifs/`) && !isStale(source, o.key)) storedBytes += (await d.storage.copy(o.key, to + o.key.slice(from.length))).size;
        }
        // A trim that overwrote the source meanwhile may have swapped files under the copy.
        const now = await em.fork().findOne(Video, { id: source.id });
        if (now?.status !== 'ready' || now.lastEditId !== source.lastEditId) throw conflict(TRIM_MESSAGES.busy);
        const copy = em.create(Video, {
          id: copyId,
          userId,
          folderId: source.folderId,
          name: await copyName(sqlOf(em), userId, source.name),
          source: source.source,
          importUrl: source.importUrl,
          importProgress: source.importProgress,
          originalKey: moveKey(source.originalKey),
          // The same relative paths: the copy's picture is in the folder of the same version.
          mediaVersion: source.mediaVersion,
          size: source.size,
          // What was copied, counted as the copy's own.
          storedBytes,
          ...pickFacts(source),
          status: 'ready',
          isMainReady: source.isMainReady,
          isHlsReady: source.isHlsReady,
          isLadderReady: source.isLadderReady,
          // A blocked video stays blocked in its copy.
          ban: source.ban,
          banReason: source.banReason,
          imageUrl: moveUrl(source.imageUrl ?? null),
          thumbnails: source.thumbnails.map((t) => moveUrl(t) as string),
          renditions: structuredClone(source.renditions),
          playerConfig: structuredClone(source.playerConfig),
          // Its chapters, and the storyboard that came along with the picture's files (issue 26).
          chapters: structuredClone(source.chapters ?? []),
          storyboard: source.storyboard ? { ...source.storyboard } : null,
          // A copy of a private or protected video stays so (docs/decisions.md).
          ...keptPrivacy(source),
          // The copy can change or remove the watermark too: its unmarked source came along.
          watermark: source.watermark ? { ...source.watermark, imageKey: moveKey(source.watermark.imageKey), cleanKey: source.watermark.cleanKey && moveKey(source.watermark.cleanKey) } : null,
        });
        await em.flush();
        await copyCaptions(sqlOf(em), source.id, copyId);
        await d.quota.recount(copyId);
        return toVideo(copy, d.storage, d.tokens);
      } catch (err) {
        await d.storage.deletePrefix(videoKeys.dir(copyId));
        throw err;
      } finally {
        await d.queue.releaseSlot(slot.id);
      }
    },

    async remove(userId: string, id: string) {
      const { em, video } = await owned(userId, id);
      await em.transactional(async (tx) => {
        await recordVideoEvent(sqlOf(tx), video.id, 'video.deleted');
        await tx.nativeDelete(Video, { id: video.id });
        await recordActivity(sqlOf(tx), userId, 'video.deleted', { type: 'video', id: video.id, name: video.name });
      });
      await removeFiles([video.id]);
    },

    /**
     * One action on several videos in one transaction: every id must be the caller's, or nothing
     * changes and the answer is the 404 of a missing video. Files go only after the commit.
     */
    async bulk(userId: string, input: OwnVideoBulkRequest): Promise<{ message: string; count: number }> {
      const ids = [...new Set(input.ids)];
      await d.orm.em.fork().transactional(async (em) => {
        const sql = sqlOf(em);
        if (input.action === 'addToFolder') await lockFolders(sql, userId);
        const mine = await sql<{ id: string; name: string }[]>('select id, name from videos where user_id = ? and id in (?) for update', [userId, ids]);
        if (mine.length !== ids.length) throw notFound('Video not found');
        if (input.action === 'delete') {
          for (const v of mine) await recordVideoEvent(sql, v.id, 'video.deleted');
          await sql('delete from videos where user_id = ? and id in (?)', [userId, ids]);
          for (const v of mine) await recordActivity(sql, userId, 'video.deleted', { type: 'video', id: v.id, name: v.name });
        } else if (input.action === 'setVisibility') {
          // A changed visibility ends the tokens signed before (privacy_version), in every API process's delivery too.
          const changed = await sql<{ id: string; name: string }[]>(
            'update videos set visibility = ?, privacy_version = privacy_version + 1, updated_at = now(), updated_by = coalesce(?, updated_by) where user_id = ? and id in (?) and visibility <> ? returning id, name',
            [input.visibility, actingPersonId(), userId, ids, input.visibility],
          );
          for (const v of changed) await recordActivity(sql, userId, 'video.privacy_changed', { type: 'video', id: v.id, name: v.name }, { visibility: input.visibility });
          await announceServingChange(sql, ids);
        } else {
          if (input.folderId) await assertOwnFolder(sql, userId, input.folderId);
          await sql('update videos set folder_id = ?, updated_at = now(), updated_by = coalesce(?, updated_by) where user_id = ? and id in (?)', [input.folderId, actingPersonId(), userId, ids]);
        }
      });
      if (input.action === 'delete') await removeFiles(ids);
      if (input.action === 'setVisibility') d.onServingChanged?.(ids);
      const n = `${ids.length} video${ids.length === 1 ? '' : 's'}`;
      const done = input.action === 'delete' ? 'deleted' : input.action === 'addToFolder' ? 'moved' : `set to ${VISIBILITY_LABELS[input.visibility].toLowerCase()}`;
      return { message: `${n} ${done}.`, count: ids.length };
    },

    /**
     * Refuses before an image upload is received: not the owner's video (404), or both image
     * features off (403; the form's `type` is read with the file, then its own feature is checked).
     */
    async assertMayUploadImage(userId: string, id: string) {
      await owned(userId, id);
      await requireFeature(userId, 'setVideoImage', 'addWatermark');
    },

    /** The frame at `timeSec` becomes the cover, cut by a worker (video-frame job) while the call waits. */
    async coverFromFrame(userId: string, id: string, timeSec: number): Promise<{ imageUrl: string }> {
      const { video } = await owned(userId, id);
      await requireFeature(userId, 'setVideoImage');
      if (!video.originalKey || !video.isMainReady) throw conflict(TRIM_MESSAGES.busy);
      if (video.durationSec && timeSec > video.durationSec) throw unprocessable({ time: COVER_MESSAGES.timePastEnd });
      await d.queue.sendAndWait(JOBS.videoFrame, { videoId: video.id, timeSec }, FRAME_TIMEOUT_MS, { userId, bytes: COVER_RESERVATION_BYTES });
      const saved = await d.orm.em.fork().findOneOrFail(Video, { id: video.id });
      return { imageUrl: saved.imageUrl as string };
    },

    /** An uploaded cover: checked by its bytes and re-encoded (images/image-upload.ts), SVGs without scripts kept as SVG. */
    async uploadCover(userId: string, id: string, file: Buffer): Promise<{ imageUrl: string }> {
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
    async setWatermark(userId: string, id: string, file: Buffer, placement: WatermarkPlacement): Promise<{ imageUrl: string }> {
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
    async removeWatermark(userId: string, id: string): Promise<VideoDto> {
      const { em, video } = await owned(userId, id);
      await requireFeature(userId, 'addWatermark');
      if (!video.watermark) throw notFound(WATERMARK_MESSAGES.none);
      assertMarkable(video);
      await queueMark(em, video, { ...video.watermark, id: crypto.randomUUID(), state: 'processing', removing: true });
      return toVideo(video, d.storage, d.tokens);
    },

    async startImport(userId: string, url: string): Promise<{ id: string }> {
      d.queue.assertAccepts(JOBS.importVideo);
      // Refuse private and loopback addresses at once; the job checks every hop again.
      await d.checkImportUrl(url);
      const em = d.orm.em.fork();
      const owner = await em.findOneOrFail(User, { id: userId });
      const name = importName(url);
      // Admitted (429, and 413 for a full account) before the row; its bytes are reserved while they arrive (jobs/import-video.ts).
      const slot = await d.queue.takeSlot(userId, JOBS.importVideo, 0, ADMISSION_MS);
      const video = em.create(Video, {
        userId,
        name,
        source: 'import',
        importUrl: url,
        status: 'importing',
        renditions: [],
        thumbnails: [],
        playerConfig: defaultPlayerConfig(owner),
        ...ownerPrivacyDefaults(owner),
      });
      // A partial unique index keeps one 'importing' row per account, parallel calls included.
      await em.flush().catch(async (err) => {
        await d.queue.releaseSlot(slot.id);
        throw err instanceof UniqueConstraintViolationException ? conflict(IMPORT_RUNNING) : err;
      });
      await d.queue.send(JOBS.importVideo, { videoId: video.id }, { userId, slotId: slot.id, singletonKey: video.id }).catch(async (err) => {
        await em.nativeDelete(Video, { id: video.id });
        throw err;
      });
      await recordActivity(sqlOf(em), userId, 'video.imported', { type: 'video', id: video.id, name: video.name });
      return { id: video.id };
    },

    async importStatus(userId: string, id: string) {
      const { video } = await owned(userId, id);
      return { progress: video.importProgress, name: video.name, error: video.status === 'failed' ? (video.error ?? 'Import failed') : null };
    },
  };
}
export type VideosService = ReturnType<typeof createVideosService>;

/**
 * A copy's name: '<base> (copy)', else '<base> (copy 2)', '(copy 3)', ... the first the owner has
 * no video of. The base is the source's name without a copy suffix of its own, so a copy of
 * 'Intro (copy)' is 'Intro (copy 2)', not 'Intro (copy) (copy)'.
 */
export async function copyName(sql: Sql, userId: string, sourceName: string): Promise<string> {
  const base = sourceName.replace(/ \(copy(?: \d+)?\)$/, '');
  const like = `${base.slice(0, VIDEO_NAME_MAX - 20).replace(/[\\%_]/g, (c) => `\\${c}`)}%(copy%)`;
  const taken = new Set((await sql<{ name: string }[]>("select name from videos where user_id = ? and name like ? escape '\\'", [userId, like])).map((r) => r.name));
  for (let n = 1; ; n++) {
    const name = withSuffix(base, copySuffix(n));
    if (!taken.has(name)) return name;
  }
}

/** An import's first name: the link's last path segment as text (control characters dropped), else its host. */
function importName(url: string): string {
  const link = new URL(url);
  const last = link.pathname.split('/').filter(Boolean).pop() ?? '';
  let text: string;
  try {
    text = decodeURIComponent(last);
  } catch {
    text = last;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return text.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, VIDEO_NAME_MAX).trim() || link.hostname;
}
export type { IVideo };
