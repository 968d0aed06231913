import type { Job } from 'pg-boss';
import type { Logger } from 'pino';
import { type EditVideoJob, JOBS, type MakeGifJob, RETRY_LIMIT, type VideoFrameJob, type WatermarkVideoJob } from './job-names.ts';
import type { Queue } from './queue.ts';

export interface JobHandlers {
  processVideo: (videoId: string, attempt: number, signal?: AbortSignal) => Promise<void>;
  importVideo: (videoId: string, attempt: number, signal?: AbortSignal) => Promise<void>;
  editVideo: (job: EditVideoJob, attempt: number, signal?: AbortSignal) => Promise<void>;
  videoFrame: (job: VideoFrameJob, attempt: number, signal?: AbortSignal) => Promise<void>;
  makeGif: (job: MakeGifJob, attempt: number, signal?: AbortSignal) => Promise<void>;
  watermarkVideo: (job: WatermarkVideoJob, attempt: number, signal?: AbortSignal) => Promise<void>;
  onFinalFailure: (name: string, videoId: string, message: string) => Promise<void>;
}

/** Subscribes the handlers to their queues; each job gets its own try, its failures their retries. */
export async function startWorkers(queue: Queue, handlers: JobHandlers, opts: { concurrency: number; log: Logger }) {
  // Every job names the video it works on; handlers that need more take the whole payload.
  const run = <T extends { videoId: string }>(name: string, fn: (data: T, attempt: number, signal?: AbortSignal) => Promise<void>) =>
    queue.boss.work<T>(name, { localConcurrency: opts.concurrency, batchSize: 1, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2, includeMetadata: true }, async (jobs: Job<T>[]) => {
      for (const job of jobs) {
        const { retryCount: attempt = 0, signal } = job as unknown as { retryCount?: number; signal?: AbortSignal };
        opts.log.info({ job: name, videoId: job.data.videoId, attempt }, 'job started');
        try {
          // The signal aborts when the worker stops, which kills the job's ffmpeg.
          await fn(job.data, attempt, signal);
        } catch (err) {
          const message = (err as Error).message ?? String(err);
          opts.log.warn({ job: name, videoId: job.data.videoId, attempt, err: message }, 'job failed');
          if (attempt >= RETRY_LIMIT) await handlers.onFinalFailure(name, job.data.videoId, message).catch(() => {});
          throw err;
        }
        opts.log.info({ job: name, videoId: job.data.videoId, attempt }, 'job finished');
      }
    });
  await run(JOBS.processVideo, (data, attempt, signal) => handlers.processVideo(data.videoId, attempt, signal));
  await run(JOBS.importVideo, (data, attempt, signal) => handlers.importVideo(data.videoId, attempt, signal));
  await run<EditVideoJob>(JOBS.editVideo, handlers.editVideo);
  await run<VideoFrameJob>(JOBS.videoFrame, handlers.videoFrame);
  await run<MakeGifJob>(JOBS.makeGif, handlers.makeGif);
  await run<WatermarkVideoJob>(JOBS.watermarkVideo, handlers.watermarkVideo);
}
