import { join } from 'node:path';
import { WEBHOOK_USER_AGENT } from '@reelbase/api-client';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { openDatabase } from './db/orm.ts';
import { entities } from './modules/entities.ts';
import { withStartupLock } from './db/startup-lock.ts';
import { markProcessingFailed, type ProcessDeps, processVideoHandler } from './jobs/process-video.ts';
import { refusingMediaJobs, startQueue } from './queue/queue.ts';
import { startWorkers, type WorkerOptions } from './jobs/workers.ts';
import { importVideoHandler, markImportFailed } from './jobs/import-video.ts';
import { editVideoHandler } from './jobs/edit-video.ts';
import { videoFrameHandler } from './jobs/video-frame.ts';
import { generateCaptionsHandler, markCaptionsFailed } from './jobs/generate-captions.ts';
import { captionEngine } from './captions-engine.ts';
import { createCaptionGenerationService } from './modules/captions/generation.service.ts';
import { makeGifHandler } from './jobs/make-gif.ts';
import { startShowcaseAudioJobs } from './jobs/showcase-audio.ts';
import { startTranslationJobs } from './jobs/translate-captions.ts';
import { translationEngineOf, translationTimeoutMs } from './captions.ts';
import { startAudioTrackJobs } from './jobs/audio-track.ts';
import { markWatermarkFailed, watermarkVideoHandler } from './jobs/watermark-video.ts';
import { markReplaceFailed, replaceVideoHandler } from './jobs/replace-video.ts';
import { removeStaleMediaHandler } from './jobs/remove-stale-media.ts';
import { JOBS, RETRY_LIMIT } from './queue/job-contract.ts';
import { jobQueue } from './queue/job-queue.ts';
import { accountRemovalJob } from './jobs/account-removal.ts';
import { createSubscriptions } from './modules/payments/subscriptions.service.ts';
import { configureMediaBox, mediaBoxReport, refuseMedia } from './media/box.ts';
import { mediaDeadlines } from './media/deadlines.ts';
import { MEDIA_UNAVAILABLE, mediaReadiness } from './media/readiness.ts';
import { storageQuota } from './modules/videos/quota/storage-quota.ts';
import { openStorage } from './storage/open-storage.ts';
import { processScratchDir, sweepDeadScratch } from './storage/scratch.ts';
import { mailsFromConfig } from './mail/render.ts';
import { createGuardedFetch } from './imports/guarded-fetch.ts';
import { type DeliverWebhookJob, webhookDelivery } from './modules/webhooks/webhook-delivery.ts';
import { thumbnailTestsCheckHandler } from './jobs/thumbnail-tests-check.ts';
import { storedSecret } from './jwt-secret.ts';
import { startCrmJobs } from './jobs/crm-jobs.ts';
import { crmConnectors } from './modules/integrations/connectors.ts';
import { createIntegrationsService } from './modules/integrations/integrations.service.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { secretBox } from './modules/two-factor/totp.ts';

const SWEEP_INTERVAL_MS = 15 * 60_000;

export interface CoreHooks {
  onStep?: ProcessDeps['onStep'];
  onJobStart?: WorkerOptions['onJobStart'];
}

/** What the API and the workers share: database, queue, storage and the job handlers. */
export async function startCore(config: Config, log: Logger, databaseUrl: string) {
  const { orm, queue } = await withStartupLock(databaseUrl, async () => {
    const orm = await openDatabase(databaseUrl, entities, log);
    const queue = await startQueue(databaseUrl, log, {
      retryDelaySeconds: config.JOB_RETRY_DELAY_SECONDS,
      heartbeatSeconds: config.JOB_HEARTBEAT_SECONDS,
      deadlineSeconds: Math.max(config.JOB_TIMEOUT_SECONDS, config.IMPORT_TIMEOUT_SECONDS),
    });
    return { orm, queue };
  });
  const storage = await openStorage(config);
  // Every ffmpeg/ffprobe run of this process goes into the same box (media/box.ts).
  configureMediaBox({ memoryBytes: config.MEDIA_MEMORY_LIMIT_MB * 1024 ** 2, cpuSeconds: config.MEDIA_CPU_LIMIT_SECONDS, sandbox: config.MEDIA_SANDBOX });
  // Refused (no current ffmpeg, or no box the operator did not turn off on purpose): every media
  // run of this process fails with a clear reason, and the API refuses new media work (503).
  const media = mediaReadiness({ ffmpegPath: config.FFMPEG_PATH, ffprobePath: config.FFPROBE_PATH }, config.MEDIA_SANDBOX);
  refuseMedia(!media.ready);
  const mediaTools = {
    ready: media.ready,
    ffmpeg: media.ffmpeg?.version ?? null,
    ffprobe: media.ffprobe?.version ?? null,
    source: media.ffmpeg?.source ?? null,
    ...mediaBoxReport(),
  };
  log[media.ready ? (media.boxed ? 'info' : 'warn') : 'error']({ ffmpeg: media.ffmpeg, ffprobe: media.ffprobe, box: mediaBoxReport() }, media.line);
  const tmpDir = join(config.DATA_DIR, 'tmp');
  const quota = storageQuota({
    orm,
    storage,
    defaultLimitBytes: config.STORAGE_LIMIT_BYTES_PER_ACCOUNT,
    dataDir: config.DATA_DIR,
    minFreeDiskBytes: config.MIN_FREE_DISK_MB * 1024 ** 2,
    maxJobsPerAccount: config.JOBS_MAX_RUNNING_PER_ACCOUNT + config.JOBS_MAX_QUEUED_PER_ACCOUNT,
    log,
  });
  // A slot ends with its job; should every try's worker die, it lapses after the longest the job could take.
  // A process that runs its worker on this machine (npm start) and cannot run media refuses media jobs at once (503).
  const jobs = jobQueue(!media.ready && config.RUN_WORKER ? refusingMediaJobs(queue, MEDIA_UNAVAILABLE) : queue, quota, { slotTtlMs: (Math.max(config.JOB_TIMEOUT_SECONDS, config.IMPORT_TIMEOUT_SECONDS) * (RETRY_LIMIT + 1) + 3600) * 1000 });
  // Scratch folders are per process (storage/scratch.ts): jobs' work folders, form uploads.
  const scratchRoots = { jobs: join(tmpDir, 'jobs'), multipart: join(tmpDir, 'multipart') };
  /** Removes what dead processes left (work folders, partial form uploads) and expired reservations. */
  const sweep = async () => {
    const removed = [...(await sweepDeadScratch(scratchRoots.jobs)), ...(await sweepDeadScratch(scratchRoots.multipart))];
    if (removed.length) log.info({ removed }, 'removed the scratch folders of processes that died');
    await quota.sweepExpired();
  };
  await sweep();
  const accountRemoval = accountRemovalJob({
    orm,
    storage,
    mails: mailsFromConfig(config, log),
    subscriptions: createSubscriptions({ orm }),
    publicUrl: config.PUBLIC_URL,
    log,
  });
  const sweeper = setInterval(() => void sweep().catch((err) => log.error({ err }, 'sweep failed')), SWEEP_INTERVAL_MS);
  sweeper.unref();
  // CRM connections (issue 33): the API queues pushes, the workers send them; secrets sealed with a key of this install.
  const integrations = createIntegrationsService({
    orm,
    box: secretBox(await storedSecret(orm, 'crm-secrets')),
    connectors: crmConnectors({ hubspotBase: config.HUBSPOT_API_BASE, mailchimpBase: config.MAILCHIMP_API_BASE, timeoutMs: config.CRM_TIMEOUT_SECONDS * 1000 }),
    sendJob: (pushId) => queue.send(JOBS.crmPush, { pushId }, { retryLimit: config.CRM_PUSH_RETRIES, retryDelay: config.JOB_RETRY_DELAY_SECONDS, retryBackoff: true }),
    retries: config.CRM_PUSH_RETRIES,
    log,
  });
  const notifications = createNotificationsService({ orm });
  let webhookSender: { close(): Promise<void> } | null = null;

  return {
    orm,
    queue,
    /** How the API and the workers queue jobs: admitted against the account's cap and storage. */
    jobs,
    storage,
    tmpDir,
    quota,
    /** This process's folder for form uploads being received. */
    multipartDir: processScratchDir(scratchRoots.multipart),
    sweep,
    /** One pass of the account-removal job (the worker runs it daily; tests run it on demand). */
    accountRemoval,
    /** The media tools in use and their box, for the admin health. */
    mediaTools,
    integrations,
    notifications,
    async startWorkers(hooks: CoreHooks = {}) {
      // The job's deadline is its signal; each ffmpeg/ffprobe run has its own, sized to its work (media/deadlines.ts).
      const media = { ffmpegPath: config.FFMPEG_PATH, ffprobePath: config.FFPROBE_PATH, timeoutMs: config.JOB_TIMEOUT_SECONDS * 1000, deadlines: mediaDeadlines(config) };
      const limits = {
        maxWidth: config.SOURCE_MAX_WIDTH,
        maxHeight: config.SOURCE_MAX_HEIGHT,
        maxFps: config.SOURCE_MAX_FPS,
        maxDurationSec: config.SOURCE_MAX_DURATION_SECONDS,
      };
      const work = processScratchDir(scratchRoots.jobs);
      // Files a video stopped listing go after their grace (each switch gets its whole grace).
      const scheduleStaleRemoval = async (videoId: string) => {
        await queue.send(JOBS.removeStaleMedia, { videoId }, { startAfter: config.STALE_MEDIA_GRACE_SECONDS });
      };
      const engine = captionEngine(config, (line) => log.error(line));
      const captionGeneration = createCaptionGenerationService({ orm, queue: jobs, engine });
      const processVideo = processVideoHandler({
        orm,
        storage,
        quota,
        log,
        workDir: join(work, 'work'),
        ...media,
        limits,
        scheduleStaleRemoval,
        onStep: hooks.onStep,
        onFirstPublished: (videoId) => captionGeneration.onFirstPublished(videoId),
      });
      const importVideo = importVideoHandler({
        orm,
        storage,
        queue: jobs,
        quota,
        log,
        workDir: join(work, 'imports'),
        ...media,
        limits,
        allowedHosts: config.IMPORT_ALLOWED_HOSTS,
        maxBytes: config.SOURCE_MAX_BYTES,
        downloadTimeoutMs: config.IMPORT_TIMEOUT_SECONDS * 1000,
        minBytesPerSecond: config.IMPORT_MIN_BYTES_PER_SECOND,
        rateWindowMs: config.IMPORT_RATE_WINDOW_SECONDS * 1000,
      });
      const editDeps = { orm, storage, queue: jobs, quota, log, workDir: join(work, 'edits'), ...media };
      const editVideo = editVideoHandler(editDeps);
      const videoFrame = videoFrameHandler(editDeps);
      const makeGif = makeGifHandler(editDeps);
      const watermarkVideo = watermarkVideoHandler(editDeps);
      const replaceVideo = replaceVideoHandler({ ...editDeps, limits });
      const generateCaptions = generateCaptionsHandler({ ...editDeps, workDir: join(work, 'captions'), engine });
      await startWorkers(
        queue,
        {
          processVideo,
          importVideo,
          editVideo,
          videoFrame,
          makeGif,
          watermarkVideo,
          replaceVideo,
          generateCaptions,
          removeStaleMedia: removeStaleMediaHandler({ orm, storage, quota }),
          onFinalFailure: (name, videoId, reason, data) =>
            name === JOBS.importVideo
              ? markImportFailed(orm, videoId, reason)
              : name === JOBS.watermarkVideo
                ? markWatermarkFailed(orm, videoId)
                : name === JOBS.replaceVideo
                  ? markReplaceFailed({ orm, storage, quota }, videoId, reason)
                  : name === JOBS.generateCaptions
                    ? markCaptionsFailed(orm, data.trackId as string, reason)
                    : name === JOBS.removeStaleMedia
                    ? Promise.resolve() // tried again after the next change; the video is untouched
                    : markProcessingFailed({ orm, storage }, videoId, reason),
        },
        {
          concurrency: config.WORKER_CONCURRENCY,
          log,
          jobTimeoutMs: config.JOB_TIMEOUT_SECONDS * 1000,
          importTimeoutMs: config.IMPORT_TIMEOUT_SECONDS * 1000,
          maxRunningPerAccount: config.JOBS_MAX_RUNNING_PER_ACCOUNT,
          releaseSlot: quota.release,
          onJobStart: hooks.onJobStart,
        },
      );
      // Webhook deliveries: through the imports' guard (the same allow-list), never following a redirect.
      const webhookFetch = createGuardedFetch({
        allowedHosts: config.IMPORT_ALLOWED_HOSTS,
        maxBytes: 64 * 1024,
        timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
        maxRedirects: 0,
        userAgent: WEBHOOK_USER_AGENT,
      });
      const webhooks = webhookDelivery({
        orm,
        queue,
        fetch: webhookFetch,
        retrySchedule: config.WEBHOOK_RETRY_SCHEDULE_SECONDS,
        retryWindowSeconds: config.WEBHOOK_RETRY_WINDOW_SECONDS,
        timeoutSeconds: config.WEBHOOK_TIMEOUT_SECONDS,
        disableAfterDays: config.WEBHOOK_DISABLE_AFTER_DAYS,
        log,
      });
      await queue.boss.work<DeliverWebhookJob>(JOBS.deliverWebhook, { localConcurrency: 4, batchSize: 1, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) await webhooks.deliver(job.data.deliveryId);
      });
      const sender = await webhooks.start(databaseUrl);
      webhookSender = { close: async () => { await sender.close(); webhookFetch.close(); } };
      await startCrmJobs(queue, { integrations, notifications, log });
      await startShowcaseAudioJobs(queue, { ...editDeps, workDir: join(work, 'audio') });
      await startTranslationJobs(queue, { orm, log, engine: translationEngineOf(config), workDir: join(work, 'translations'), timeoutMs: translationTimeoutMs(config) });
      await startAudioTrackJobs(queue, { ...editDeps, workDir: join(work, 'audio-tracks') });
      // Daily at 03:00 UTC; pg-boss runs a schedule once whatever the number of workers.
      await queue.boss.schedule(JOBS.accountRemoval, '0 3 * * *', {}, { tz: 'UTC' });
      await queue.boss.work(JOBS.accountRemoval, { batchSize: 1, pollingIntervalSeconds: 60 }, async () => {
        await accountRemoval();
      });
      // Every minute, once whatever the number of workers: tests whose leader won end (issue 33).
      await queue.boss.schedule(JOBS.thumbnailTestsCheck, '* * * * *', {}, { tz: 'UTC' });
      await queue.boss.work(JOBS.thumbnailTestsCheck, { batchSize: 1, pollingIntervalSeconds: 30 }, thumbnailTestsCheckHandler({ orm, storage, quota, log }));
      log.info({ concurrency: config.WORKER_CONCURRENCY }, 'worker started');
    },
    async close() {
      clearInterval(sweeper);
      await webhookSender?.close();
      await queue.stop();
      await orm.close();
      await storage.close?.();
    },
  };
}
export type Core = Awaited<ReturnType<typeof startCore>>;
