import type { Job } from 'pg-boss';
import type { Logger } from 'pino';
import { type ImportVideoJob, JOBS, type ProcessVideoJob, RETRY_LIMIT } from './job-names.ts';
import type { Queue } from './queue.ts';

export interface JobHandlers {
  processVideo: (videoId: string, attempt: number, signal?: AbortSignal) => Promise<void>;
  importVideo: (videoId: string, attempt: number, signal?: AbortSignal) => Promise<void>;
  onFinalFailure: (name: string, videoId: string, message: string) => Promise<void>;
}

/** Subscribes the handlers to their queues; each job gets its own try, its failures their retries. */
export async function startWorkers(queue: Queue, handlers: JobHandlers, opts: { concurrency: number; log: Logger }) {
  const run = (name: string, fn: JobHandlers['processVideo']) =>
    queue.boss.work<ProcessVideoJob | ImportVideoJob>(name, { localConcurrency: opts.concurrency, batchSize: 1, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2, includeMetadata: true }, async (jobs: Job<ProcessVideoJob | ImportVideoJob>[]) => {
      for (const job of jobs) {
        const { retryCount: attempt = 0, signal } = job as unknown as { retryCount?: number; signal?: AbortSignal };
        opts.log.info({ job: name, videoId: job.data.videoId, attempt }, 'job started');
        try {
          // The signal aborts when the worker stops, which kills the job's ffmpeg.
          await fn(job.data.videoId, attempt, signal);
        } catch (err) {
          const message = (err as Error).message ?? String(err);
          opts.log.warn({ job: name, videoId: job.data.videoId, attempt, err: message }, 'job failed');
          if (attempt >= RETRY_LIMIT) await handlers.onFinalFailure(name, job.data.videoId, message).catch(() => {});
          throw err;
        }
        opts.log.info({ job: name, videoId: job.data.videoId, attempt }, 'job finished');
      }
    });
  await run(JOBS.processVideo, handlers.processVideo);
  await run(JOBS.importVideo, handlers.importVideo);
}
