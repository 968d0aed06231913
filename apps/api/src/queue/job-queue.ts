import type { Queue } from './queue.ts';

export interface JobAdmission {
  /** The account the job works for: its storage, its place in the queue. */
  userId: string;
  /** What the job will write, reserved before it is queued (413 when it does not fit). */
  bytes?: number;
  /** A step that follows an admitted one (a worker queues it): neither the cap nor the space is checked. */
  continuing?: boolean;
  /** A slot taken earlier (an upload takes one before it reads a byte): handed to this job, holding `bytes` from now on. */
  slotId?: string;
  /** pg-boss queues no second job with the same key while one waits (the first does the work). */
  singletonKey?: string;
}

/**
 * What admission needs of the account's slots: the storage quota (modules/videos/quota/storage-quota.ts)
 * keeps them, and the composition root hands it in, so the queue knows no module.
 */
export interface JobSlots {
  reserveJob(userId: string, job: string, bytes: number | null, o: { ttlMs: number; continuing?: boolean }): Promise<{ id: string; bytes: number }>;
  settle(id: string, bytes: number, ttlMs: number): Promise<void>;
  release(id: string): Promise<boolean>;
  jobsAhead(userId: string, exceptId: string): Promise<number>;
}

/** Every job's data carries its slot, which the worker releases when the job ends (jobs/workers.ts). */
export interface SlotData {
  slotId?: string;
}

/**
 * The one way jobs are queued. Each job holds a slot (storage-quota.ts: reserveJob) from the call
 * that makes it until the job ends: the space it will write and its place among the account's
 * queued and running jobs, so an account cannot queue past its cap (429) or its storage (413),
 * from any number of API processes. Fairness: a job is queued behind the account's own jobs
 * (pg-boss priority: minus the number of them already queued or running), so another account's
 * first job goes ahead of a long backlog; and its group (the account) lets at most
 * JOBS_MAX_RUNNING_PER_ACCOUNT of one queue's jobs of an account run at once, on every worker.
 */
export function jobQueue(queue: Queue, quota: JobSlots, o: { slotTtlMs: number }) {
  async function admit(name: string, a: JobAdmission) {
    if (!a.slotId) return (await quota.reserveJob(a.userId, name, a.bytes ?? 0, { ttlMs: o.slotTtlMs, continuing: a.continuing })).id;
    await quota.settle(a.slotId, a.bytes ?? 0, o.slotTtlMs);
    return a.slotId;
  }
  const options = async (slotId: string, a: JobAdmission) => ({
    priority: -(await quota.jobsAhead(a.userId, slotId)),
    group: { id: a.userId },
    ...(a.singletonKey ? { singletonKey: a.singletonKey } : {}),
  });

  return {
    /** Takes a slot before a job exists (an upload, before its bytes are read); hand it on with `slotId`. */
    takeSlot: (userId: string, name: string, bytes: number | null, ttlMs: number) => quota.reserveJob(userId, name, bytes, { ttlMs }),
    releaseSlot: (slotId: string) => quota.release(slotId),
    /** 503 when this server takes no `name` jobs (queue.ts: refusingMediaJobs); checked before a slot or an upload's bytes. */
    assertAccepts: (name: string) => queue.assertAccepts(name),

    /** Admits (429 past the account's jobs, 413 past its storage) and queues the job. */
    async send(name: string, data: object, a: JobAdmission): Promise<void> {
      queue.assertAccepts(name);
      const slotId = await admit(name, a);
      try {
        // Null: the same job already waits (singletonKey) and will do this work; the slot is not needed.
        if (!(await queue.send(name, { ...data, slotId } satisfies SlotData, await options(slotId, a)))) await quota.release(slotId);
      } catch (err) {
        await quota.release(slotId);
        throw err;
      }
    },

    /** As send, for a job the caller waits for (queue.sendAndWait); its slot ends with the wait. */
    async sendAndWait(name: string, data: object, timeoutMs: number, a: JobAdmission): Promise<void> {
      queue.assertAccepts(name);
      const slotId = await admit(name, a);
      try {
        await queue.sendAndWait(name, { ...data, slotId } satisfies SlotData, timeoutMs, await options(slotId, a));
      } finally {
        await quota.release(slotId);
      }
    },
  };
}
export type JobQueue = ReturnType<typeof jobQueue>;
