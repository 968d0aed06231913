import { ENGAGEMENT_POINTS_MAX, HEATMAP_BARS_MAX, SESSION_BUCKETS_MAX } from '@reelbase/api-client';

/**
 * Pure arithmetic of a session's watch counters: one counter per bucket of the video (a second for
 * videos up to an hour, longer ones share SESSION_BUCKETS_MAX counters), 0 skipped, 1 watched,
 * 2+ rewatched.
 */

/** Seconds per counter: 1 up to an hour, else the length over SESSION_BUCKETS_MAX, rounded up. */
export const bucketSecOf = (durationSec: number) => (durationSec <= SESSION_BUCKETS_MAX ? 1 : Math.ceil(durationSec / SESSION_BUCKETS_MAX));

/** How many counters a video of this length has (at least one). */
export const bucketCountOf = (durationSec: number, bucketSec: number) => Math.max(1, Math.ceil(durationSec / bucketSec));

/**
 * The buckets a watched range covers: those whose middle lies in [start, end). The player's reports
 * split one continuous watch at arbitrary fractions (10.3 s), and counting a bucket touched by
 * both halves would show a rewatch that never happened; by its middle, each bucket goes to exactly
 * one half. The last bucket's middle is that of its part within the video.
 */
export function bucketsOf(range: readonly [number, number], durationSec: number, bucketSec: number): number[] {
  const count = bucketCountOf(durationSec, bucketSec);
  const [start, end] = range;
  const out: number[] = [];
  const first = Math.max(0, Math.floor(start / bucketSec) - 1);
  const last = Math.min(count - 1, Math.ceil(end / bucketSec));
  for (let i = first; i <= last; i++) {
    const middle = (i * bucketSec + Math.min((i + 1) * bucketSec, durationSec)) / 2;
    if (middle >= start && middle < end) out.push(i);
  }
  return out;
}

/** Seconds of the video the counters show watched at least once (the last bucket counts its part within the video). */
export function watchedSecondsOf(counters: readonly number[], durationSec: number, bucketSec: number): number {
  let sec = 0;
  for (let i = 0; i < counters.length; i++) if (counters[i] > 0) sec += Math.max(0, Math.min(bucketSec, durationSec - i * bucketSec));
  return Math.round(sec * 100) / 100;
}

/** 0-100, one decimal. */
export const percentOf = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.round((part / whole) * 1000) / 10) : 0);

/** Reduces values to at most `bars` bars, each the highest value of its share of them. */
export function reduceMax(values: readonly number[], bars = HEATMAP_BARS_MAX): number[] {
  const n = values.length;
  if (n <= bars) return [...values];
  const out: number[] = [];
  for (let k = 0; k < bars; k++) {
    let max = 0;
    for (let i = Math.floor((k * n) / bars); i < Math.floor(((k + 1) * n) / bars); i++) max = Math.max(max, values[i]);
    out.push(max);
  }
  return out;
}

/** Sums counter arrays element by element (sessions of one video; a replaced video's older layout is stretched onto the newest). */
export function sumCounters(arrays: readonly (readonly number[])[]): number[] {
  const length = arrays[0]?.length ?? 0;
  const out = new Array<number>(length).fill(0);
  for (const a of arrays) {
    if (a.length === length) for (let i = 0; i < length; i++) out[i] += a[i];
    else for (let i = 0; i < a.length; i++) out[Math.min(length - 1, Math.floor((i * length) / a.length))] += a[i];
  }
  return out;
}

/** Points of the engagement graph for a video of this length: a point a second, at most ENGAGEMENT_POINTS_MAX. */
export const engagementPointsOf = (durationSec: number) => (durationSec > 0 ? Math.min(ENGAGEMENT_POINTS_MAX, Math.ceil(durationSec)) : 0);

/** Which points of the engagement graph a session watched (any of their buckets watched at least once): 1 or 0 per point. */
export function pointsWatched(counters: readonly number[], durationSec: number, bucketSec: number, points: number): number[] {
  const out = new Array<number>(points).fill(0);
  if (!points) return out;
  const step = durationSec / points;
  for (let j = 0; j < counters.length; j++) if (counters[j] > 0) out[Math.min(points - 1, Math.floor((j * bucketSec) / step))] = 1;
  return out;
}

/** Counts of one layout fitted onto `points` (a replaced video's older sessions): the highest of those that fall together, repeated when spread. */
export function fitPoints(counts: readonly number[], points: number): number[] {
  if (counts.length === points) return [...counts];
  const out = new Array<number>(points).fill(0);
  if (!counts.length) return out;
  if (counts.length > points) for (let i = 0; i < counts.length; i++) out[Math.floor((i * points) / counts.length)] = Math.max(out[Math.floor((i * points) / counts.length)], counts[i]);
  else for (let k = 0; k < points; k++) out[k] = counts[Math.floor((k * counts.length) / points)];
  return out;
}

export interface EngagementDay {
  video_id: string;
  day: string;
  points: number;
  plays: number;
  share: number;
  counts: number[];
}

/** Ended sessions grouped per video, UTC day of their start and graph layout, as the daily aggregate adds them. */
export function engagementDays(sessions: readonly { video_id: string; day: string; watched: number[]; duration_sec: number; bucket_sec: number; watched_seconds: number }[]): EngagementDay[] {
  const groups = new Map<string, EngagementDay>();
  for (const s of sessions) {
    const points = engagementPointsOf(s.duration_sec);
    const key = `${s.video_id}\t${s.day}\t${points}`;
    const g = groups.get(key) ?? { video_id: s.video_id, day: s.day, points, plays: 0, share: 0, counts: new Array<number>(points).fill(0) };
    g.plays += 1;
    g.share += s.duration_sec > 0 ? Math.min(1, s.watched_seconds / s.duration_sec) : 0;
    pointsWatched(s.watched, s.duration_sec, s.bucket_sec, points).forEach((x, i) => {
      g.counts[i] += x;
    });
    groups.set(key, g);
  }
  return [...groups.values()];
}
