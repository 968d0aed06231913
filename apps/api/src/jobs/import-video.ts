import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Orm } from '../db/orm.ts';
import { downloadHls, downloadToFile, probeKind } from '../imports/download.ts';
import { createGuardedFetch } from '../imports/guarded-fetch.ts';
import { ImportRefusedError } from '../imports/import-error.ts';
import { downloadWithYtDlp } from '../imports/yt-dlp.ts';
import { remuxHlsToMp4 } from '../media/pipelines.ts';
import { NotAVideoError, probe } from '../media/probe.ts';
import { Video } from '../modules/videos/video.entity.ts';
import { probeFacts, videoKeys } from '../modules/videos/video-view.ts';
import type { Storage } from '../storage/storage.ts';
import { JOBS } from './job-names.ts';
import type { Queue } from './queue.ts';

export interface ImportDeps {
  orm: Orm;
  storage: Storage;
  queue: Queue;
  log: Logger;
  workDir: string;
  ffmpegPath?: string;
  ffprobePath?: string;
  timeoutMs: number;
  allowedHosts: string[];
  maxBytes: number;
  downloadTimeoutMs: number;
}

/** Errors the owner should read as they are (refused address, not a video, no yt-dlp). */
export class ImportError extends Error {}

/**
 * The import-video job: downloads through the guarded fetcher into a private folder, checks
 * the result is a video, stores it as the original and queues processing. Progress goes to the
 * row (at most once a second) for the import dialog's poll.
 */
export function importVideoHandler(d: ImportDeps) {
  const fetcher = createGuardedFetch({ allowedHosts: d.allowedHosts, maxBytes: d.maxBytes, timeoutMs: d.downloadTimeoutMs, maxRedirects: 5 });

  return async function importVideo(videoId: string, _attempt = 0, signal?: AbortSignal) {
    const em = d.orm.em.fork();
    const video = await em.findOne(Video, { id: videoId });
    if (!video?.importUrl || video.originalKey) return; // deleted, or already imported by an earlier try
    const work = join(d.workDir, `${videoId}-${crypto.randomUUID()}`);
    let lastWrite = 0;
    // Written outside this unit of work (see process-video), and never backwards.
    const report = (fraction: number) => {
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
        const playlist = await downloadHls(fetcher, url, join(work, 'hls'), { signal, onProgress: (done: number, total: number | null) => report(total ? (done / total) * 0.9 : 0) });
        file = join(work, 'imported.mp4');
        await remuxHlsToMp4(playlist, file, { ffmpegPath: d.ffmpegPath, timeoutMs: d.timeoutMs, signal });
      } else if (kind === 'page') {
        file = await downloadWithYtDlp(url, work, { timeoutMs: d.downloadTimeoutMs, maxBytes: d.maxBytes, allowedHosts: d.allowedHosts, signal, onProgress: (f: number) => report(f) });
      } else {
        file = join(work, 'download');
        await downloadToFile(fetcher, url, file, { signal, onProgress: (done: number, total: number | null) => report(total ? done / total : 0) });
      }
      const info = await probe(file, { ffprobePath: d.ffprobePath }).catch((err) => {
        throw err instanceof NotAVideoError ? new ImportError('The link does not lead to a video we can play.') : err;
      });
      const key = videoKeys.original(videoId, '.mp4');
      const stored = await d.storage.putFile(key, file);
      Object.assign(video, {
        originalKey: key,
        size: stored.size,
        importProgress: 100,
        status: 'queued',
        ...probeFacts(info),
      });
      await em.flush();
      await d.queue.send(JOBS.processVideo, { videoId }, videoId);
    } catch (err) {
      // A refused address or a non-video will not get better on retry: fail at once.
      if (isPermanent(err)) {
        await markImportFailed(d.orm, videoId, (err as Error).message);
        return;
      }
      throw err;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  };
}

function isPermanent(err: unknown): boolean {
  return err instanceof ImportError || (err instanceof ImportRefusedError && !err.transient);
}

export async function markImportFailed(orm: Orm, videoId: string, message: string) {
  await orm.em.fork().nativeUpdate(Video, { id: videoId, originalKey: null }, { status: 'failed', error: message.slice(0, 2000) });
}
