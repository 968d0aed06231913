import { type AnalyticsOverviewCsvQuery, DROP_OFF_INTERVAL_SECONDS } from '@reelbase/api-client';
import { isUuid, type Sql } from '../../db/sql.ts';
import { overviewSql } from './statistics.queries.ts';

// The SQL of the analytics CSVs: the video's name, the first day with figures, the bars, and the
// row series read through a cursor (`stream`: the connection's pg-cursor, a few hundred rows a time).

type Row = Record<string, unknown>;
/** Runs one query through a cursor, yielding its rows as the reader takes them. */
export type StreamSql = (query: string, params: unknown[]) => AsyncIterable<Row>;

/** The day-by-day charts' queries over [first, today]: the same sums as the chart's JSON (statistics.service forVideo). */
const SERIES_SQL = {
  // Every day of the range, days without plays as zeros.
  daily: `with c as (
      select day,
        sum(count) filter (where kind = 'dropOff' and name = '0') as plays,
        sum(count) filter (where kind = 'viewers') as viewers,
        sum(count) filter (where kind = 'dropOff' and name <> '0') as beacons
      from video_stat_counts where video_id = ? and day >= ? group by day)
    select to_char(d, 'YYYY-MM-DD') as date, coalesce(c.plays, 0)::float8 as plays, coalesce(c.viewers, 0)::float8 as viewers, coalesce(c.beacons, 0)::float8 as beacons
    from generate_series(?::date, ?::date, interval '1 day') d left join c on c.day = d::date
    order by d`,
  // Every mark from 0 to the last one counted, as the chart draws it: a gap reads 0; the share of
  // the starts (second 0) is capped at 100 and rounded to a tenth; none without starts.
  dropOff: `with c as (
      select name::int as second, sum(count)::float8 as n
      from video_stat_counts where video_id = ? and kind = 'dropOff' and day >= ? group by name::int),
    s as (select coalesce((select n from c where second = 0), 0) as starts, (select max(second) from c) as last)
    select g as second, coalesce(c.n, 0) as count,
      case when s.starts > 0 then round(least(100, coalesce(c.n, 0) / s.starts * 100)::numeric, 1)::float8 end as share
    from s cross join generate_series(0, coalesce(s.last, -1), ${DROP_OFF_INTERVAL_SECONDS}) g left join c on c.second = g
    order by g`,
};

/** The user's video's name; none for another's or an id that is not a uuid. */
export const videoNameRows = async (sql: Sql, videoId: string, userId: string): Promise<{ name: string }[]> =>
  isUuid(videoId) ? await sql<{ name: string }[]>('select name from videos where id = ? and user_id = ?', [videoId, userId]) : [];

/** The first day with figures of a video (null without any). */
export async function videoFirstDay(sql: Sql, videoId: string): Promise<string | null> {
  const [row] = await sql<{ first: string | null }[]>(`select to_char(min(day), 'YYYY-MM-DD') as first from video_stat_counts where video_id = ?`, [videoId]);
  return row?.first ?? null;
}

/** The first day with figures of any of the user's videos (null without any). */
export async function accountFirstDay(sql: Sql, userId: string): Promise<string | null> {
  const [row] = await sql<{ first: string | null }[]>(`select to_char(min(c.day), 'YYYY-MM-DD') as first from video_stat_counts c join videos v on v.id = c.video_id where v.user_id = ?`, [userId]);
  return row?.first ?? null;
}

/** A video's counts of one kind (country, device, browser) by name from `first`. */
export const barCounts = (sql: Sql, videoId: string, kind: string, first: string) =>
  sql<{ name: string; count: number }[]>('select name, sum(count)::float8 as count from video_stat_counts where video_id = ? and kind = ? and day >= ? group by name', [videoId, kind, first]);

/** Every day from `first` to `today`: date, plays, viewers, beacons. */
export const dailySeries = (stream: StreamSql, videoId: string, first: string, today: string) => stream(SERIES_SQL.daily, [videoId, first, first, today]);

/** Every drop-off mark from 0 to the last counted from `first`: second, count, share of the starts. */
export const dropOffSeries = (stream: StreamSql, videoId: string, first: string) => stream(SERIES_SQL.dropOff, [videoId, first]);

/** Every row of the overview from `from` (null: all time), in the table's order. */
export function overviewRows(stream: StreamSql, userId: string, from: string | null, sort: Pick<AnalyticsOverviewCsvQuery, 'field' | 'direction'>) {
  const { figures, figuresParams, orderBy } = overviewSql(userId, from, sort);
  return stream(`${figures} ${orderBy}`, figuresParams);
}
