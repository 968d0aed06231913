import { expect, test } from 'vitest';
import { bucketSecOf, bucketsOf, engagementDays, fitPoints, reduceMax, watchedSecondsOf } from '../src/modules/viewer-sessions/session-buckets.ts';

test('a watch reported in two halves split at a fraction counts each second once', () => {
  const first = bucketsOf([0, 10.3], 30, 1);
  const second = bucketsOf([10.3, 12], 30, 1);
  expect(first).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  expect(second).toEqual([10, 11]);
  // The last, partial second of a 30.4 s video counts when watched to the end.
  expect(bucketsOf([29, 30.4], 30.4, 1)).toEqual([29, 30]);
});

test('videos over an hour share counters: at most 3600, the seconds watched counted within the video', () => {
  expect([bucketSecOf(3600), bucketSecOf(3601), bucketSecOf(36_000)]).toEqual([1, 2, 10]);
  expect(bucketsOf([0, 30], 36_000, 10)).toEqual([0, 1, 2]);
  expect(watchedSecondsOf([1, 0, 1], 25, 10)).toBe(15);
});

test('a heatmap keeps the highest count of each bar; a graph of another layout is fitted onto the current one', () => {
  expect(reduceMax([0, 2, 1, 0], 2)).toEqual([2, 1]);
  expect(reduceMax([1, 2, 3], 100)).toEqual([1, 2, 3]);
  expect(fitPoints([4, 2, 2, 0], 2)).toEqual([4, 2]);
  expect(fitPoints([4, 2], 4)).toEqual([4, 4, 2, 2]);
});

test('ended sessions are grouped per video, day and layout with the sessions that watched each point', () => {
  const s = (watched: number[], day = '2026-11-29') => ({ video_id: 'v', day, watched, duration_sec: 3, bucket_sec: 1, watched_seconds: watched.filter((x) => x > 0).length });
  expect(engagementDays([s([2, 1, 0]), s([1, 0, 0]), s([1, 1, 1], '2026-11-28')])).toEqual([
    { video_id: 'v', day: '2026-11-29', points: 3, plays: 2, share: 1, counts: [2, 1, 0] },
    { video_id: 'v', day: '2026-11-28', points: 3, plays: 1, share: 1, counts: [1, 1, 1] },
  ]);
});
