import { LEAD_DIGEST_HOUR_UTC } from '@reelbase/api-client';
import type { Job } from 'pg-boss';
import type { Logger } from 'pino';
import type { IntegrationsService } from '../modules/integrations/integrations.service.ts';
import type { NotificationsService } from '../modules/notifications/notifications.service.ts';
import { type CrmPushJob, JOBS } from '../queue/job-contract.ts';
import type { Queue } from '../queue/queue.ts';

/**
 * The workers of issue 33 items 4 and 5: CRM pushes (one try per job; a retryable failure throws
 * and pg-boss tries again with its backoff), and the daily lead digest (pg-boss runs a schedule
 * once, whatever the number of workers).
 */
export async function startCrmJobs(queue: Queue, d: { integrations: IntegrationsService; notifications: NotificationsService; log: Logger }) {
  await queue.boss.work<CrmPushJob>(JOBS.crmPush, { batchSize: 1, localConcurrency: 2, includeMetadata: true, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 }, async (jobs: Job<CrmPushJob>[]) => {
    for (const job of jobs) await d.integrations.push(job.data.pushId, (job as unknown as { retryCount?: number }).retryCount ?? 0);
  });
  await queue.boss.schedule(JOBS.leadDigest, `0 ${LEAD_DIGEST_HOUR_UTC} * * *`, {}, { tz: 'UTC' });
  await queue.boss.work(JOBS.leadDigest, { batchSize: 1, pollingIntervalSeconds: 60 }, async () => {
    const mailed = await d.notifications.sendDigests();
    d.log.info({ mailed }, 'lead digests queued');
  });
}
