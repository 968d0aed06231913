import { t } from '@lingui/core/macro';
/**
 * The caption editor's rules, free of React: a track is a list of cues sorted by start; every
 * edit returns a new list (so undo keeps the old one), and the times stay sane (never negative,
 * end after start, at least MIN_CUE_SEC long).
 */
export interface Cue {
  startSec: number;
  endSec: number;
  text: string;
}
/** A cue in the editor: an id that survives edits keeps each row's input (and focus) in place. */
export interface EditCue extends Cue {
  id: number;
}

export const MIN_CUE_SEC = 0.1;
/** A new cue lasts this long, or until the next one starts. */
export const NEW_CUE_SEC = 2;
/** The undo history of one session keeps this many steps. */
export const UNDO_LIMIT = 500;

let nextId = 1;
const withId = (c: Cue): EditCue => ({ startSec: c.startSec, endSec: c.endSec, text: c.text, id: nextId++ });
const ms = (sec: number) => Math.round(sec * 1000) / 1000;
const byStart = (a: Cue, b: Cue) => a.startSec - b.startSec || a.endSec - b.endSec;

export function toEditCues(cues: readonly Cue[]): EditCue[] {
  return [...cues].sort(byStart).map(withId);
}
export const toCues = (cues: readonly EditCue[]): Cue[] => cues.map(({ startSec, endSec, text }) => ({ startSec, endSec, text }));

export function setText(cues: readonly EditCue[], index: number, text: string): EditCue[] {
  return cues.map((c, i) => (i === index ? { ...c, text } : c));
}

/** New times for one cue; the list is re-sorted (a cue moved past its neighbour changes place). */
export function setTimes(cues: readonly EditCue[], index: number, startSec: number, endSec: number): EditCue[] {
  const problem = timesProblem(startSec, endSec);
  if (problem) throw new RangeError(problem);
  return cues.map((c, i) => (i === index ? { ...c, startSec: ms(startSec), endSec: ms(endSec) } : c)).sort(byStart);
}

export function timesProblem(startSec: number, endSec: number): string | null {
  if (!Number.isFinite(startSec) || !Number.isFinite(endSec)) return t`Enter a time as h:mm:ss.mmm`;
  if (startSec < 0) return t`The start cannot be before 0:00`;
  if (endSec <= startSec) return t`The cue's end is before its start`;
  if (endSec - startSec < MIN_CUE_SEC - 1e-9) return t`A cue lasts at least ${MIN_CUE_SEC} s`;
  return null;
}

/**
 * Splits a cue in two at `atSec` (the playhead when it is inside the cue, else the middle); the
 * text is cut at the word boundary nearest the same share of its length, so both halves read.
 */
export function split(cues: readonly EditCue[], index: number, atSec?: number): EditCue[] {
  const c = cues[index];
  if (!c) return [...cues];
  const inside = atSec !== undefined && atSec - c.startSec >= MIN_CUE_SEC && c.endSec - atSec >= MIN_CUE_SEC;
  const at = ms(inside ? atSec : (c.startSec + c.endSec) / 2);
  if (at - c.startSec < MIN_CUE_SEC / 2 || c.endSec - at < MIN_CUE_SEC / 2) return [...cues];
  const [first, second] = splitText(c.text, (at - c.startSec) / (c.endSec - c.startSec));
  const a = { ...c, endSec: at, text: first };
  const b = withId({ startSec: at, endSec: c.endSec, text: second });
  return [...cues.slice(0, index), a, b, ...cues.slice(index + 1)];
}

export function splitText(text: string, share: number): [string, string] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return [text.trim(), ''];
  const target = text.trim().length * share;
  let best = 1;
  let bestGap = Number.POSITIVE_INFINITY;
  for (let i = 1, pos = 0; i < words.length; i++) {
    pos += (words[i - 1] as string).length + 1;
    const gap = Math.abs(pos - target);
    if (gap < bestGap) [best, bestGap] = [i, gap];
  }
  return [words.slice(0, best).join(' '), words.slice(best).join(' ')];
}

/** Joins a cue with the next one: from the first's start to the later end, texts on one line. */
export function mergeWithNext(cues: readonly EditCue[], index: number): EditCue[] {
  const a = cues[index];
  const b = cues[index + 1];
  if (!a || !b) return [...cues];
  const joined = { ...a, endSec: Math.max(a.endSec, b.endSec), text: [a.text.trim(), b.text.trim()].filter(Boolean).join(' ') };
  return [...cues.slice(0, index), joined, ...cues.slice(index + 2)];
}

/**
 * A new empty cue right after `index`: from that cue's end (or from `atSec`, e.g. the playhead,
 * when there is none) for NEW_CUE_SEC or up to the next cue's start, whichever is shorter, and
 * never under MIN_CUE_SEC (it then overlaps the next cue a little, to be moved by hand).
 */
export function insertAfter(cues: readonly EditCue[], index: number, atSec = 0): { cues: EditCue[]; index: number } {
  const prev = cues[index];
  const next = cues[index + 1];
  const start = ms(Math.max(0, Math.min(prev ? prev.endSec : atSec, next?.startSec ?? Number.POSITIVE_INFINITY)));
  const end = ms(Math.max(start + MIN_CUE_SEC, Math.min(start + NEW_CUE_SEC, next?.startSec ?? Number.POSITIVE_INFINITY)));
  const at = index + 1;
  return { cues: [...cues.slice(0, at), withId({ startSec: start, endSec: end, text: '' }), ...cues.slice(at)], index: at };
}

export function remove(cues: readonly EditCue[], index: number): EditCue[] {
  return cues.filter((_, i) => i !== index);
}

/**
 * Moves every cue by `offsetSec` (negative: earlier). A cue pushed before 0:00 is cut at 0:00;
 * one pushed entirely before it (or left shorter than MIN_CUE_SEC) is dropped, as its words
 * would never show.
 */
export function shiftAll(cues: readonly EditCue[], offsetSec: number): EditCue[] {
  if (!Number.isFinite(offsetSec) || offsetSec === 0) return [...cues];
  return cues
    .map((c) => ({ ...c, startSec: ms(Math.max(0, c.startSec + offsetSec)), endSec: ms(c.endSec + offsetSec) }))
    .filter((c) => c.endSec - c.startSec >= MIN_CUE_SEC - 1e-9);
}

/** The cue under the playhead (binary search: a 2-hour track has thousands), or -1. */
export function cueAt(cues: readonly Cue[], sec: number): number {
  let lo = 0;
  let hi = cues.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((cues[mid] as Cue).startSec <= sec) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  // Overlapping cues: the latest one that started and has not ended.
  for (let i = found; i >= 0 && i > found - 8; i--) if (sec < (cues[i] as Cue).endSec) return i;
  return -1;
}

/** Problems that stop a save, by row: an empty line or times out of order. */
export function cueProblems(cues: readonly Cue[]): Map<number, string> {
  const out = new Map<number, string>();
  cues.forEach((c, i) => {
    const p = timesProblem(c.startSec, c.endSec) ?? (c.text.trim() ? null : t`A cue needs some text`);
    if (p) out.set(i, p);
  });
  return out;
}

/** `h:mm:ss.mmm` of seconds, as the time fields show them. */
export function formatCueTime(sec: number): string {
  const total = Math.max(0, Math.round(sec * 1000));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(total % 1000).padStart(3, '0')}`;
}

const TIME_RE = /^(?:(?:(\d+):)?([0-5]?\d):)?([0-5]?\d(?:[.,]\d{1,3})?)$/;
/** Seconds of `h:mm:ss.mmm`, `mm:ss.mmm` or `ss.mmm` (a comma as in SRT too); NaN when it is none of those. */
export function parseCueTime(text: string): number {
  const m = TIME_RE.exec(text.trim());
  if (!m) {
    const plain = text.trim();
    return /^\d+(?:[.,]\d{1,3})?$/.test(plain) ? Number(plain.replace(',', '.')) : Number.NaN;
  }
  return ms(Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number((m[3] as string).replace(',', '.')));
}

/** Undo within the session: each step keeps the whole list (edits share unchanged cues). */
export interface History {
  past: EditCue[][];
  present: EditCue[];
  future: EditCue[][];
  /** The last step's kind: consecutive typing in one cue's text is one step, not one per key. */
  lastKey: string | null;
}
export const startHistory = (cues: EditCue[]): History => ({ past: [], present: cues, future: [], lastKey: null });

export function apply(h: History, next: EditCue[], key: string | null = null): History {
  if (next === h.present) return h;
  if (key !== null && key === h.lastKey) return { ...h, present: next, future: [] };
  return { past: [...h.past.slice(-(UNDO_LIMIT - 1)), h.present], present: next, future: [], lastKey: key };
}
export function undo(h: History): History {
  const prev = h.past[h.past.length - 1];
  return prev ? { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future], lastKey: null } : h;
}
export function redo(h: History): History {
  const next = h.future[0];
  return next ? { past: [...h.past, h.present], present: next, future: h.future.slice(1), lastKey: null } : h;
}
