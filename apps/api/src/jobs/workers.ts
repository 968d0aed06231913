import type { Job } from 'pg-boss';
import type { Logger } from 'pino';
import { MESSAGES as IMPORT_MESSAGES } from '../imports/import-error.ts';
import { classifyFailure, FAILURE_MESSAGES } from './failure.ts';
import { type FailedOverData, failedOverHandler } from './failed-over.ts';
import { type EditVideoJob, type GenerateCaptionsJob, JOBS, type MakeGifJob, type ReplaceVideoJob, RETRY_LIMIT, type VideoFrameJob, type WatermarkVideoJob } from '../queue/job-contract.ts';
import type { SlotData } from '../queue/job-queue.ts';
import type { Queue } from '../queue/queue.ts';

export interface JobHandlers {
  processVideo: (videoId: string, attempt: number, signal?: AbortSignal) => Promise<void>;
  importVideo: (videoId: string, attempt: number, signal?: AbortSignal) => Promise<void>;
  editVideo: (job: EditVideoJob, attempt: number, signal?: AbortSignal) => Promise<void>;
  videoFrame: (job: VideoFrameJob, attempt: number, signal?: AbortSignal) => Promise<void>;
  makeGif: (job: MakeGifJob, attempt: number, signal?: AbortSignal) => Promise<void>;
  watermarkVideo: (job: WatermarkVideoJob, attempt: number, signal?: AbortSignal) => Promise<void>;
  replaceVideo: (job: ReplaceVideoJob, attempt: number, signal?: AbortSignal) => Promise<void>;
  removeStaleMedia: (videoId: string) => Promise<void>;
  generateCaptions: (job: GenerateCaptionsJob, attempt: number, signal?: AbortSignal) => Promise<void>;
  /** The owner's reason (never a tool's output) once a job will not be tried again. */
  /** `data` is the job's own (e.g. the caption track a caption job makes). */
  onFinalFailure: (name: string, videoId: string, reason: string, data: { videoId: string; trackId?: string }) => Promise<void>;
}

export interface WorkerOptions {
  concurrency: number;
  log: Logger;
  /** One deadline for a whole job, whatever steps and ffmpeg runs it holds. */
  jobTimeoutMs: number;
  /** One deadline for a whole import: download, remux, check and store. */
  importTimeoutMs: number;
  /** Jobs of one account (its group) one queue runs at once, over every worker (pg-boss counts them in PostgreSQL). */
  maxRunningPerAccount: number;
  /** Ends a job's slot (queue/job-queue.ts): its reservation and its place in the account's queue; false when it had ended. */
  releaseSlot: (slotId: string) => Promise<boolean>;
  /** Test seam: awaited before each job runs. */
  onJobStart?: (name: string, data: { videoId: string }) => void | Promise<void>;
}

/**
 * Subscribes the handlers to their queues. Each job runs under its deadline (its signal aborts
 * then, which kills its ffmpeg and its downloads). A failure that will fail again (bad media, a
 * refused source or address, the deadline) ends the job at once with the owner's reason;
 * others are retried by pg-boss until RETRY_LIMIT.
 */
export async function startWorkers(queue: Queue, handlers: JobHandlers, opts: WorkerOptions) {
  // Every job names the video it works on; handlers that need more take the whole payload.
  // `waited`: the API waits for the job and reports its error itself (sendAndWait), so it always fails as thrown.
  const run = <T extends { videoId: string } & SlotData>(
    name: string,
    o: { limitMs: number; deadlineReason: string; waited?: boolean },
    fn: (data: T, attempt: number, signal: AbortSignal) => Promise<void>,
  ) =>
    queue.boss.work<T>(
      name,
      { localConcurrency: opts.concurrency, groupConcurrency: opts.maxRunningPerAccount, batchSize: 1, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2, includeMetadata: true },
      async (jobs: Job<T>[]) => {
        for (const job of jobs) {
          const { retryCount: attempt = 0, signal: stopped } = job as unknown as { retryCount?: number; signal?: AbortSignal };
          // The job's slot ends with its last try, whatever the outcome; what it stored is counted by then.
          const release = () => (job.data.slotId ? opts.releaseSlot(job.data.slotId).catch((err) => opts.log.error({ err }, 'releasing a job slot failed')) : undefined);
          await opts.onJobStart?.(name, job.data);
          const deadline = AbortSignal.timeout(o.limitMs);
          const signal = stopped ? AbortSignal.any([stopped, deadline]) : deadline;
          opts.log.info({ job: name, videoId: job.data.videoId, attempt }, 'job started');
          try {
            await fn(job.data, attempt, signal);
          } catch (err) {
            const { reason, permanent } = classifyFailure(err, deadline.aborted ? o.deadlineReason : null);
            // The whole error (a tool's stderr included) is for the log only.
            opts.log.warn({ job: name, videoId: job.data.videoId, attempt, permanent, err }, 'job failed');
            if (o.waited || permanent || attempt >= RETRY_LIMIT) await release();
            if (o.waited) throw err;
            if (permanent || attempt >= RETRY_LIMIT) await handlers.onFinalFailure(name, job.data.videoId, reason, job.data).catch((e) => opts.log.error({ err: e }, 'marking a failure failed'));
            if (permanent) return;
            throw err;
          }
          await release();
          opts.log.info({ job: name, videoId: job.data.videoId, attempt }, 'job finished');
        }
      },
    );
  const job = { limitMs: opts.jobTimeoutMs, deadlineReason: FAILURE_MESSAGES.deadline(opts.jobTimeoutMs) };
  await run(JOBS.processVideo, job, (data, attempt, signal) => handlers.processVideo(data.videoId, attempt, signal));
  await run(JOBS.importVideo, { limitMs: opts.importTimeoutMs, deadlineReason: IMPORT_MESSAGES.timeout }, (data, attempt, signal) => handlers.importVideo(data.videoId, attempt, signal));
  await run<EditVideoJob>(JOBS.editVideo, job, handlers.editVideo);
  await run<VideoFrameJob>(JOBS.videoFrame, { ...job, waited: true }, handlers.videoFrame);
  await run<MakeGifJob>(JOBS.makeGif, { ...job, waited: true }, handlers.makeGif);
  await run<WatermarkVideoJob>(JOBS.watermarkVideo, job, handlers.watermarkVideo);
  await run<ReplaceVideoJob>(JOBS.replaceVideo, job, handlers.replaceVideo);
  await run<GenerateCaptionsJob>(JOBS.generateCaptions, job, handlers.generateCaptions);
  await run(JOBS.removeStaleMedia, job, (data) => handlers.removeStaleMedia(data.videoId));
  // A dead worker's last try, failed over by pg-boss (queue.ts: the slot jobs' dead letter queue).
  const failedOver = failedOverHandler({ releaseSlot: opts.releaseSlot, onFinalFailure: handlers.onFinalFailure, log: opts.log });
  await queue.boss.work<FailedOverData>(JOBS.failedOver, { batchSize: 1, includeMetadata: true }, async (jobs) => {
    // includeMetadata: the dead letter names the queue its job failed in.
    for (const j of jobs) await failedOver((j as unknown as { sourceName: string | null }).sourceName, j.data);
  });
}
