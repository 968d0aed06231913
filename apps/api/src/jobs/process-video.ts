import { mkdir, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Logger } from 'pino';
import type { Orm } from '../db/orm.ts';
import { FIRST_RENDITION_NAME } from '../media/constants.ts';
import { buildLadder, canBeTopRung, type EarlyRemux, isFastPublishable, publishFirstRendition, publishGrowingRendition, startEarlyRemux } from '../media/pipelines/hls.ts';
import { extractThumbnails } from '../media/pipelines/images.ts';
import type { Rendition } from '../media/pipelines/renditions.ts';
import type { MediaDeadlines } from '../media/deadlines.ts';
import { probe } from '../media/probe.ts';
import { checkSource, type SourceLimits } from '../media/source-limits.ts';
import { sqlOf } from '../db/sql.ts';
import type { StorageQuota } from '../modules/videos/quota/storage-quota.ts';
import { type StoredRendition, Video } from '../modules/videos/video.entity.ts';
import { videoMails } from '../modules/videos/video-mails.ts';
import { removeStaleMedia } from '../modules/videos/stale-media.ts';
import { recordVideoEvent } from '../modules/webhooks/webhook-events.ts';
import { probeFacts } from '../modules/videos/video-view.ts';
import { videoKeys } from '../modules/videos/storage-layout.ts';
import { deleteAllExcept, publishDir, type Storage } from '../storage/storage.ts';
import { progressReporter } from './progress.ts';
import { hasCurrentStoryboard, storyboardStep } from './storyboard.ts';

export interface ProcessDeps {
  orm: Orm;
  storage: Storage;
  quota: StorageQuota;
  log: Logger;
  workDir: string;
  ffmpegPath?: string;
  ffprobePath?: string;
  /** The job's deadline: no ffmpeg run lasts longer (its signal stops it first). */
  timeoutMs: number;
  /** Each run's own deadline, sized to its work. */
  deadlines?: MediaDeadlines;
  limits: SourceLimits;
  /** Has the files the video no longer lists deleted once their grace is over (the remove-stale-media job). */
  scheduleStaleRemoval?: (videoId: string) => Promise<void>;
  /**
   * Test seam: called before each step, and with 'playable' once a growing rendition's first
   * segments are out (ffmpeg encodes on while it is awaited); a throw acts like a crash there.
   */
  onStep?: (step: 'publish' | 'playable' | 'thumbnails' | 'ladder' | 'storyboard', videoId: string, attempt: number) => void | Promise<void>;
  /** Once a new upload is ready (its first processing, never after a change): the account's generated captions. */
  onFirstPublished?: (videoId: string) => Promise<void>;
}

/**
 * The process-video job. The upload is probed here, in the worker (never in the API request),
 * and refused when it is not a video or passes the source limits. Each step checks what is
 * already done, writes its outputs in a private work folder and hands them to storage
 * (publishDir) before flipping the flag that publishes them, so a worker killed at any point
 * leaves a video the retry can finish. What is stored is counted again after each step.
 */
export function processVideoHandler(d: ProcessDeps) {
  return async function processVideo(videoId: string, attempt = 0, signal?: AbortSignal) {
    const em = d.orm.em.fork();
    const video = await em.findOne(Video, { id: videoId });
    if (!video?.originalKey) return; // deleted meanwhile, or nothing to do
    const work = join(d.workDir, `${videoId}-${crypto.randomUUID()}`);
    // The source comes from storage into the work folder: the worker may be on another machine.
    const input = join(work, `source${extname(video.originalKey)}`);
    const reportProgress = progressReporter(d.orm, videoId);
    const stepDone = async (pct: number) => {
      video.progress = Math.max(video.progress, pct);
      await em.flush();
    };
    // A video deleted while a step ran must not get files back: drop them and stop.
    const deletedMeanwhile = async () => {
      if (await d.orm.em.fork().count(Video, { id: videoId })) return false;
      await d.storage.deletePrefix(videoKeys.dir(videoId));
      return true;
    };
    /** The first rendition is out: saved, and a new upload's video.ready recorded in the same transaction. */
    const playable = async () => {
      await em.transactional(async (tx) => {
        await tx.flush();
        if (firstUpload) await recordVideoEvent(sqlOf(tx), videoId, 'video.ready');
      });
    };
    const opts = (from: number, to: number) => ({
      ffmpegPath: d.ffmpegPath,
      timeoutMs: d.timeoutMs,
      deadlines: d.deadlines,
      signal,
      onProgress: (f: number) => reportProgress(from + (to - from) * f),
    });

    let early: EarlyRemux | null = null;
    // A new upload (never published, never changed): the account's auto captions follow its processing.
    const firstUpload = video.renditions.length === 0 && !video.mediaVersion;
    // The picture's folder: the first upload's at the top level, a replaced or edited one in its version's.
    const base = videoKeys.media(videoId, video.mediaVersion);
    try {
      await mkdir(work, { recursive: true });
      await d.storage.getFile(video.originalKey, input);
      // Most uploads are remuxed: that remux starts beside the probe and is kept if the probe agrees.
      if (video.renditions.length === 0) early = startEarlyRemux(input, join(work, 'first'), opts(0, 30));
      const info = await probe(input, { ffprobePath: d.ffprobePath, deadlines: d.deadlines, signal });
      checkSource(info, d.limits);
      Object.assign(video, probeFacts(info), { status: 'processing' });
      await em.flush();

      // Done once a complete first rendition is recorded (a growing one is playable before that).
      if (video.renditions.length === 0) {
        await d.onStep?.('publish', videoId, attempt);
        const out = join(work, 'first');
        if (isFastPublishable(info)) {
          const first = await publishFirstRendition(input, out, info, opts(0, 30), early ?? undefined);
          await publishDir(d.storage, out, base, 'hls/master.m3u8');
          if (await deletedMeanwhile()) return;
          video.renditions = [first.rendition as StoredRendition];
          video.isMainReady = true;
          video.isHlsReady = true;
          // A remux holds every stream the service uses, so it becomes the source of later steps
          // and the upload is not kept twice (its metadata, e.g. a phone's location, goes with it).
          const upload = video.originalKey;
          if (first.remuxed) video.originalKey = videoKeys.main(videoId, video.mediaVersion);
          video.progress = Math.max(video.progress, 30);
          await playable();
          if (upload !== video.originalKey) await d.storage.delete(upload);
          await d.quota.recount(videoId);
          d.log.info({ videoId, remuxed: first.remuxed }, 'first rendition published');
        } else {
          await early?.stop();
          // Anything else plays while it is encoded: segments go out as ffmpeg closes them.
          const keys = new Set<string>();
          const rendition = await publishGrowingRendition(input, out, info, opts(0, 30), async (update) => {
            for (const file of update.files) {
              const key = `${base}/${file}`;
              await d.storage.putFile(key, join(out, file));
              keys.add(key);
            }
            if (update.first) {
              video.isHlsReady = true;
              await playable();
              d.log.info({ videoId }, 'growing rendition published');
              await d.onStep?.('playable', videoId, attempt);
            }
          });
          // Segments of an interrupted earlier run that the finished playlist does not list.
          await deleteAllExcept(d.storage, `${base}/hls/${FIRST_RENDITION_NAME}`, keys);
          if (await deletedMeanwhile()) return;
          video.renditions = [rendition as StoredRendition];
          await stepDone(30);
          await d.quota.recount(videoId);
        }
      }

      if (video.thumbnails.length === 0) {
        await d.onStep?.('thumbnails', videoId, attempt);
        const out = join(work, 'thumbs');
        const files = await extractThumbnails(input, out, info, opts(30, 35));
        await publishDir(d.storage, out, `${base}/thumbs`);
        if (await deletedMeanwhile()) return;
        video.thumbnails = files.map((f) => d.storage.url(`${base}/thumbs/${f.split('/').pop()}`));
        video.imageUrl ??= video.thumbnails[0] ?? null;
        await stepDone(35);
        await d.quota.recount(videoId);
      }

      if (!video.isLadderReady) {
        await d.onStep?.('ladder', videoId, attempt);
        const out = join(work, 'ladder');
        const previous = video.renditions;
        // Renditions are stored whole (the type names what lists need); the remux may be the top rung.
        const first = (previous as Rendition[]).find((r) => r.name === FIRST_RENDITION_NAME);
        const top = first && canBeTopRung(info, first) ? first : undefined;
        // A growing first rendition wrote no mp4: the ladder's top rung becomes main.mp4.
        const mp4 = !video.isMainReady;
        const ladder = await buildLadder(input, out, info, opts(35, 100), top, mp4);
        // Rendition folders first, the master last: players switch to the ladder in one step.
        await publishDir(d.storage, out, base, 'hls/master.m3u8');
        if (await deletedMeanwhile()) return;
        // The renditions the ladder replaced: of a changed video (a new version), they stay a while
        // for players that loaded its first master (removeStaleMedia, after the grace); of a first
        // upload they go now, as before versions existed.
        if (!video.mediaVersion) {
          const kept = new Set(ladder.map((r) => r.playlist.split('/').slice(0, -1).join('/')));
          for (const r of previous) {
            const folder = r.playlist.split('/').slice(0, -1).join('/');
            if (!kept.has(folder)) await d.storage.deletePrefix(`${base}/${folder}`);
          }
        }
        video.renditions = ladder as StoredRendition[];
        video.isLadderReady = true;
        if (mp4) video.isMainReady = true;
      }
      // Seek previews from the lowest rung (issue 26): after the ladder, so first playback never waits for them.
      if (!hasCurrentStoryboard(video) && video.durationSec) {
        await d.onStep?.('storyboard', videoId, attempt);
        await storyboardStep(d, video, input, work, opts(99, 100));
        if (await deletedMeanwhile()) return;
      }
      video.status = 'ready';
      video.error = null;
      // The picture this one replaced (a replace, a trim over the video, a watermark) and the
      // renditions the ladder replaced: nobody is sent to them any more; they go after a grace.
      await d.scheduleStaleRemoval?.(videoId);
      // Counted before the video shows ready, so whoever sees it ready sees what it stores.
      await d.quota.recount(videoId);
      await stepDone(100);
      if (firstUpload) await d.onFirstPublished?.(videoId).catch((err) => d.log.warn({ err, videoId }, 'generated captions not started'));
    } finally {
      await early?.stop();
      await rm(work, { recursive: true, force: true });
    }
  };
}

/**
 * After the last try: a video that never became playable is marked failed with its owner's
 * reason and keeps no files (a refused source leaves nothing stored); a playable one keeps
 * playing and carries the reason.
 */
export async function markProcessingFailed(d: Pick<ProcessDeps, 'orm' | 'storage'>, videoId: string, reason: string) {
  const em = d.orm.em.fork();
  const video = await em.findOne(Video, { id: videoId });
  if (!video) return;
  video.error = reason;
  // Playable: a complete first rendition (a growing one that ended counts; its mp4 would have
  // come with the ladder).
  const playable = video.isHlsReady && video.renditions.length > 0;
  if (playable) {
    video.status = 'ready';
    await removeStaleMedia(d.storage, video);
  } else {
    // Never playable, so no player reads these files: gone before the owner sees the failure.
    await d.storage.deletePrefix(videoKeys.dir(videoId));
    Object.assign(video, { status: 'failed', originalKey: null, storedBytes: 0 });
  }
  await em.transactional(async (tx) => {
    await tx.flush();
    await videoMails.processingFailed(sqlOf(tx), videoId, reason, playable);
    if (!playable) await recordVideoEvent(sqlOf(tx), videoId, 'video.failed', { reason });
  });
}
