import { PgBoss, type SendOptions } from 'pg-boss';
import type { Logger } from 'pino';
import { HttpError } from '../http/errors.ts';
import { JOBS, RETRY_LIMIT, SLOT_JOBS } from './job-contract.ts';

export interface QueueOptions {
  retryDelaySeconds: number;
  heartbeatSeconds: number;
  /** The longest deadline of a job: pg-boss must not expire (and retry) a job before it. */
  deadlineSeconds: number;
}

/**
 * The durable job queue on the same PostgreSQL (pg-boss keeps its tables in its own schema).
 * LISTEN/NOTIFY wakes workers the moment a job is sent, so processing starts without a poll
 * delay; heartbeats let another worker retry a job whose worker died.
 */
export async function startQueue(databaseUrl: string, log: Logger, opts: QueueOptions) {
  // The supervisor fails jobs whose heartbeat stopped (a dead worker's) so another worker retries
  // them; it checks (supervise and the per-queue monitor pass) at half the heartbeat, not pg-boss's
  // default of once a minute.
  const every = Math.max(1, Math.min(60, Math.floor(opts.heartbeatSeconds / 2)));
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4, useListenNotify: true, superviseIntervalSeconds: every, monitorIntervalSeconds: every } as ConstructorParameters<typeof PgBoss>[0]);
  let lastError: Error | null = null;
  boss.on('error', (err: Error & { code?: string }) => {
    lastError = err;
    // 57P01: the database is shutting down (as the embedded one does when we stop): expected.
    log[err.code === '57P01' ? 'debug' : 'error']({ err: err.message, code: err.code }, 'queue error');
  });
  await boss.start();
  // The dead letter queue first: the queues that name it need it to exist.
  for (const name of [JOBS.failedOver, ...Object.values(JOBS).filter((n) => n !== JOBS.failedOver)]) {
    const options = {
      retryLimit: RETRY_LIMIT,
      retryDelay: opts.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: opts.deadlineSeconds + 300,
      heartbeatSeconds: opts.heartbeatSeconds,
      notify: true,
      // A slot-holding job pg-boss fails for good (a dead worker's last try) goes on to end its slot.
      ...(SLOT_JOBS.includes(name) && { deadLetter: JOBS.failedOver }),
    };
    if (await boss.getQueue(name)) await boss.updateQueue(name, options);
    else await boss.createQueue(name, options);
  }
  return {
    boss,
    send: (name: string, data: object, options: SendOptions = {}) => boss.send(name, data, options),
    /** Throws when this queue takes no `name` jobs (refusingMediaJobs); callers check before receiving an upload's bytes. */
    assertAccepts: (_name: string): void => {},
    /**
     * Sends a job that the caller's answer depends on and waits for a worker to finish it
     * (short media steps: media never runs in the API process). Not retried: the caller reports
     * a failure at once. Rejects with the handler's error message.
     */
    async sendAndWait(name: string, data: object, timeoutMs: number, options: SendOptions = {}): Promise<void> {
      const id = await boss.send(name, data, { ...options, retryLimit: 0 });
      if (!id) throw new Error(`${name}: the job was not queued`);
      const deadline = Date.now() + timeoutMs;
      for (let wait = 20; ; wait = Math.min(200, wait * 2)) {
        const job = await boss.getJobById<object>(name, id);
        if (job?.state === 'completed') return;
        if (job?.state === 'failed' || job?.state === 'cancelled') {
          const output = job.output as { message?: string } | null;
          throw new Error(output?.message ?? `${name} failed`);
        }
        if (Date.now() > deadline) {
          // The caller gives up: the job must not finish later and leave a result nobody asked for.
          await boss.cancel(name, id).catch(() => undefined);
          const busy = new HttpError(503, 'The server is busy. Try again in a few minutes.');
          busy.headers = { 'Retry-After': '60' };
          throw busy;
        }
        await new Promise((r) => setTimeout(r, wait));
      }
    },
    /** 'ok' when the queue's schema answers; the error otherwise. */
    async status(): Promise<string> {
      try {
        return (await boss.isInstalled()) ? 'ok' : 'not installed';
      } catch (err) {
        return `error: ${(err as Error).message ?? lastError?.message}`;
      }
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
export type Queue = Awaited<ReturnType<typeof startQueue>>;

/** Jobs that run ffmpeg (every one but the schedules, the CRM pushes and the dead letters). */
const NOT_MEDIA: readonly string[] = [JOBS.accountRemoval, JOBS.failedOver, JOBS.crmPush, JOBS.leadDigest, JOBS.thumbnailTestsCheck];
const MEDIA_JOBS: readonly string[] = Object.values(JOBS).filter((name) => !NOT_MEDIA.includes(name));

/**
 * The queue of an API whose machine may not run media (media/readiness.ts): every media job is
 * refused with 503 and the reason, before anything is stored or queued, instead of failing later.
 */
export function refusingMediaJobs(queue: Queue, message: string): Queue {
  const assertAccepts = (name: string) => {
    if (MEDIA_JOBS.includes(name)) throw new HttpError(503, message);
  };
  return {
    ...queue,
    assertAccepts,
    send: async (name, data, options) => {
      assertAccepts(name);
      return queue.send(name, data, options);
    },
    sendAndWait: async (name, data, timeoutMs, options) => {
      assertAccepts(name);
      return queue.sendAndWait(name, data, timeoutMs, options);
    },
  };
}
