import { describe, expect, it } from 'vitest';
import { engagementMarks, engagementPoints, heatmapSummary, trendDays } from '../src/lib/viewers.ts';

describe('viewer sessions on screen (issue 33)', () => {
  it("a heatmap's shares: watched once, rewatched, skipped", () => {
    expect(heatmapSummary([1, 1, 2, 0])).toEqual({ watched: 50, rewatched: 25, skipped: 25 });
    expect(heatmapSummary([])).toEqual({ watched: 0, rewatched: 0, skipped: 100 });
  });

  it('engagement points are seconds, or even shares of a video longer than its points', () => {
    expect(engagementPoints({ durationSec: 3, seconds: [100, 66.666, 33.3] })).toEqual([
      { second: 0, percent: 100 },
      { second: 1, percent: 66.7 },
      { second: 2, percent: 33.3 },
    ]);
    expect(engagementPoints({ durationSec: 4000, seconds: new Array(1000).fill(50) })[1].second).toBe(4);
  });

  it("the screen reader's table lists every 15 s mark, or about twenty for a long video", () => {
    const short = engagementPoints({ durationSec: 46, seconds: Array.from({ length: 46 }, () => 100) });
    expect(engagementMarks(short, 46).map((p) => p.second)).toEqual([0, 15, 30, 45]);
    const long = engagementPoints({ durationSec: 4000, seconds: new Array(1000).fill(50) });
    const marks = engagementMarks(long, 4000);
    expect(marks.length).toBeGreaterThan(15);
    expect(marks.length).toBeLessThanOrEqual(21);
  });

  it("the trend's days for a range, today included; all time is the API's longest span", () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(trendDays('7', now)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(trendDays('all', now).from).toBe('2025-03-10');
  });
});
