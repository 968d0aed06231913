import type { Sql } from '../../../db/sql.ts';

// The SQL of delivery: whether a video may be served (servable.ts) and the bandwidth counter's
// flush (bandwidth-counter.ts), both on the connection outside any transaction.

/** What delivery reads of a video and its owner before serving a file. */
export interface ServableRow {
  ban: boolean;
  owner_ban: boolean;
  is_main_ready: boolean;
  is_hls_ready: boolean;
  over_bandwidth: boolean;
  visibility: string;
  privacy_version: number;
  duration_sec: number | null;
}

export const deliveryQueries = {
  /** `over` is the owner's over-bandwidth expression on users `u` (payments' overBandwidthSql). */
  servable: (sql: Sql, over: string, id: string) =>
    sql<ServableRow[]>(
      `select v.ban, u.ban as owner_ban, v.is_main_ready, v.is_hls_ready, ${over} as over_bandwidth, v.visibility, v.privacy_version, v.duration_sec from videos v join users u on u.id = v.user_id where v.id = ?`,
      [id],
    ),

  /**
   * Adds the bytes of each video (`ids` and `bytes` as PostgreSQL array literals, in the same
   * order) to its counters and to its owner's month (`monthStart`, a date); answers the owners.
   */
  addBandwidth: (sql: Sql, month: string, ids: string, bytes: string, monthStart: string) =>
    sql<{ user_id: string }[]>(
      `with v as (
           update videos v set
             total_bandwidth_usage = v.total_bandwidth_usage + x.bytes,
             monthly_bandwidth_usage = case when v.bandwidth_month = ? then v.monthly_bandwidth_usage + x.bytes else x.bytes end,
             bandwidth_month = ?
           from (select unnest(?::uuid[]) as id, unnest(?::bigint[]) as bytes) x
           where v.id = x.id
           returning v.user_id, x.bytes)
         insert into user_bandwidth_months as m (user_id, month, bytes)
         select user_id, ?::date, sum(bytes) from v group by user_id
         on conflict (user_id, month) do update set bytes = m.bytes + excluded.bytes
         returning m.user_id`,
      [month, month, ids, bytes, monthStart],
    ),
};
