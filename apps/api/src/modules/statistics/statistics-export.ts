import { type AnalyticsOverviewCsvQuery, DROP_OFF_INTERVAL_SECONDS, ERROR_CODES, type StatisticsCsvChart, type VideoStatisticsCsvQuery } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import type { CsvFile } from '../../http/csv.ts';
import { safeFilenamePart } from '../../http/csv.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { sqlOf } from '../../db/sql.ts';
import { accountFirstDay, barCounts, dailySeries, dropOffSeries, overviewRows, type StreamSql, videoFirstDay, videoNameRows } from './statistics-export.queries.ts';
import { barOrder, dayRange, totalsOf, utcDay } from './statistics-figures.ts';
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

  const stream: StreamSql = (query, params) => connection().stream<Row>(query, params, undefined, undefined, CURSOR_ROWS);
  async function* rowsOf(rows: AsyncIterable<Row>, cells: (r: Row) => readonly unknown[]) {
    for await (const row of rows) yield cells(row);
  }

  /** The first day a file covers: the range's, or for all time the first day with figures (today without any). */
  async function firstDay(range: VideoStatisticsCsvQuery['range'], firstWithFigures: () => Promise<string | null>): Promise<string> {
    const from = dayRange(range);
    if (from) return from;
    return (await firstWithFigures()) ?? utcDay();
  }

  return {
    /** One chart of one of the account's videos (404 for another's, as the chart). */
    videoChart(userId: string, videoId: string, q: VideoStatisticsCsvQuery): Promise<CsvFile> {
      return open(async () => {
        const [video] = await videoNameRows(sql, videoId, userId);
        if (!video) throw notFound('Video not found');
        const today = utcDay();
        const first = await firstDay(q.range, () => videoFirstDay(sql, videoId));
        const chart = CHARTS[q.chart];
        const file = { filename: `${safeFilenamePart(video.name, 'video')} - ${chart.label} - ${first} to ${today}.csv`, header: chart.header };
        if (q.chart === 'daily') {
          return { ...file, rows: rowsOf(dailySeries(stream, videoId, first, today), (r) => [r.date, r.plays, r.viewers, Number(r.beacons) * DROP_OFF_INTERVAL_SECONDS]) };
        }
        if (q.chart === 'dropOff') return { ...file, rows: rowsOf(dropOffSeries(stream, videoId, first), (r) => [r.second, r.count, r.share]) };
        // A bar per country, device or browser name: a short list, read whole and put in the chart's order.
        const bars = (
          await barCounts(sql, videoId, q.chart, first)
        ).map((b): Bar => ({ name: q.chart === 'country' ? countryName(b.name) : b.name, code: b.name, count: b.count }));
        bars.sort(barOrder);
        return { ...file, rows: bars.map((b) => (q.chart === 'country' ? [b.name, b.code, b.count] : [b.name, b.count])) };
      });
    },

    /** Every row of the overview over the range, in the table's order. */
    overview(userId: string, q: AnalyticsOverviewCsvQuery): Promise<CsvFile> {
      return open(async () => {
        const today = utcDay();
        const first = await firstDay(q.range, () => accountFirstDay(sql, userId));
        return {
          filename: `Analytics - all videos - ${first} to ${today}.csv`,
          header: ['Video ID', 'Video', 'Uploaded', 'Duration (s)', 'Plays', 'Unique viewers', 'Watch time (s)', 'Average watched (%)'],
          rows: rowsOf(overviewRows(stream, userId, dayRange(q.range), q), (r) => {
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
