import { describe, expect, it } from 'vitest';
import { createWatchedRanges } from '../src/watched-ranges.ts';

/** timeupdate's pace: four times a second. */
const play = (r: ReturnType<typeof createWatchedRanges>, from: number, to: number) => {
  for (let t = from; t <= to + 1e-9; t += 0.25) r.update(t);
};

describe('watched ranges', () => {
  it('keeps one range per continuous stretch: 0-12, a seek to 40, 5 s more', () => {
    const r = createWatchedRanges();
    play(r, 0, 12);
    r.cut(); // seeking
    play(r, 40, 45);
    expect(r.take(true)).toEqual([
      [0, 12],
      [40, 45],
    ]);
    // Reported once: nothing is sent twice.
    expect(r.take(true)).toEqual([]);
  });

  it('reports the stretch being watched up to its last whole second, then on from there (no second counted twice)', () => {
    const r = createWatchedRanges();
    play(r, 3.3, 10.75);
    expect(r.take()).toEqual([[3.3, 10]]);
    play(r, 11, 21.5);
    expect(r.take()).toEqual([[10, 21]]);
    // Nothing new since: nothing to send.
    expect(r.take()).toEqual([]);
    // The page goes away: the rest of it, to the playhead.
    expect(r.take(true)).toEqual([[21, 21.5]]);
  });

  it('a playhead that went back (a loop) or jumped ahead without a seek starts a new stretch', () => {
    const r = createWatchedRanges();
    play(r, 0, 5);
    r.update(1); // back to 1 s without a seek event
    play(r, 1.25, 3);
    r.update(30); // a jump of 27 s
    play(r, 30.25, 32);
    expect(r.take(true)).toEqual([
      [0, 5],
      [1, 3],
      [30, 32],
    ]);
  });

  it('ignores a playhead that is not a time, and a stretch of no length', () => {
    const r = createWatchedRanges();
    r.update(Number.NaN);
    r.update(-1);
    r.update(7);
    r.cut();
    r.update(9);
    expect(r.take(true)).toEqual([]);
  });

  it('a seek in the middle of a reported stretch sends only the part not reported yet', () => {
    const r = createWatchedRanges();
    play(r, 0, 8.5);
    expect(r.take()).toEqual([[0, 8]]);
    play(r, 8.75, 9.5);
    r.cut();
    play(r, 60, 61);
    expect(r.take()).toEqual([
      [8, 9.5],
      [60, 61],
    ]);
  });
});
