import { DROP_OFF_INTERVAL_SECONDS, type StatisticsRange, type StatisticsTotals } from '@reelbase/api-client';

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
