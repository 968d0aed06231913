import type { AdminVideoSortField } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';
import { VIDEO_ROW_COLUMNS, type VideoRow } from '../videos/catalogue/catalogue.queries.ts';

// The SQL of the admin's view of a user's videos and of blocking them.

// One user's videos are few enough to sort as they are read (they come from the (user_id, ...) indexes).
const ORDER_COLUMNS: Record<AdminVideoSortField, string> = {
  ban: 'ban',
  size: 'size',
  monthlyBandwidthUsage: 'monthly_bandwidth_usage',
  totalBandwidthUsage: 'total_bandwidth_usage',
  createdAt: 'created_at',
};

/** Whether the user exists. */
export async function userExists(sql: Sql, userId: string): Promise<boolean> {
  const [owner] = await sql<{ id: string }[]>('select id from users where id = ?', [userId]);
  return !!owner;
}

/** A page of the user's videos sorted by `field`, each with the total. */
export function userVideoPage(sql: Sql, userId: string, field: AdminVideoSortField, direction: 'ASC' | 'DESC' | undefined, limit: number, offset: number) {
  const dir = direction === 'DESC' ? 'desc' : 'asc';
  return sql<(VideoRow & { totalCount: string })[]>(
    `select ${VIDEO_ROW_COLUMNS}, count(*) over () as "totalCount" from videos where user_id = ?
         order by ${ORDER_COLUMNS[field]} ${dir}, id ${dir} limit ? offset ?`,
    [userId, limit, offset],
  );
}

export async function userVideoCount(sql: Sql, userId: string): Promise<string> {
  const [{ n }] = await sql<{ n: string }[]>('select count(*) as n from videos where user_id = ?', [userId]);
  return n;
}

/** The owners of the videos of `ids` (one row a video), the videos locked for the rest of the transaction. */
export const lockedVideoOwners = (sql: Sql, ids: string[]) => sql<{ user_id: string }[]>('select user_id from videos where id in (?) for update', [ids]);

/** Blocks (with the reason) or unblocks the videos. */
export const setVideosBan = (sql: Sql, ids: string[], ban: boolean, reason: string | null) =>
  sql('update videos set ban = ?, ban_reason = ?, updated_at = now() where id in (?)', [ban, reason, ids]);
