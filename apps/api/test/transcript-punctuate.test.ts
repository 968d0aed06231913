import { expect, test } from 'vitest';
import { punctuate, type TimedWord, whisperSegmentsToWords, wordsToCues } from '../src/media/transcript.ts';

/* Punctuation and capitals for any engine's words (media/transcript.ts punctuate), before cues are made. */

/** Words said one after another, 0.3 s each with `gap` seconds between; a `|` in the text is a 1 s pause. */
function said(text: string, gap = 0.05): TimedWord[] {
  const words: TimedWord[] = [];
  let t = 0;
  for (const token of text.split(' ')) {
    if (token === '|') {
      t += 1;
      continue;
    }
    words.push({ word: token, startSec: t, endSec: t + 0.3 });
    t += 0.3 + gap;
  }
  return words;
}
const text = (words: TimedWord[]) => words.map((w) => w.word).join(' ');

test('pocketsphinx words get sentence case, a full stop at each pause and at the end, a capital after it', () => {
  const out = punctuate(said('please open the door | we will meet at the station | the children are playing'));
  expect(text(out)).toBe('Please open the door. We will meet at the station. The children are playing.');
});

test('times are untouched and nothing is added inside a sentence', () => {
  const words = said('we will meet at the station');
  const out = punctuate(words);
  expect(out.map((w) => [w.startSec, w.endSec])).toEqual(words.map((w) => [w.startSec, w.endSec]));
  expect(text(out)).toBe('We will meet at the station.');
});

test('a short pause is no sentence end; the threshold can be set', () => {
  expect(text(punctuate(said('turn on the light', 0.3)))).toBe('Turn on the light.');
  expect(text(punctuate(said('turn on the light', 0.3), { pauseSec: 0.2 }))).toBe('Turn. On. The. Light.');
});

test('whisper.cpp punctuation is kept: no second full stop, a comma at a pause stays, a capital after ? and !', () => {
  const out = punctuate(said('Hello, | is it me you are looking for? | yes! | Mr. Smith said so.'));
  expect(text(out)).toBe('Hello, is it me you are looking for? Yes! Mr. Smith said so.');
});

test('English "i" and its contractions are capitalised; other languages keep their words', () => {
  expect(text(punctuate(said('yes i think i\'m right and i\'ll go'), { language: 'en-GB' }))).toBe("Yes I think I'm right and I'll go.");
  expect(text(punctuate(said('sí i no'), { language: 'ca' }))).toBe('Sí i no.');
});

test('a quote or bracket before the first letter, and letters beyond ASCII, are capitalised right', () => {
  expect(text(punctuate(said('"über alles" | ¿qué tal?'), { language: 'es' }))).toBe('"Über alles". ¿Qué tal?');
});

test('no words, no cues; punctuated words still make escaped cues', () => {
  expect(punctuate([])).toEqual([]);
  const cues = wordsToCues(punctuate(said('fish & chips | a <b> tag')));
  expect(cues.map((c) => c.text)).toEqual(['Fish &amp; chips.', 'A &lt;b&gt; tag.']);
});

test("whisper.cpp's one-token segments become whole words with their own punctuation, which punctuate keeps", () => {
  // As whisper.cpp prints " Mr. Dashwood, he said." with maxLen 1: a word's later tokens have no leading space.
  const segments = [
    { text: ' Mr', t0: 10, t1: 30 },
    { text: '.', t0: 30, t1: 32 },
    { text: ' Dash', t0: 35, t1: 60 },
    { text: 'wood', t0: 60, t1: 80 },
    { text: ',', t0: 80, t1: 81 },
    { text: ' he', t0: 150, t1: 170 },
    { text: ' said', t0: 170, t1: 200 },
    { text: '.', t0: 200, t1: 202 },
  ];
  const words = whisperSegmentsToWords(segments);
  expect(words).toEqual([
    { word: 'Mr.', startSec: 0.1, endSec: 0.32 },
    { word: 'Dashwood,', startSec: 0.35, endSec: 0.81 },
    { word: 'he', startSec: 1.5, endSec: 1.7 },
    { word: 'said.', startSec: 1.7, endSec: 2.02 },
  ]);
  // The comma before the pause stays a comma; "he" is not capitalised, whisper said it mid-sentence.
  expect(text(punctuate(words))).toBe('Mr. Dashwood, he said.');
  // A lone mark before any word, and empty segments, are dropped.
  expect(whisperSegmentsToWords([{ text: ' -', t0: 0, t1: 5 }, { text: '', t0: 5, t1: 5 }, { text: ' Yes', t0: 5, t1: 20 }])).toEqual([{ word: 'Yes', startSec: 0.05, endSec: 0.2 }]);
});
