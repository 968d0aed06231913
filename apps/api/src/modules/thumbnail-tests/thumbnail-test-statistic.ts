import { THUMBNAIL_TEST_MIN_IMPRESSIONS } from '@reelbase/api-client';

/** One cover's counts: how often it was shown (impressions) and how often a play followed (plays). */
export interface CoverFigures {
  id: string;
  impressions: number;
  plays: number;
}

export interface TestDecision {
  /** The cover with the most plays per impression (the first of equals); null before any impression. */
  leaderId: string | null;
  /** The leader when it beats every other cover at 95% confidence; else null. */
  winnerId: string | null;
  /** The smallest z of the leader against the others (null when not computed). */
  z: number | null;
}

/**
 * Two-sided critical z at 95%: with 3 covers the leader is compared with 2 others, so each
 * comparison is made at 0.05 / 2 (Bonferroni), keeping the chance of a false winner at 5%.
 */
export const CRITICAL_Z: Record<number, number> = { 2: 1.959964, 3: 2.241403 };
/** The normal approximation needs at least this many expected plays and non-plays per cover. */
const MIN_EXPECTED = 5;

/** plays / impressions; a play without a counted impression (an answer in another process not flushed yet) never lifts it past 1. */
export const rateOf = (c: CoverFigures) => (c.impressions > 0 ? Math.min(c.plays, c.impressions) / c.impressions : 0);

/** The pooled two-proportion z statistic of a over b (positive when a plays more per impression). */
export function twoProportionZ(a: CoverFigures, b: CoverFigures): number {
  const [n1, n2] = [a.impressions, b.impressions];
  if (n1 === 0 || n2 === 0) return 0;
  const pooled = (Math.min(a.plays, n1) + Math.min(b.plays, n2)) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  return se === 0 ? 0 : (rateOf(a) - rateOf(b)) / se;
}

/**
 * Whether one cover wins: the leader by plays per impression, significant against every other
 * cover by a two-proportion z-test (docs/decisions.md, issue 33). No decision before each cover
 * has `minImpressions` impressions and enough expected plays and non-plays for the test to hold.
 */
export function decideTest(covers: CoverFigures[], minImpressions = THUMBNAIL_TEST_MIN_IMPRESSIONS): TestDecision {
  const shown = covers.filter((c) => c.impressions > 0);
  if (!shown.length) return { leaderId: null, winnerId: null, z: null };
  const leader = shown.reduce((best, c) => (rateOf(c) > rateOf(best) ? c : best));
  const critical = CRITICAL_Z[covers.length];
  if (!critical || covers.some((c) => c.impressions < minImpressions)) return { leaderId: leader.id, winnerId: null, z: null };
  let smallest = Number.POSITIVE_INFINITY;
  for (const other of covers) {
    if (other === leader) continue;
    const pooled = (Math.min(leader.plays, leader.impressions) + Math.min(other.plays, other.impressions)) / (leader.impressions + other.impressions);
    const enough = [leader, other].every((c) => c.impressions * pooled >= MIN_EXPECTED && c.impressions * (1 - pooled) >= MIN_EXPECTED);
    if (!enough) return { leaderId: leader.id, winnerId: null, z: null };
    smallest = Math.min(smallest, twoProportionZ(leader, other));
  }
  return { leaderId: leader.id, winnerId: smallest >= critical ? leader.id : null, z: smallest };
}
