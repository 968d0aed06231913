import type { Cue } from '@reelbase/api-client';

/*
 * Pure functions between a speech engine's words and a caption track's cues: reading
 * pocketsphinx's timed words, grouping words into readable cues, and cutting cues to the range a
 * trim keeps.
 */

/** One recognised word and when it is said. */
export interface TimedWord {
  word: string;
  startSec: number;
  endSec: number;
}

/** Markers pocketsphinx prints that are not words: sentence bounds, silence, fillers and noise. */
const NOT_A_WORD = /^(<s>|<\/s>|<sil>|\[[a-z_]+\]|\+\+.*\+\+)$/i;

/**
 * Words of `pocketsphinx_continuous -time yes` output: lines `word start end confidence`; a
 * pronunciation variant's `(2)` is dropped, markers and the utterance's text lines skipped.
 */
export function parsePocketsphinxWords(stdout: string): TimedWord[] {
  const words: TimedWord[] = [];
  for (const line of stdout.split('\n')) {
    const m = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/.exec(line.trim());
    if (!m || NOT_A_WORD.test(m[1])) continue;
    const word = m[1].replace(/\(\d+\)$/, '');
    words.push({ word, startSec: Number(m[2]), endSec: Number(m[3]) });
  }
  return words;
}

/** One segment of whisper.cpp's output (`maxLen: 1`: about one token each), times in hundredths of a second. */
export interface WhisperSegment {
  text: string;
  t0: number;
  t1: number;
}

/**
 * Words of whisper.cpp's one-token segments: a token that starts with a space starts a word, one
 * that does not continues it (the rest of a word split into tokens, or its punctuation, which is
 * kept); what holds no letter or digit even then (a lone mark before any word) is dropped.
 */
export function whisperSegmentsToWords(segments: readonly WhisperSegment[]): TimedWord[] {
  const words: TimedWord[] = [];
  for (const s of segments) {
    const last = words[words.length - 1];
    if (last && s.text.length > 0 && !/^\s/.test(s.text)) {
      last.word += s.text;
      last.endSec = Math.max(last.endSec, s.t1 / 100);
    } else if (s.text.trim()) {
      words.push({ word: s.text.trim(), startSec: s.t0 / 100, endSec: s.t1 / 100 });
    }
  }
  return words.map((w) => ({ ...w, word: w.word.trim() })).filter((w) => /[\p{L}\p{N}]/u.test(w.word));
}

/** A silence at least this long between two words ends a sentence (measured on pocketsphinx's words: 0.01-0.1 s inside a sentence, about 1 s between the test sentences). */
export const SENTENCE_PAUSE_SEC = 0.5;

/** Punctuation that ends a sentence; a word already ending in any punctuation is left as it is. */
const ENDS_SENTENCE = /[.!?\u2026\u3002\uff01\uff1f]["'\u201d\u2019)\]]*$/u;
/** Closing quotes and brackets at a word's end, looked through to the punctuation before them. */
const CLOSERS = /["'\u201d\u2019\u00bb)\]]+$/u;
const endsInPunctuation = (word: string) => /\p{P}$/u.test(word.replace(CLOSERS, ''));

/**
 * Sentence case and full stops for any engine's words (pocketsphinx prints bare lower-case words;
 * whisper.cpp prints its own punctuation, which is kept): a word before a pause of `pauseSec` or
 * more, and the last word, ends with a full stop unless it already ends in punctuation; the first
 * word and every word after a sentence's end start with a capital. In English the pronoun "i"
 * (and "i'm", "i'll", ...) is capitalised too. Times are untouched.
 */
export function punctuate(words: readonly TimedWord[], o: { language?: string; pauseSec?: number } = {}): TimedWord[] {
  const pauseSec = o.pauseSec ?? SENTENCE_PAUSE_SEC;
  const english = /^en(-|$)/i.test(o.language ?? 'en');
  let startsSentence = true;
  return words.map((w, i) => {
    let word = w.word;
    if (startsSentence || (english && /^i('[a-z]+)?$/.test(word))) word = capitalise(word);
    const next = words[i + 1];
    const pause = next === undefined || next.startSec - w.endSec >= pauseSec;
    if (pause && !endsInPunctuation(word)) word = `${word}.`;
    startsSentence = ENDS_SENTENCE.test(word);
    return { ...w, word };
  });
}

/** The word with its first letter upper-cased (after any opening quote or bracket). */
function capitalise(word: string): string {
  return word.replace(/\p{L}/u, (c) => c.toLocaleUpperCase());
}

export interface CueShape {
  /** A cue ends before it would pass this many characters (two lines of about 42). */
  maxChars: number;
  maxSec: number;
  /** A pause at least this long starts a new cue. */
  pauseSec: number;
}

/** Readable caption cues (BBC and Netflix guidance: two lines of up to 42 characters, at most about 7 s). */
export const DEFAULT_CUE_SHAPE: CueShape = { maxChars: 84, maxSec: 7, pauseSec: 1 };

/** Groups timed words into cues, breaking at pauses and before a cue grows too long; the text is escaped for WebVTT. */
export function wordsToCues(words: readonly TimedWord[], shape: CueShape = DEFAULT_CUE_SHAPE): Cue[] {
  const cues: Cue[] = [];
  let current: TimedWord[] = [];
  const close = () => {
    if (current.length === 0) return;
    const text = current.map((w) => w.word).join(' ');
    cues.push({ startSec: ms(current[0].startSec), endSec: ms(current[current.length - 1].endSec), text: escapeCueText(text) });
    current = [];
  };
  for (const w of words) {
    if (current.length > 0) {
      const last = current[current.length - 1];
      const chars = current.reduce((n, x) => n + x.word.length + 1, 0) + w.word.length;
      if (w.startSec - last.endSec >= shape.pauseSec || chars > shape.maxChars || w.endSec - current[0].startSec > shape.maxSec) close();
    }
    current.push(w);
  }
  close();
  return cues;
}

/**
 * The cues of a video after a trim that kept [startSec, endSec) of it: cues outside are dropped,
 * cues across an edge are cut to it, and every time is shifted so the kept range starts at 0.
 */
export function cutCues(cues: readonly Cue[], startSec: number, endSec: number): Cue[] {
  const kept: Cue[] = [];
  for (const c of cues) {
    const from = Math.max(c.startSec, startSec);
    const to = Math.min(c.endSec, endSec);
    if (to <= from && !(c.startSec === c.endSec && c.startSec >= startSec && c.startSec < endSec)) continue;
    kept.push({ startSec: ms(from - startSec), endSec: ms(Math.max(from, to) - startSec), text: c.text });
  }
  return kept;
}

const ms = (s: number) => Math.round(s * 1000) / 1000;

function escapeCueText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Word error rate of `hypothesis` against `reference`: word edits (substitutions, insertions, deletions) over the reference's words. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const ref = normalizeWords(reference);
  const hyp = normalizeWords(hypothesis);
  if (ref.length === 0) return hyp.length === 0 ? 0 : 1;
  let prev = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const row = [i];
    for (let j = 1; j <= hyp.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[hyp.length] / ref.length;
}

/** Lower-case words without punctuation, as speech engines compare. */
export function normalizeWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
}
