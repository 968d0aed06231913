import { type AnalyticsOverviewCsvQuery, DROP_OFF_INTERVAL_SECONDS, type StatisticsRange, type StatisticsTotals } from '@reelbase/api-client';

/** What the figures are made of: starts, distinct viewers (per day, summed) and drop-off beacons past second 0. */
export interface Counts {
  plays: number;
  viewers: number;
  beacons: number;
}

const DAY_MS = 86_400_000;

/** The UTC day of `at` as YYYY-MM-DD: statistics are counted per UTC day. */
export const utcDay = (at = new Date()) => at.toISOString().slice(0, 10);

/** The first day of a range (today is its last day); null for all time. */
export function dayRange(range: StatisticsRange, today = new Date()): string | null {
  return range === 'all' ? null : utcDay(new Date(today.getTime() - (Number(range) - 1) * DAY_MS));
}

/** Every day from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(first); t <= Date.parse(last); t += DAY_MS) out.push(utcDay(new Date(t)));
  return out;
}

/** The order of the location, device and browser bars: most plays first, then by name. */
export const barOrder = (a: { name: string; count: number }, b: { name: string; count: number }) => b.count - a.count || a.name.localeCompare(b.name);

/**
 * Plays, unique viewers, watch time (one beacon interval per beacon past second 0: the viewer
 * watched the interval before it) and the average share of the video watched per play.
 */
export function totalsOf(c: Counts, durationSec: number | null): StatisticsTotals {
  const watchTimeSec = c.beacons * DROP_OFF_INTERVAL_SECONDS;
  const share = c.plays > 0 && durationSec ? Math.min(100, (watchTimeSec / (c.plays * durationSec)) * 100) : 0;
  return { plays: c.plays, uniqueViewers: c.viewers, watchTimeSec, averagePercentWatched: Math.round(share * 10) / 10 };
}

// The overview's sort fields as columns of its query; each ends with the id for a stable order.
const OVERVIEW_ORDER: Record<AnalyticsOverviewCsvQuery['field'], string> = {
  name: 'name',
  createdAt: 'created_ms',
  plays: 'plays',
  uniqueViewers: 'viewers',
  watchTimeSec: 'watch',
  averagePercentWatched: 'pct',
};

/**
 * The overview's queries, shared by its page and its CSV: `perVideo` sums each video's counts from
 * `from` (null: all time); `figures` gives every video of the account with them, `orderBy` the
 * table's order.
 */
export function overviewSql(userId: string, from: string | null, sort: Pick<AnalyticsOverviewCsvQuery, 'field' | 'direction'>) {
  const perVideoParams = from ? [userId, from] : [userId];
  const perVideo = `select c.video_id,
      coalesce(sum(c.count) filter (where c.kind = 'dropOff' and c.name = '0'), 0)::float8 as plays,
      coalesce(sum(c.count) filter (where c.kind = 'viewers'), 0)::float8 as viewers,
      coalesce(sum(c.count) filter (where c.kind = 'dropOff' and c.name <> '0'), 0)::float8 as beacons
    from video_stat_counts c join videos v on v.id = c.video_id
    where v.user_id = ?${from ? ' and c.day >= ?' : ''}
    group by c.video_id`;
  const figures = `select v.id, v.name, v.image_url, (extract(epoch from v.created_at) * 1000)::float8 as created_ms, v.duration_sec,
      coalesce(s.plays, 0) as plays, coalesce(s.viewers, 0) as viewers, coalesce(s.beacons, 0) as beacons, coalesce(s.beacons, 0) * ${DROP_OFF_INTERVAL_SECONDS} as watch,
      case when s.plays > 0 and v.duration_sec > 0 then least(100, s.beacons * ${DROP_OFF_INTERVAL_SECONDS} / (s.plays * v.duration_sec) * 100) else 0 end as pct
    from videos v left join (${perVideo}) s on s.video_id = v.id
    where v.user_id = ?`;
  const dir = sort.direction === 'DESC' ? 'desc' : 'asc';
  return { perVideo, perVideoParams, figures, figuresParams: [...perVideoParams, userId], orderBy: `order by ${OVERVIEW_ORDER[sort.field]} ${dir}, id ${dir}` };
}
