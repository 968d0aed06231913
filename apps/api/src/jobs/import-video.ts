import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Orm } from '../db/orm.ts';
import { HttpError } from '../http/errors.ts';
import { downloadHls, downloadToFile, probeKind } from '../imports/download.ts';
import { createGuardedFetch } from '../imports/guarded-fetch.ts';
import { downloadWithYtDlp } from '../imports/yt-dlp.ts';
import { remuxHlsToMp4 } from '../media/pipelines/mp4.ts';
import type { MediaDeadlines } from '../media/deadlines.ts';
import { NotAVideoError, probe } from '../media/probe.ts';
import { checkSource, type SourceLimits } from '../media/source-limits.ts';
import { STORAGE_FULL, type StorageQuota } from '../modules/videos/quota/storage-quota.ts';
import { Video } from '../modules/videos/video.entity.ts';
import { probeFacts } from '../modules/videos/video-view.ts';
import { videoKeys } from '../modules/videos/storage-layout.ts';
import type { Storage } from '../storage/storage.ts';
import { OwnerError } from './failure.ts';
import { JOBS } from '../queue/job-contract.ts';
import type { JobQueue } from '../queue/job-queue.ts';
import { sqlOf } from '../db/sql.ts';
import { videoMails } from '../modules/videos/video-mails.ts';
import { recordVideoEvent } from '../modules/webhooks/webhook-events.ts';

export interface ImportDeps {
  orm: Orm;
  storage: Storage;
  queue: JobQueue;
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
  allowedHosts: string[];
  /** SOURCE_MAX_BYTES. */
  maxBytes: number;
  /** The import's deadline (IMPORT_TIMEOUT_SECONDS), also the reservation's lifetime. */
  downloadTimeoutMs: number;
  minBytesPerSecond: number;
  rateWindowMs: number;
}

export const IMPORT_NOT_A_VIDEO = 'The link does not lead to a video we can play.';

/**
 * The import-video job: downloads through the guarded fetcher into a private folder, checks the
 * result is a video within the source limits, stores it as the original and queues processing.
 * The bytes it downloads are reserved against the owner's storage limit as they arrive, so an
 * import counts like an upload and stops when the account is full. Progress goes to the row (at
 * most once a second) for the import dialog's poll.
 */
export function importVideoHandler(d: ImportDeps) {
  const fetcher = createGuardedFetch({
    allowedHosts: d.allowedHosts,
    maxBytes: d.maxBytes,
    timeoutMs: d.downloadTimeoutMs,
    maxRedirects: 5,
    minBytesPerSecond: d.minBytesPerSecond,
    rateWindowMs: d.rateWindowMs,
  });

  return async function importVideo(videoId: string, _attempt = 0, jobSignal?: AbortSignal) {
    const em = d.orm.em.fork();
    const video = await em.findOne(Video, { id: videoId });
    if (!video?.importUrl || video.originalKey) return; // deleted, or already imported by an earlier try
    const work = join(d.workDir, `${videoId}-${crypto.randomUUID()}`);
    // A full account stops the download: the reservation's growth fails and aborts it.
    const full = new AbortController();
    const signal = jobSignal ? AbortSignal.any([jobSignal, full.signal]) : full.signal;
    const reservation = await d.quota.reserve(video.userId, 0, d.downloadTimeoutMs).catch((err) => {
      throw err instanceof HttpError && err.status === 413 ? new OwnerError(STORAGE_FULL) : err;
    });
    // The reservation follows the bytes received, one update at a time.
    let received = 0;
    let reserved = 0;
    let growing = false;
    const grow = async () => {
      if (growing) return;
      growing = true;
      try {
        while (received > reserved && !full.signal.aborted) {
          const target = received;
          if (!(await d.quota.resize(video.userId, reservation.id, target))) full.abort(new OwnerError(STORAGE_FULL));
          reserved = target;
        }
      } catch (err) {
        d.log.warn({ err, videoId }, 'import reservation not updated');
      } finally {
        growing = false;
      }
    };
    let lastWrite = 0;
    // Written outside this unit of work (see process-video), and never backwards.
    const report = (fraction: number, bytes?: number) => {
      if (bytes !== undefined && bytes > received) {
        received = bytes;
        void grow();
      }
      if (Date.now() - lastWrite < 1_000) return;
      lastWrite = Date.now();
      // 99 at most until the file is stored: 100 tells the dialog the import is done.
      const value = Math.min(99, Math.floor(fraction * 100));
      void d.orm.em.fork().nativeUpdate(Video, { id: videoId, importProgress: { $lt: value } }, { importProgress: value }).catch(() => {});
    };
    try {
      await mkdir(work, { recursive: true });
      const url = video.importUrl;
      const kind = await probeKind(fetcher, url, { signal });
      let file: string;
      if (kind === 'hls') {
        const playlist = await downloadHls(fetcher, url, join(work, 'hls'), {
          signal,
          onProgress: (done: number, total: number, bytes: number) => report(total ? (done / total) * 0.9 : 0, bytes),
        });
        file = join(work, 'imported.mp4');
        await remuxHlsToMp4(playlist, file, { ffmpegPath: d.ffmpegPath, timeoutMs: d.timeoutMs, deadlines: d.deadlines, signal });
      } else if (kind === 'page') {
        file = await downloadWithYtDlp(url, work, { timeoutMs: d.downloadTimeoutMs, maxBytes: d.maxBytes, allowedHosts: d.allowedHosts, signal, onProgress: (f: number) => report(f) });
      } else {
        file = join(work, 'download');
        await downloadToFile(fetcher, url, file, { signal, onProgress: (done: number, total: number | null) => report(total ? done / total : 0, done) });
      }
      if (full.signal.aborted) throw full.signal.reason;
      const info = await probe(file, { ffprobePath: d.ffprobePath, deadlines: d.deadlines, signal }).catch((err) => {
        throw err instanceof NotAVideoError ? new OwnerError(IMPORT_NOT_A_VIDEO) : err;
      });
      checkSource(info, d.limits);
      const size = (await stat(file)).size;
      if (!(await d.quota.resize(video.userId, reservation.id, size))) throw new OwnerError(STORAGE_FULL);
      const key = videoKeys.original(videoId, '.mp4');
      const stored = await d.storage.putFile(key, file);
      Object.assign(video, { originalKey: key, size: stored.size, storedBytes: stored.size, importProgress: 100, status: 'queued', ...probeFacts(info) });
      await em.flush();
      // Deleted while it downloaded: nothing may stay behind.
      if (!(await d.orm.em.fork().count(Video, { id: videoId }))) {
        await d.storage.deletePrefix(videoKeys.dir(videoId));
        return;
      }
      await d.queue.send(JOBS.processVideo, { videoId }, { userId: video.userId, continuing: true, singletonKey: videoId });
    } catch (err) {
      throw full.signal.aborted ? full.signal.reason : err;
    } finally {
      await d.quota.release(reservation.id);
      await rm(work, { recursive: true, force: true });
    }
  };
}

export async function markImportFailed(orm: Orm, videoId: string, message: string) {
  await orm.em.fork().transactional(async (em) => {
    if (await em.nativeUpdate(Video, { id: videoId, originalKey: null }, { status: 'failed', error: message.slice(0, 2000) })) {
      await videoMails.processingFailed(sqlOf(em), videoId, message.slice(0, 2000), false);
      await recordVideoEvent(sqlOf(em), videoId, 'video.failed', { reason: message.slice(0, 2000) });
    }
  });
}
