import type { Sql } from '../../../db/sql.ts';

// The SQL of the storage quota (storage-quota.ts): the account's lock, its stored and reserved
// bytes, the notice level, and the storage_reservations rows (reservations and job slots).

const NO_ID = '00000000-0000-0000-0000-000000000000';

/** The account's quota lock for the transaction: its reservations change one at a time. */
export const lockAccountStorage = (sql: Sql, userId: string) => sql('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`storage:${userId}`]);

/** The bytes the account's videos store and its live reservations hold (besides `exceptReservation`). */
export async function storedAndReserved(sql: Sql, userId: string, exceptReservation?: string): Promise<{ stored: number; reserved: number }> {
  const [row] = await sql<{ stored: string; reserved: string }[]>(
    `select (select coalesce(sum(stored_bytes), 0) from videos where user_id = ?) as stored,
            (select coalesce(sum(bytes), 0) from storage_reservations where user_id = ? and expires_at > now() and id <> coalesce(?::uuid, '${NO_ID}')) as reserved`,
    [userId, userId, exceptReservation ?? null],
  );
  return { stored: Number(row.stored), reserved: Number(row.reserved) };
}

/** The owner of video `videoId` (not an admin) and the bytes their videos store. */
export async function videoOwnerStorage(sql: Sql, videoId: string) {
  const [owner] = await sql<{ id: string; email: string; first_name: string; stored: string }[]>(
    'select u.id, u.email, u.first_name, (select coalesce(sum(stored_bytes), 0) from videos where user_id = u.id) as stored from users u join videos v on v.user_id = u.id where v.id = ? and not u.is_admin',
    [videoId],
  );
  return owner;
}

/** Sets the storage notice level reached; answers the level before, or undefined when it was already `level`. */
export async function setStorageNoticeLevel(sql: Sql, userId: string, level: number): Promise<number | undefined> {
  const [changed] = await sql<{ old: number }[]>(
    `with old as (select storage_notice_percent as p from users where id = ? for update)
     update users set storage_notice_percent = ? where id = ? and storage_notice_percent <> ? returning (select p from old) as old`,
    [userId, level, userId, level],
  );
  return changed?.old;
}

export const insertReservation = (sql: Sql, r: { id: string; userId: string; bytes: number; ttlMs: number; job: string | null }) =>
  sql(`insert into storage_reservations (id, user_id, bytes, expires_at, job) values (?, ?, ?, now() + make_interval(secs => ?), ?)`, [r.id, r.userId, r.bytes, r.ttlMs / 1000, r.job]);

/** The account's live job slots besides `exceptId`. */
export async function jobSlotCount(sql: Sql, userId: string, exceptId?: string): Promise<number> {
  const [row] = await sql<{ n: string }[]>(`select count(*) as n from storage_reservations where user_id = ? and job is not null and expires_at > now() and id <> coalesce(?::uuid, '${NO_ID}')`, [userId, exceptId ?? null]);
  return Number(row.n);
}

export const settleReservation = (sql: Sql, id: string, bytes: number, ttlMs: number) =>
  sql('update storage_reservations set bytes = ?, expires_at = now() + make_interval(secs => ?) where id = ?', [bytes, ttlMs / 1000, id]);

/** False when the reservation had expired (or ended). */
export const resizeReservation = async (sql: Sql, id: string, bytes: number) =>
  (await sql<{ id: string }[]>('update storage_reservations set bytes = ? where id = ? and expires_at > now() returning id', [bytes, id])).length === 1;

/** False when it had already ended. */
export const deleteReservation = async (sql: Sql, id: string) => (await sql<unknown[]>('delete from storage_reservations where id = ? returning 1', [id])).length > 0;

export const deleteExpiredReservations = (sql: Sql) => sql('delete from storage_reservations where expires_at <= now()');
