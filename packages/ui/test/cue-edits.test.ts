import { describe, expect, it } from 'vitest';
import {
  apply,
  cueAt,
  cueProblems,
  formatCueTime,
  insertAfter,
  mergeWithNext,
  parseCueTime,
  redo,
  remove,
  setText,
  setTimes,
  shiftAll,
  split,
  startHistory,
  toCues,
  toEditCues,
  undo,
} from '../src/screens/captions/cue-edits.ts';

const three = () =>
  toEditCues([
    { startSec: 4, endSec: 6, text: 'third line' },
    { startSec: 0, endSec: 2, text: 'Hello there everyone' },
    { startSec: 2, endSec: 4, text: 'second' },
  ]);

describe('caption editor edits', () => {
  it('sorts cues by start and edits one text without touching the others', () => {
    const cues = three();
    expect(cues.map((c) => c.text)).toEqual(['Hello there everyone', 'second', 'third line']);
    const edited = setText(cues, 1, 'Second!');
    expect(toCues(edited)[1]).toEqual({ startSec: 2, endSec: 4, text: 'Second!' });
    expect(edited[0]).toBe(cues[0]);
    expect(cues[1]?.text).toBe('second');
  });

  it('moves a cue whose new start passes its neighbour, and refuses an end before the start', () => {
    const moved = setTimes(three(), 0, 5, 7);
    expect(moved.map((c) => c.text)).toEqual(['second', 'third line', 'Hello there everyone']);
    expect(() => setTimes(three(), 0, 3, 2)).toThrow("The cue's end is before its start");
    expect(() => setTimes(three(), 0, -1, 2)).toThrow('before 0:00');
  });

  it('splits at the playhead inside the cue, cutting the text at a word', () => {
    const cues = three();
    const out = split(cues, 0, 0.7);
    expect(toCues(out).slice(0, 2)).toEqual([
      { startSec: 0, endSec: 0.7, text: 'Hello' },
      { startSec: 0.7, endSec: 2, text: 'there everyone' },
    ]);
    expect(out[0]?.id).toBe(cues[0]?.id);
    expect(out[1]?.id).not.toBe(cues[0]?.id);
    // A playhead outside the cue splits it in the middle.
    expect(toCues(split(cues, 2, 100)).slice(2)).toEqual([
      { startSec: 4, endSec: 5, text: 'third' },
      { startSec: 5, endSec: 6, text: 'line' },
    ]);
  });

  it('merges a cue with the next into one spanning both', () => {
    const out = mergeWithNext(three(), 0);
    expect(toCues(out)).toEqual([
      { startSec: 0, endSec: 4, text: 'Hello there everyone second' },
      { startSec: 4, endSec: 6, text: 'third line' },
    ]);
    expect(mergeWithNext(three(), 2)).toHaveLength(3);
  });

  it('inserts an empty cue that stops where the next one starts, and deletes one', () => {
    const spaced = toEditCues([
      { startSec: 0, endSec: 1, text: 'a' },
      { startSec: 1.5, endSec: 3, text: 'b' },
    ]);
    const { cues, index } = insertAfter(spaced, 0);
    expect(index).toBe(1);
    expect(toCues(cues)[1]).toEqual({ startSec: 1, endSec: 1.5, text: '' });
    const atEnd = insertAfter(spaced, 1);
    expect(toCues(atEnd.cues)[2]).toEqual({ startSec: 3, endSec: 5, text: '' });
    expect(toCues(remove(spaced, 0))).toEqual([{ startSec: 1.5, endSec: 3, text: 'b' }]);
    // Between two touching cues it still lands right after the first, as short as allowed.
    const touching = insertAfter(three(), 0);
    expect(touching.index).toBe(1);
    expect(toCues(touching.cues).map((c) => [c.startSec, c.endSec, c.text])).toEqual([
      [0, 2, 'Hello there everyone'],
      [2, 2.1, ''],
      [2, 4, 'second'],
      [4, 6, 'third line'],
    ]);
    expect(toCues(insertAfter([], -1, 12.5).cues)).toEqual([{ startSec: 12.5, endSec: 14.5, text: '' }]);
  });

  it('shifts every cue, cutting at 0:00 and dropping cues pushed wholly before it', () => {
    expect(toCues(shiftAll(three(), 1.25)).map((c) => [c.startSec, c.endSec])).toEqual([
      [1.25, 3.25],
      [3.25, 5.25],
      [5.25, 7.25],
    ]);
    expect(toCues(shiftAll(three(), -3))).toEqual([
      { startSec: 0, endSec: 1, text: 'second' },
      { startSec: 1, endSec: 3, text: 'third line' },
    ]);
  });

  it('finds the cue under the playhead in a two-hour track', () => {
    const long = toEditCues(Array.from({ length: 3600 }, (_, i) => ({ startSec: i * 2, endSec: i * 2 + 1.5, text: `cue ${i}` })));
    expect(cueAt(long, 0)).toBe(0);
    expect(cueAt(long, 3001.2)).toBe(1500);
    expect(cueAt(long, 3001.6)).toBe(-1); // in the gap
    expect(cueAt(long, 99_999)).toBe(-1);
    expect(cueAt([], 1)).toBe(-1);
  });

  it('reads and writes h:mm:ss.mmm times', () => {
    expect(formatCueTime(3723.5)).toBe('1:02:03.500');
    expect(formatCueTime(0.04)).toBe('0:00:00.040');
    expect(parseCueTime('1:02:03.500')).toBe(3723.5);
    expect(parseCueTime('02:03,25')).toBe(123.25);
    expect(parseCueTime('75.5')).toBe(75.5);
    expect(parseCueTime('1:99:00')).toBeNaN();
    expect(parseCueTime('soon')).toBeNaN();
  });

  it('names the rows that would stop a save', () => {
    const problems = cueProblems([
      { startSec: 0, endSec: 1, text: 'ok' },
      { startSec: 1, endSec: 2, text: '  ' },
      { startSec: 3, endSec: 2, text: 'x' },
    ]);
    expect([...problems]).toEqual([
      [1, 'A cue needs some text'],
      [2, "The cue's end is before its start"],
    ]);
  });

  it('undoes and redoes steps; typing in one cue is one step', () => {
    let h = startHistory(three());
    const original = h.present;
    h = apply(h, setText(h.present, 0, 'H'), 'text:1');
    h = apply(h, setText(h.present, 0, 'Hi'), 'text:1');
    h = apply(h, remove(h.present, 2));
    expect(h.present).toHaveLength(2);
    h = undo(h);
    expect(h.present).toHaveLength(3);
    expect(h.present[0]?.text).toBe('Hi');
    h = undo(h);
    expect(h.present).toBe(original);
    expect(undo(h)).toBe(h);
    h = redo(redo(h));
    expect(h.present.map((c) => c.text)).toEqual(['Hi', 'second']);
  });
});
