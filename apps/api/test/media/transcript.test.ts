import { describe, expect, test } from 'vitest';
import { cutCues, parsePocketsphinxWords, wordErrorRate, wordsToCues } from '../../src/media/transcript.ts';

describe('transcript: engine words to cues', () => {
  test("pocketsphinx's timed words are read, markers, fillers and variant numbers left out", () => {
    const out = ['please open the door', '<s> 0.000 0.220 0.997004', 'please 0.230 0.550 0.9', '<sil> 0.560 0.700 0.8', 'open(2) 0.710 1.000 0.5', '[noise] 1.0 1.2 0.1', "don't 1.210 1.500 0.7", '</s> 1.510 1.600 1.0'].join('\n');
    expect(parsePocketsphinxWords(out)).toEqual([
      { word: 'please', startSec: 0.23, endSec: 0.55 },
      { word: 'open', startSec: 0.71, endSec: 1 },
      { word: "don't", startSec: 1.21, endSec: 1.5 },
    ]);
  });

  test('words become cues at pauses and before a cue grows too long', () => {
    const w = (word: string, startSec: number, endSec: number) => ({ word, startSec, endSec });
    const words = [w('we', 0, 0.2), w('will', 0.25, 0.5), w('meet', 0.55, 0.9), w('later', 2.2, 2.6), w('a&b', 2.7, 2.9)];
    expect(wordsToCues(words)).toEqual([
      { startSec: 0, endSec: 0.9, text: 'we will meet' },
      { startSec: 2.2, endSec: 2.9, text: 'later a&amp;b' },
    ]);
    // At most 10 characters per cue: "we will" (7) + " meet" would pass it.
    expect(wordsToCues(words.slice(0, 3), { maxChars: 10, maxSec: 7, pauseSec: 1 }).map((c) => c.text)).toEqual(['we will', 'meet']);
    // At most 0.6 s per cue.
    expect(wordsToCues(words.slice(0, 3), { maxChars: 84, maxSec: 0.6, pauseSec: 1 }).map((c) => c.text)).toEqual(['we will', 'meet']);
    expect(wordsToCues([])).toEqual([]);
  });

  test('a trim keeps the cues of its range, cut at its edges and shifted to start at 0', () => {
    const cues = [
      { startSec: 0.5, endSec: 1.5, text: 'before' },
      { startSec: 1.8, endSec: 2.6, text: 'across the start' },
      { startSec: 3, endSec: 4, text: 'inside' },
      { startSec: 4.5, endSec: 6, text: 'across the end' },
      { startSec: 6, endSec: 7, text: 'after' },
    ];
    expect(cutCues(cues, 2, 5)).toEqual([
      { startSec: 0, endSec: 0.6, text: 'across the start' },
      { startSec: 1, endSec: 2, text: 'inside' },
      { startSec: 2.5, endSec: 3, text: 'across the end' },
    ]);
    expect(cutCues(cues, 0, 10)).toEqual(cues);
    expect(cutCues(cues, 8, 9)).toEqual([]);
  });

  test('word error rate counts substitutions, insertions and deletions over the reference words', () => {
    expect(wordErrorRate('The children are playing.', 'the children are playing')).toBe(0);
    expect(wordErrorRate('the children are playing', 'the child are playing in')).toBe(0.5);
    expect(wordErrorRate('open the door', '')).toBe(1);
  });
});
