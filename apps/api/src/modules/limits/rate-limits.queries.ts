import type { Sql } from '../../db/sql.ts';

// The SQL of the rate-limit counters (rate_limit_counters, reserve_rate_limit_slots).

/**
 * One hit on a counter (parameters: its key, the window's seconds) for each row of `from` (empty:
 * one hit), answering `hits` and `retry_after`. The window starts at the first hit, by the
 * database's clock, so a burst is never split across two windows. Other statements embed it as a
 * CTE to count in the same round trip (the API-key lookup).
 */
export const hitSql = (from: string) => `insert into rate_limit_counters as c (key, window_start, hits, expires_at) select ?, now(), 1, now() + make_interval(secs => ?) ${from}
       on conflict (key) do update set
         hits = case when c.expires_at <= now() then 1 else c.hits + 1 end,
         window_start = case when c.expires_at <= now() then now() else c.window_start end,
         expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
       returning hits, ceil(extract(epoch from expires_at - now())) as retry_after`;

/** Counters whose window has passed go. */
export const deleteExpiredCounters = (sql: Sql) => sql('delete from rate_limit_counters where expires_at < now()');

/** One hit on the counter `key` (hitSql alone). */
export async function hitCounter(sql: Sql, key: string, seconds: number): Promise<{ hits: number; retry_after: string }> {
  const [row] = await sql<{ hits: number; retry_after: string }[]>(hitSql(''), [key, seconds]);
  return row;
}

/** A slot in each counter of `wanted` (JSON of `{ key, cap, secs }`), all or none: one row per counter. */
export const reserveSlots = (sql: Sql, wanted: { key: string; cap: number; secs: number }[]) =>
  sql<{ slot_key: string; slot_hits: number; slot_window_start: string; slot_retry_after: number; granted: boolean }[]>('select * from reserve_rate_limit_slots(?::jsonb)', [JSON.stringify(wanted)]);

/** One hit back to the counter `key`, only while its window is the one that started at `windowStart`. */
export const giveBackSlot = (sql: Sql, key: string, windowStart: string) =>
  sql('update rate_limit_counters set hits = hits - 1 where key = ? and window_start = ?::timestamptz and hits > 0', [key, windowStart]);

export const deleteCounter = (sql: Sql, key: string) => sql('delete from rate_limit_counters where key = ?', [key]);
