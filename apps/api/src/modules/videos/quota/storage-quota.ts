import { statfs } from 'node:fs/promises';
import { ERROR_CODES, formatByteCount, MESSAGES } from '@reelbase/api-client';
import type { Orm } from '../../../db/orm.ts';
import { HttpError } from '../../../http/errors.ts';
import type { Storage } from '../../../storage/storage.ts';
import { type Sql, sqlOf } from '../../../db/sql.ts';
import { storageLimitOf } from '../../payments/entitlements.ts';
import { Video } from '../video.entity.ts';
import { videoKeys } from '../storage-layout.ts';
import type { Logger } from 'pino';
import { queueMail } from '../../../mail/outbox.ts';
import { deleteExpiredReservations, deleteReservation, insertReservation, jobSlotCount, lockAccountStorage, resizeReservation, setStorageNoticeLevel, settleReservation, storedAndReserved, videoOwnerStorage } from './storage-quota.queries.ts';

export const STORAGE_FULL = 'Your storage limit is reached. Delete videos or change your plan to upload more.';
export const DISK_LOW = 'The server is low on disk space, so uploads are paused. Try again later.';
/** Retry-After of a job refused because the account has too many queued: about one short job. */
const JOBS_RETRY_AFTER_SECONDS = 30;

function tooManyJobs() {
  const err = new HttpError(429, MESSAGES.tooManyJobs, { code: ERROR_CODES.rateLimited });
  err.headers = { 'Retry-After': String(JOBS_RETRY_AFTER_SECONDS) };
  return err;
}

/**
 * The per-account storage limit, which nothing walks around: it counts every object of every
 * video (source, renditions, frames, covers), the account's images, and reservations for bytes
 * still arriving (uploads being received, unfinished tus uploads, imports downloading) or still to
 * be written by a queued or running job (a job's slot, see reserveJob: a trim, GIF, cover,
 * watermark or copy reserves its estimated output until it ends and its real bytes count). Space is
 * reserved before a byte is received, under a per-account lock, so two parallel uploads cannot
 * both take the last free space. A reservation ends when its bytes are stored (or given up), or
 * expires, so a process that died does not hold space forever. The limit is the account's plan's
 * storage, or `defaultLimitBytes` (STORAGE_LIMIT_BYTES_PER_ACCOUNT) for an account without a plan.
 */
export function storageQuota(d: {
  orm: Orm;
  storage: Storage;
  defaultLimitBytes: number;
  dataDir: string;
  minFreeDiskBytes: number;
  /** Jobs of one account queued or running at once (JOBS_MAX_RUNNING + JOBS_MAX_QUEUED_PER_ACCOUNT). */
  maxJobsPerAccount: number;
  log?: Logger;
}) {
  const lock = lockAccountStorage;

  async function imageBytes(userId: string): Promise<number> {
    let total = 0;
    for await (const o of d.storage.list(`images/${userId}/`)) total += o.size;
    return total;
  }

  async function usedBytes(sql: Sql, userId: string, exceptReservation?: string): Promise<number> {
    const { stored, reserved } = await storedAndReserved(sql, userId, exceptReservation);
    return stored + reserved + (await imageBytes(userId));
  }

  const limitOf = (sql: Sql, userId: string) => storageLimitOf(sql, userId, d.defaultLimitBytes);

  /**
   * The owner's stored bytes (videos and images, not reservations) against the limit: climbing to
   * 80% or 100% mails once (the level reached is kept on the users row, set in the statement that
   * reads it, so parallel recounts mail once); falling back lowers the level, so a new climb is told.
   */
  async function storageNotice(sql: Sql, videoId: string) {
    const owner = await videoOwnerStorage(sql, videoId);
    if (!owner) return;
    const used = Number(owner.stored) + (await imageBytes(owner.id));
    const limit = await limitOf(sql, owner.id);
    const level = used >= limit ? 100 : used >= limit * 0.8 ? 80 : 0;
    const before = await setStorageNoticeLevel(sql, owner.id, level);
    if (before === undefined || level <= before) return;
    await queueMail(sql, owner.email, 'usage-threshold', { firstName: owner.first_name, resource: 'storage', percent: level as 80 | 100, used: formatByteCount(used), limit: formatByteCount(limit) });
  }

  /** A reservation, and with `job` a job's slot (see reserveJob). */
  function take(userId: string, job: string | null, bytes: number | null, o: { ttlMs: number; continuing?: boolean }): Promise<{ id: string; bytes: number }> {
    return d.orm.em.fork().transactional(async (em) => {
      const sql = sqlOf(em);
      await lock(sql, userId);
      let bytesTaken = bytes ?? 0;
      if (!o.continuing) {
        if (job && (await jobsOf(sql, userId)) >= d.maxJobsPerAccount) throw tooManyJobs();
        const remaining = (await limitOf(sql, userId)) - (await usedBytes(sql, userId));
        if (remaining <= 0 || (bytes !== null && bytes > remaining)) throw new HttpError(413, STORAGE_FULL);
        bytesTaken = bytes ?? remaining;
      }
      const id = crypto.randomUUID();
      await insertReservation(sql, { id, userId, bytes: bytesTaken, ttlMs: o.ttlMs, job });
      return { id, bytes: bytesTaken };
    });
  }

  const jobsOf = jobSlotCount;

  return {
    /** The account's storage limit now (its plan's, or the setting's). */
    async limitBytes(userId: string) {
      return limitOf(sqlOf(d.orm.em.fork()), userId);
    },
    async usedBytes(userId: string) {
      return usedBytes(sqlOf(d.orm.em.fork()), userId);
    },

    /**
     * Reserves `bytes` (null: everything left, for uploads of unknown size) for `ttlMs`. A 413
     * when the account is full or `bytes` does not fit.
     */
    reserve: (userId: string, bytes: number | null, ttlMs: number) => take(userId, null, bytes, { ttlMs }),

    /**
     * A job's slot: reserves `bytes` (what the job will write; null: everything left, for an upload
     * of unknown length) and a place among the account's queued and running jobs, both under the
     * account's lock, so parallel calls of one account (from any API process) cannot pass either
     * limit. 429 (with Retry-After) past maxJobsPerAccount, 413 when the bytes do not fit.
     * `continuing`: a step that follows an admitted one (a worker queues it): neither is checked.
     */
    reserveJob: (userId: string, job: string, bytes: number | null, o: { ttlMs: number; continuing?: boolean }) => take(userId, job, bytes, o),

    /** The account's queued and running jobs besides `exceptId`: how far back a new job of it queues. */
    async jobsAhead(userId: string, exceptId: string): Promise<number> {
      const sql = sqlOf(d.orm.em.fork());
      return jobsOf(sql, userId, exceptId);
    },

    /** Once what a slot reserved is stored (and counted as the video's), it keeps only its place: `bytes` left, a new lifetime. */
    async settle(id: string, bytes: number, ttlMs: number) {
      await settleReservation(sqlOf(d.orm.em.fork()), id, bytes, ttlMs);
    },

    /** Sets a reservation to `bytes` if the account has room for that; false when it has not (or it expired). */
    async resize(userId: string, id: string, bytes: number): Promise<boolean> {
      return d.orm.em.fork().transactional(async (em) => {
        const sql = sqlOf(em);
        await lock(sql, userId);
        if (bytes > (await limitOf(sql, userId)) - (await usedBytes(sql, userId, id))) return false;
        return resizeReservation(sql, id, bytes);
      });
    },

    /** Ends a reservation or slot; false when it had already ended (released, or expired and swept). */
    async release(id: string): Promise<boolean> {
      return deleteReservation(sqlOf(d.orm.em.fork()), id);
    },

    /** Drops expired reservations (they already count for nothing). */
    async sweepExpired() {
      await deleteExpiredReservations(sqlOf(d.orm.em.fork()));
    },

    /** Refuses new uploads while the disk holding DATA_DIR (uploads, work folders, often PostgreSQL) is nearly full. */
    async assertDiskSpace() {
      const fs = await statfs(d.dataDir);
      if (fs.bavail * fs.bsize < d.minFreeDiskBytes) throw new HttpError(507, DISK_LOW);
    },

    /** Counts a video's objects again after a step wrote or removed some; the owner hears of 80% and 100% of the storage. */
    async recount(videoId: string) {
      let total = 0;
      for await (const o of d.storage.list(`${videoKeys.dir(videoId)}/`)) total += o.size;
      const em = d.orm.em.fork();
      await em.nativeUpdate(Video, { id: videoId }, { storedBytes: total });
      await storageNotice(sqlOf(em), videoId).catch((err) => d.log?.error({ err, videoId }, 'storage notice failed'));
      return total;
    },
  };
}
export type StorageQuota = ReturnType<typeof storageQuota>;
