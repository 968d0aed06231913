import type { Engagement, StatisticsRange } from '@reelbase/api-client';

/** Shares of a heatmap's bars, 0-100: watched once, rewatched (2+), skipped (0). */
export function heatmapSummary(bars: readonly number[]): { watched: number; rewatched: number; skipped: number } {
  if (!bars.length) return { watched: 0, rewatched: 0, skipped: 100 };
  const share = (test: (n: number) => boolean) => Math.round((bars.filter(test).length / bars.length) * 100);
  const rewatched = share((n) => n >= 2);
  const watched = share((n) => n === 1);
  return { watched, rewatched, skipped: Math.max(0, 100 - watched - rewatched) };
}

export interface EngagementPoint {
  /** Seconds into the video. */
  second: number;
  /** Percent of plays that watched it, 0-100, one decimal. */
  percent: number;
}

/**
 * The engagement graph's points: `seconds[i]` is a second of the video, or for a long video
 * (more seconds than points) an even share of it.
 */
export function engagementPoints(e: Pick<Engagement, 'durationSec' | 'seconds'>): EngagementPoint[] {
  const n = e.seconds.length;
  const step = n && e.durationSec > n ? e.durationSec / n : 1;
  return e.seconds.map((p, i) => ({ second: i * step, percent: Math.round(Math.min(100, Math.max(0, p)) * 10) / 10 }));
}

/**
 * The points a table for screen readers lists: every 15 s mark (as the drop-off chart's), or for a
 * long video about twenty evenly spaced ones.
 */
export function engagementMarks(points: readonly EngagementPoint[], durationSec: number): EngagementPoint[] {
  const every = Math.max(15, Math.ceil(durationSec / 20 / 15) * 15);
  const marks: EngagementPoint[] = [];
  let next = 0;
  for (const p of points) {
    if (p.second + 1e-9 >= next) {
      marks.push(p);
      next = (Math.floor(p.second / every) + 1) * every;
    }
  }
  return marks;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The trend's days for an analytics range (UTC days, today included): all time is the API's longest span. */
export function trendDays(range: StatisticsRange, now = Date.now()): { from: string; to: string } {
  const days = range === 'all' ? 366 : Number(range);
  return { from: isoDay(now - (days - 1) * DAY_MS), to: isoDay(now) };
}
