import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { openDatabase } from './db/orm.ts';
import { withStartupLock } from './db/startup-lock.ts';
import { markProcessingFailed, type ProcessDeps, processVideoHandler } from './jobs/process-video.ts';
import { startQueue } from './jobs/queue.ts';
import { startWorkers } from './jobs/workers.ts';
import { importVideoHandler, markImportFailed } from './jobs/import-video.ts';
import { editVideoHandler } from './jobs/edit-video.ts';
import { videoFrameHandler } from './jobs/video-frame.ts';
import { makeGifHandler } from './jobs/make-gif.ts';
import { markWatermarkFailed, watermarkVideoHandler } from './jobs/watermark-video.ts';
import { JOBS } from './jobs/job-names.ts';
import { openStorage } from './storage/open-storage.ts';

export interface CoreHooks {
  onStep?: ProcessDeps['onStep'];
}

/** What the API and the workers share: database, queue, storage and the job handlers. */
export async function startCore(config: Config, log: Logger, databaseUrl: string) {
  const { orm, queue } = await withStartupLock(databaseUrl, async () => {
    const orm = await openDatabase(databaseUrl, log);
    const queue = await startQueue(databaseUrl, log, { retryDelaySeconds: config.JOB_RETRY_DELAY_SECONDS, heartbeatSeconds: config.JOB_HEARTBEAT_SECONDS });
    return { orm, queue };
  });
  const storage = await openStorage(config);
  const tmpDir = join(config.DATA_DIR, 'tmp');

  return {
    orm,
    queue,
    storage,
    tmpDir,
    async startWorkers(hooks: CoreHooks = {}) {
      const media = { ffmpegPath: config.FFMPEG_PATH, ffprobePath: config.FFPROBE_PATH, timeoutMs: config.PROCESS_TIMEOUT_SECONDS * 1000 };
      const processVideo = processVideoHandler({ orm, storage, log, workDir: join(tmpDir, 'work'), ...media, onStep: hooks.onStep });
      const importVideo = importVideoHandler({
        orm,
        storage,
        queue,
        log,
        workDir: join(tmpDir, 'imports'),
        ...media,
        allowedHosts: config.IMPORT_ALLOWED_HOSTS,
        maxBytes: config.IMPORT_MAX_BYTES,
        downloadTimeoutMs: config.IMPORT_TIMEOUT_SECONDS * 1000,
      });
      const editDeps = { orm, storage, queue, log, workDir: join(tmpDir, 'edits'), ...media };
      const editVideo = editVideoHandler(editDeps);
      const videoFrame = videoFrameHandler(editDeps);
      const makeGif = makeGifHandler(editDeps);
      const watermarkVideo = watermarkVideoHandler(editDeps);
      await startWorkers(
        queue,
        {
          processVideo,
          importVideo,
          editVideo,
          videoFrame,
          makeGif,
          watermarkVideo,
          onFinalFailure: (name, videoId, message) =>
            name === JOBS.importVideo ? markImportFailed(orm, videoId, message) : name === JOBS.watermarkVideo ? markWatermarkFailed(orm, videoId) : markProcessingFailed(orm, videoId, message),
        },
        { concurrency: config.WORKER_CONCURRENCY, log },
      );
      log.info({ concurrency: config.WORKER_CONCURRENCY }, 'worker started');
    },
    async close() {
      await queue.stop();
      await orm.close();
      await storage.close?.();
    },
  };
}
export type Core = Awaited<ReturnType<typeof startCore>>;
