import { expect, test } from 'vitest';
import { coverIndexOf } from '../src/modules/thumbnail-tests/thumbnail-split.ts';
import { CRITICAL_Z, decideTest, twoProportionZ } from '../src/modules/thumbnail-tests/thumbnail-test-statistic.ts';

/*
 * Issue 33 item 6: the rule that ends a thumbnail test, on figures worked out by hand, and the split
 * of viewers over covers.
 */
const cover = (id: string, impressions: number, plays: number) => ({ id, impressions, plays });

test('two covers: 10% against 14% of 1,000 impressions each wins (z 2.75), 10% against 12% does not (z 1.43)', () => {
  // pooled 0.12, se = sqrt(0.12 * 0.88 * 2 / 1000) = 0.014533: z = 0.04 / 0.014533.
  expect(twoProportionZ(cover('b', 1000, 140), cover('a', 1000, 100))).toBeCloseTo(2.7524, 3);
  expect(decideTest([cover('a', 1000, 100), cover('b', 1000, 140)])).toEqual({ leaderId: 'b', winnerId: 'b', z: expect.closeTo(2.7524, 3) });
  // pooled 0.11, se = sqrt(0.11 * 0.89 * 2 / 1000) = 0.013993: z = 0.02 / 0.013993.
  expect(decideTest([cover('a', 1000, 100), cover('b', 1000, 120)])).toEqual({ leaderId: 'b', winnerId: null, z: expect.closeTo(1.4293, 3) });
});

test('three covers: the leader must beat each other cover at 0.05 / 2 (z 2.24), not only the weakest', () => {
  // Against c (10%) z = 2.75, against b (12%): pooled 0.13, z = 0.02 / 0.015040 = 1.33: no winner.
  expect(decideTest([cover('a', 1000, 120), cover('b', 1000, 140), cover('c', 1000, 100)])).toMatchObject({ leaderId: 'b', winnerId: null });
  // 10%, 10%, 15%: z = 0.05 / sqrt(0.125 * 0.875 * 0.002) = 3.38 against both.
  expect(decideTest([cover('a', 1000, 100), cover('b', 1000, 100), cover('c', 1000, 150)])).toMatchObject({ leaderId: 'c', winnerId: 'c', z: expect.closeTo(3.3806, 3) });
  // z of 2.1 wins with two covers but not with three.
  expect(CRITICAL_Z[2]).toBeLessThan(2.1);
  expect(CRITICAL_Z[3]).toBeGreaterThan(2.1);
});

test('no decision before every cover has 100 impressions and enough expected plays; a play over the impressions counts as one', () => {
  expect(decideTest([cover('a', 99, 0), cover('b', 99, 60)])).toEqual({ leaderId: 'b', winnerId: null, z: null });
  // 100 each, 2 plays in all: 1 expected play per cover, too few for the normal approximation.
  expect(decideTest([cover('a', 100, 0), cover('b', 100, 2)])).toEqual({ leaderId: 'b', winnerId: null, z: null });
  expect(decideTest([cover('a', 0, 0), cover('b', 0, 0)])).toEqual({ leaderId: null, winnerId: null, z: null });
  // 500 plays of 200 impressions is a rate of 1, not 2.5.
  expect(twoProportionZ(cover('a', 200, 500), cover('b', 200, 200))).toBe(0);
});

test('the split: one viewer id keeps its cover in a test, and 3,000 ids spread within 10% of even', () => {
  const testId = crypto.randomUUID();
  const counts = [0, 0, 0];
  for (let i = 0; i < 3000; i++) {
    const viewer = crypto.randomUUID();
    const index = coverIndexOf(testId, viewer, 3);
    expect(coverIndexOf(testId, viewer.toUpperCase(), 3)).toBe(index);
    counts[index]++;
  }
  for (const n of counts) expect(Math.abs(n - 1000)).toBeLessThan(100);
});
