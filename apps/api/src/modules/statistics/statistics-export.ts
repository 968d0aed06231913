import { type AnalyticsOverviewCsvQuery, DROP_OFF_INTERVAL_SECONDS, ERROR_CODES, type StatisticsCsvChart, type VideoStatisticsCsvQuery } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import type { CsvFile } from '../../http/csv.ts';
import { safeFilenamePart } from '../../http/csv.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { isUuid, sqlOf } from '../../db/sql.ts';
import { barOrder, dayRange, overviewSql, totalsOf, utcDay } from './statistics-figures.ts';
import { countryName } from './viewer-facts.ts';

export const TOO_MANY_EXPORTS = 'Too many downloads are being prepared right now. Try again in a few seconds.';
const EXPORTS_RETRY_AFTER_SECONDS = 5;
/** Rows read from the cursor per round trip. */
const CURSOR_ROWS = 500;

type Row = Record<string, unknown>;
type Bar = { name: string; code: string; count: number };

/** Each chart's name in file names, header row and cells of one row. */
const CHARTS: Record<StatisticsCsvChart, { label: string; header: string[] }> = {
  daily: { label: 'plays per day', header: ['Date', 'Plays', 'Unique viewers', 'Watch time (s)'] },
  dropOff: { label: 'drop-off', header: ['Second', 'Views reaching it', 'Still watching (%)'] },
  country: { label: 'locations', header: ['Country', 'Country code', 'Plays'] },
  device: { label: 'devices', header: ['Device', 'Plays'] },
  browser: { label: 'browsers', header: ['Browser', 'Plays'] },
};

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

/**
 * The analytics as CSV files, read through a PostgreSQL cursor (pg-cursor, through MikroORM's
 * `stream`) a few hundred rows at a time as the client takes them, so a file of 100,000 rows costs
 * no more memory than one of ten. Each file holds a pooled connection while it streams: at most
 * `maxRunning` stream at once in this process (429 with Retry-After beyond).
 */
export function createStatisticsExport(d: { orm: Orm; maxRunning: number }) {
  const connection = () => d.orm.em.getConnection();
  const sql = sqlOf(connection());
  let running = 0;

  /** Takes a slot for one file; the slot is given back by `release` (or at once when opening fails). */
  async function open(make: () => Promise<Omit<CsvFile, 'release'>>): Promise<CsvFile> {
    if (running >= d.maxRunning) {
      const err = new HttpError(429, TOO_MANY_EXPORTS, { code: ERROR_CODES.rateLimited });
      err.headers = { 'Retry-After': String(EXPORTS_RETRY_AFTER_SECONDS) };
      throw err;
    }
    running++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      running--;
    };
    try {
      return { ...(await make()), release };
    } catch (err) {
      release();
      throw err;
    }
  }

  async function* rowsOf(query: string, params: unknown[], cells: (r: Row) => readonly unknown[]) {
    for await (const row of connection().stream<Row>(query, params, undefined, undefined, CURSOR_ROWS)) yield cells(row);
  }

  /** The first day a file covers: the range's, or for all time the first day with figures (today without any). */
  async function firstDay(range: VideoStatisticsCsvQuery['range'], query: string, params: unknown[]): Promise<string> {
    const from = dayRange(range);
    if (from) return from;
    const [row] = await sql<{ first: string | null }[]>(query, params);
    return row?.first ?? utcDay();
  }

  return {
    /** One chart of one of the account's videos (404 for another's, as the chart). */
    videoChart(userId: string, videoId: string, q: VideoStatisticsCsvQuery): Promise<CsvFile> {
      return open(async () => {
        const [video] = isUuid(videoId) ? await sql<{ name: string }[]>('select name from videos where id = ? and user_id = ?', [videoId, userId]) : [];
        if (!video) throw notFound('Video not found');
        const today = utcDay();
        const first = await firstDay(q.range, `select to_char(min(day), 'YYYY-MM-DD') as first from video_stat_counts where video_id = ?`, [videoId]);
        const chart = CHARTS[q.chart];
        const file = { filename: `${safeFilenamePart(video.name, 'video')} - ${chart.label} - ${first} to ${today}.csv`, header: chart.header };
        if (q.chart === 'daily') {
          return { ...file, rows: rowsOf(SERIES_SQL.daily, [videoId, first, first, today], (r) => [r.date, r.plays, r.viewers, Number(r.beacons) * DROP_OFF_INTERVAL_SECONDS]) };
        }
        if (q.chart === 'dropOff') return { ...file, rows: rowsOf(SERIES_SQL.dropOff, [videoId, first], (r) => [r.second, r.count, r.share]) };
        // A bar per country, device or browser name: a short list, read whole and put in the chart's order.
        const bars = (
          await sql<{ name: string; count: number }[]>('select name, sum(count)::float8 as count from video_stat_counts where video_id = ? and kind = ? and day >= ? group by name', [videoId, q.chart, first])
        ).map((b): Bar => ({ name: q.chart === 'country' ? countryName(b.name) : b.name, code: b.name, count: b.count }));
        bars.sort(barOrder);
        return { ...file, rows: bars.map((b) => (q.chart === 'country' ? [b.name, b.code, b.count] : [b.name, b.count])) };
      });
    },

    /** Every row of the overview over the range, in the table's order. */
    overview(userId: string, q: AnalyticsOverviewCsvQuery): Promise<CsvFile> {
      return open(async () => {
        const today = utcDay();
        const first = await firstDay(
          q.range,
          `select to_char(min(c.day), 'YYYY-MM-DD') as first from video_stat_counts c join videos v on v.id = c.video_id where v.user_id = ?`,
          [userId],
        );
        const { figures, figuresParams, orderBy } = overviewSql(userId, dayRange(q.range), q);
        return {
          filename: `Analytics - all videos - ${first} to ${today}.csv`,
          header: ['Video ID', 'Video', 'Uploaded', 'Duration (s)', 'Plays', 'Unique viewers', 'Watch time (s)', 'Average watched (%)'],
          rows: rowsOf(`${figures} ${orderBy}`, figuresParams, (r) => {
            const t = totalsOf({ plays: Number(r.plays), viewers: Number(r.viewers), beacons: Number(r.beacons) }, r.duration_sec as number | null);
            return [r.id, r.name, new Date(Number(r.created_ms)), r.duration_sec, t.plays, t.uniqueViewers, t.watchTimeSec, t.averagePercentWatched];
          }),
        };
      });
    },

    /** Files streaming now in this process (for tests and health). */
    running: () => running,
  };
}
export type StatisticsExport = ReturnType<typeof createStatisticsExport>;
