import { WEBHOOK_USER_AGENT } from '@reelbase/api-client';
import type { Logger } from 'pino';
import { listenChannel } from '../../db/listen.ts';
import { onePassAtATime } from '../../db/one-pass.ts';
import type { Orm } from '../../db/orm.ts';
import type { GuardedFetch } from '../../imports/guarded-fetch.ts';
import { ImportRefusedError } from '../../imports/import-error.ts';
import { JOBS } from '../../queue/job-contract.ts';
import type { Queue } from '../../queue/queue.ts';
import { queueMail } from '../../mail/outbox.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import { type Claimed, claimDelivery, clearFailingSince, disableFailingEndpoint, failPendingDeliveries, markFailingSince, markSucceeded, markTryFailed, markWaitingQueued, pruneDeliveries, teamOwner } from './webhook-deliveries.queries.ts';
import { WEBHOOK_CHANNEL } from './webhook-events.ts';
import { WEBHOOK_ADDRESS_MESSAGE } from './webhooks.service.ts';
import { webhookSignature } from './webhook-signature.ts';

export interface DeliverWebhookJob {
  deliveryId: string;
}

export interface WebhookDeliveryDeps {
  orm: Orm;
  queue: Pick<Queue, 'send'>;
  /** The imports' guarded fetch: every resolved address checked, the connection pinned to it, no redirect followed. */
  fetch: GuardedFetch;
  /** WEBHOOK_RETRY_SCHEDULE_SECONDS: the wait before each try after the first; the last repeats. */
  retrySchedule: readonly number[];
  retryWindowSeconds: number;
  timeoutSeconds: number;
  disableAfterDays: number;
  log: Logger;
}

/** A delivery queued long ago and neither sent nor in flight (its job was lost) is queued again after this. */
const LOST_AFTER_SECONDS = 300;
/** How often the workers look for deliveries whose wake-up they missed (and drop old ones). */
const SWEEP_MS = 60_000;
/** Finished deliveries are kept this long for the deliveries list and Resend. */
const KEEP_DAYS = 30;

/** The wait before try `attempt + 1` (attempt counts from 1). */
export const retryWait = (schedule: readonly number[], attempt: number) => schedule[Math.min(attempt - 1, schedule.length - 1)] ?? 0;

/** What the deliveries list says of a failed try: the endpoint's answer, or why there was none. */
function failureReason(err: unknown, timeoutSeconds: number): string {
  if (err instanceof ImportRefusedError) {
    if (err.code === 'address') return WEBHOOK_ADDRESS_MESSAGE;
    if (err.code === 'timeout') return `No answer within ${timeoutSeconds} seconds.`;
    return err.message;
  }
  return 'The endpoint could not be reached.';
}

/**
 * Sends the recorded deliveries, in the workers. Recording commits wake the workers (NOTIFY), which
 * queue one deliver-webhook job per delivery; each try is signed (Standard Webhooks) and sent through
 * the imports' guard; a failed one is queued again after its wait (startAfter) until the window
 * closes. An endpoint with no success since its first failure WEBHOOK_DISABLE_AFTER_DAYS ago is
 * disabled and its team's owner mailed.
 */
export function webhookDelivery(d: WebhookDeliveryDeps) {
  const sqlNow = () => sqlOf(d.orm.em.fork());

  /** Queues the deliveries that wait for a job: new ones, and ones whose job was lost. */
  async function queueWaiting(): Promise<void> {
    for (;;) {
      const rows = await markWaitingQueued(sqlNow(), LOST_AFTER_SECONDS);
      for (const r of rows) await send(r.id, new Date(r.next_attempt_at));
      if (rows.length < 100) return;
    }
  }

  const send = (deliveryId: string, at: Date) => d.queue.send(JOBS.deliverWebhook, { deliveryId } satisfies DeliverWebhookJob, at.getTime() > Date.now() ? { startAfter: at } : {});

  /** One try of one delivery; a duplicate job, or one for a delivery done or not yet due, does nothing. */
  async function deliver(deliveryId: string): Promise<void> {
    const [c] = await claimDelivery(sqlNow(), d.timeoutSeconds + 60, deliveryId);
    if (!c) return;
    const timestamp = Math.floor(Date.now() / 1000);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await d.fetch(c.url, {
        method: 'POST',
        redirect: 'manual',
        body: c.body,
        headers: {
          'content-type': 'application/json',
          'user-agent': WEBHOOK_USER_AGENT,
          'webhook-id': c.message_id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': webhookSignature(c.previous_secret ? [c.secret, c.previous_secret] : [c.secret], c.message_id, timestamp, c.body),
        },
      });
      status = res.status;
      await res.body?.cancel().catch(() => {});
      if (status < 200 || status > 299) error = status >= 300 && status < 400 ? `The endpoint answered ${status} (a redirect; redirects are not followed).` : `The endpoint answered ${status}.`;
    } catch (err) {
      error = failureReason(err, d.timeoutSeconds);
      d.log.info({ deliveryId, err: String(err) }, 'webhook delivery failed');
    }
    const retryAt = await record(c, status, error);
    if (retryAt) await send(c.id, retryAt).catch((err) => d.log.warn({ err, deliveryId }, 'webhook retry not queued; the sweep queues it'));
  }

  /** Writes a try's outcome; answers when to try again (null: no more tries). */
  async function record(c: Claimed, status: number | null, error: string | null): Promise<Date | null> {
    return d.orm.em.fork().transactional(async (em) => {
      const sql = sqlOf(em);
      if (!error) {
        await markSucceeded(sql, c.id, status);
        await clearFailingSince(sql, c.endpoint_id);
        return null;
      }
      const wait = retryWait(d.retrySchedule, c.attempts);
      const next = new Date(Date.now() + wait * 1000);
      const open = next.getTime() <= new Date(c.created_at).getTime() + d.retryWindowSeconds * 1000;
      await markTryFailed(sql, c.id, open ? 'pending' : 'failed', status, error, open ? next : null);
      await markFailingSince(sql, c.endpoint_id);
      if (await disableIfFailing(sql, c.endpoint_id, error)) return null;
      return open ? next : null;
    });
  }

  /** Five days (WEBHOOK_DISABLE_AFTER_DAYS) of failures and no success: off, its waiting deliveries failed, the owner mailed. */
  async function disableIfFailing(sql: Sql, endpointId: string, lastError: string): Promise<boolean> {
    const [e] = await disableFailingEndpoint(sql, `Disabled after ${d.disableAfterDays} days of failed deliveries.`, endpointId, Math.round(d.disableAfterDays * 86_400));
    if (!e) return false;
    await failPendingDeliveries(sql, endpointId);
    const [owner] = await teamOwner(sql, e.user_id);
    if (owner) await queueMail(sql, owner.email, 'webhook-disabled', { firstName: owner.first_name, url: e.url, failingSince: new Date(e.failing_since).toISOString(), lastError });
    d.log.warn({ endpointId }, 'webhook endpoint disabled after failing');
    return true;
  }

  const wake = onePassAtATime(queueWaiting, (err) => d.log.error({ err }, 'queueing webhook deliveries failed'));

  return {
    deliver,
    wake,
    /** Listens for recorded deliveries and sweeps for missed ones; `close` stops both. */
    async start(databaseUrl: string) {
      const listener = await listenChannel(databaseUrl, d.log, WEBHOOK_CHANNEL, () => void wake());
      const sweep = setInterval(() => {
        void wake();
        void pruneDeliveries(sqlNow(), KEEP_DAYS).catch((err) => d.log.warn({ err }, 'old webhook deliveries not removed'));
      }, SWEEP_MS);
      sweep.unref();
      await wake();
      return {
        async close() {
          clearInterval(sweep);
          await listener.close();
          await wake.settled();
        },
      };
    },
  };
}
