import { DROP_OFF_INTERVAL_SECONDS } from '@reelbase/api-client';

export interface DropOffPoint {
  /** Seconds into the video (a multiple of DROP_OFF_INTERVAL_SECONDS). */
  second: number;
  /** Percent of the viewers who started (second 0) still watching at this mark, 0 to 100. */
  share: number;
}

/**
 * The 'View drop-off rate' curve: the beacons counted at each 15 s mark as a share of the starts
 * (the count at second 0). Marks without beacons between two counted ones read 0, so a gap shows
 * as a drop; later beacons than starts (a viewer who seeks in) are capped at 100 %.
 */
export function dropOffShares(dropOff: readonly { name: string; count: number }[]): DropOffPoint[] {
  const counts = new Map<number, number>();
  for (const d of dropOff) {
    const second = Number(d.name);
    if (Number.isFinite(second) && second >= 0) counts.set(second, (counts.get(second) ?? 0) + d.count);
  }
  const starts = counts.get(0) ?? 0;
  if (starts === 0) return [];
  const last = Math.max(...counts.keys());
  const points: DropOffPoint[] = [];
  for (let second = 0; second <= last; second += DROP_OFF_INTERVAL_SECONDS) {
    const share = Math.min(100, ((counts.get(second) ?? 0) / starts) * 100);
    points.push({ second, share: Math.round(share * 10) / 10 });
  }
  return points;
}
