/**
 * WebVTT and SRT, read and written: pure functions of text, shared by the API (upload, downloads,
 * search text, HLS subtitle segments), the editor and the player. A cue's `text` is WebVTT cue
 * text: its markup (<i>, <b>, <u>, <v Speaker>...) kept, `&` and `<` escaped as entities; times
 * are seconds to the millisecond.
 */
export interface Cue {
  startSec: number;
  endSec: number;
  text: string;
}

/** The largest caption file taken, and the most cues a track may hold (upload, edit or engine). */
export const CAPTION_MAX_BYTES = 2 * 1024 * 1024;
export const CAPTION_MAX_CUES = 20_000;
/** The longest text of one cue (characters). */
export const CAPTION_CUE_TEXT_MAX = 1000;

export const CAPTION_FORMAT_MESSAGES = {
  notCaptions: 'Not a WebVTT or SRT file',
  tooLarge: `The file is larger than ${CAPTION_MAX_BYTES / 1024 / 1024} MB`,
  tooManyCues: `The file has more than ${CAPTION_MAX_CUES.toLocaleString('en-US')} cues`,
  empty: 'The file has no cues',
  endBeforeStart: "the cue's end is before its start",
  badTime: (t: string) => `"${t}" is not a time (hh:mm:ss.mmm)`,
  noTiming: 'a cue needs a timing line (00:00:01.000 --> 00:00:02.000)',
  cueTooLong: `the cue's text is longer than ${CAPTION_CUE_TEXT_MAX} characters`,
  /** A NUL is never text (PostgreSQL could not store it either). */
  nulByte: 'the file contains a NUL byte: it is not a text file (save it as UTF-8)',
} as const;

export type CaptionParse = { ok: true; format: 'vtt' | 'srt'; cues: Cue[] } | { ok: false; message: string };

const roundMs = (s: number) => Math.round(s * 1000) / 1000;

/**
 * The file's bytes as text: UTF-8 with or without its BOM, UTF-16 with a BOM, and anything that is
 * not valid UTF-8 read as Latin-1 (windows-1252, its superset for 0x80-0x9F), as old SRT files are.
 */
export function decodeCaptionBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

// hh:mm:ss.mmm or mm:ss.mmm (WebVTT); SRT writes a comma before the milliseconds.
const TIME_RE = /^(?:(\d+):)?([0-5]\d):([0-5]\d)[.,](\d{1,3})$/;
const TIMING_RE = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t]+(.*))?$/;

/** Seconds of a WebVTT or SRT timestamp, or null when it is not one. */
export function parseTimestamp(t: string): number | null {
  const m = TIME_RE.exec(t.trim());
  if (!m) return null;
  const ms = Number(m[4].padEnd(3, '0'));
  return roundMs(Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + ms / 1000);
}

/** `hh:mm:ss.mmm` (WebVTT) or `hh:mm:ss,mmm` (SRT). */
export function formatTimestamp(sec: number, separator: '.' | ',' = '.'): string {
  const total = Math.max(0, Math.round(sec * 1000));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(total % 1000, 3)}`;
}

/** A time as a player shows it, m:ss (h:mm:ss past an hour), cut to the second it falls in (a line said at 4.6 s is at 0:04). */
export function clockTime(sec: number): string {
  const s = Math.max(0, Math.floor(sec));
  const mmss = `${Math.floor((s % 3600) / 60)}:${String(s % 60).padStart(2, '0')}`;
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mmss.padStart(5, '0')}` : mmss;
}

/** SRT text as WebVTT cue text: its <i>, <b>, <u> kept, <font> and {\an8} dropped, every other &, < and > escaped. */
function srtTextToVtt(text: string): string {
  return text
    .replace(/<\/?font\b[^>]*>/gi, '')
    .replace(/\{\\an?\d+\}/g, '')
    .split(/(<\/?(?:i|b|u)>)/i)
    .map((part, i) => (i % 2 ? part.toLowerCase() : part.replace(/&(?!(?:[a-z]+|#\d+|#x[0-9a-f]+);)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')))
    .join('');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: '\u00a0', lrm: '\u200e', rlm: '\u200f', quot: '"', apos: "'" };
const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ENTITIES[e.toLowerCase()] ?? all;
  });

/** A cue's words alone: markup removed, entities decoded, its lines joined by a space. */
export const cuePlainText = (text: string) =>
  decodeEntities(text.replace(/<[^>]*>/g, ''))
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ');

interface Block {
  line: number;
  lines: string[];
}

function blocks(lines: string[], from: number): Block[] {
  const out: Block[] = [];
  let current: Block | null = null;
  for (let i = from; i < lines.length; i++) {
    if (lines[i].trim() === '') {
      current = null;
      continue;
    }
    if (!current) {
      current = { line: i + 1, lines: [] };
      out.push(current);
    }
    current.lines.push(lines[i]);
  }
  return out;
}

/**
 * A WebVTT or SRT file's cues, or the first thing wrong with it, named by its line ("Line 14: the
 * cue's end is before its start"). NOTE, STYLE and REGION blocks and cue settings are dropped;
 * cues without text are skipped; the cues come back in the file's order.
 */
export function parseCaptions(input: string): CaptionParse {
  const text = input.replace(/^\uFEFF/, '');
  const lines = text.split(/\r\n|\r|\n/);
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first < 0) return { ok: false, message: CAPTION_FORMAT_MESSAGES.notCaptions };
  const isVtt = /^WEBVTT(?:[ \t].*)?$/.test(lines[first].trimEnd());
  const body = blocks(lines, isVtt ? first + 1 : first);
  // The WEBVTT header block runs to the first blank line.
  if (isVtt && body.length && body[0].line === first + 2) body.shift();
  // An SRT file starts with a cue (its number, then its timing line).
  if (!isVtt && !body[0]?.lines.slice(0, 2).some((l) => l.includes('-->'))) return { ok: false, message: CAPTION_FORMAT_MESSAGES.notCaptions };
  // A caption file with a NUL in it (a binary one is "not captions" above).
  const nul = lines.findIndex((l) => l.includes('\0'));
  if (nul >= 0) return { ok: false, message: `Line ${nul + 1}: ${CAPTION_FORMAT_MESSAGES.nulByte}` };
  const cues: Cue[] = [];
  for (const block of body) {
    if (isVtt && /^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block.lines[0])) continue;
    // An identifier (WebVTT) or a number (SRT) may precede the timing line.
    const at = block.lines[0].includes('-->') ? 0 : block.lines[1]?.includes('-->') ? 1 : -1;
    if (at < 0) return { ok: false, message: `Line ${block.line}: ${CAPTION_FORMAT_MESSAGES.noTiming}` };
    const lineNo = block.line + at;
    const timing = TIMING_RE.exec(block.lines[at].trim());
    if (!timing) return { ok: false, message: `Line ${lineNo}: ${CAPTION_FORMAT_MESSAGES.noTiming}` };
    const startSec = parseTimestamp(timing[1]);
    if (startSec === null) return { ok: false, message: `Line ${lineNo}: ${CAPTION_FORMAT_MESSAGES.badTime(timing[1])}` };
    const endSec = parseTimestamp(timing[2]);
    if (endSec === null) return { ok: false, message: `Line ${lineNo}: ${CAPTION_FORMAT_MESSAGES.badTime(timing[2])}` };
    if (endSec < startSec) return { ok: false, message: `Line ${lineNo}: ${CAPTION_FORMAT_MESSAGES.endBeforeStart}` };
    const raw = block.lines.slice(at + 1).join('\n').trim();
    if (!raw) continue;
    const cueText = isVtt ? raw.replace(/-->/g, '--&gt;') : srtTextToVtt(raw);
    if (cueText.length > CAPTION_CUE_TEXT_MAX) return { ok: false, message: `Line ${lineNo}: ${CAPTION_FORMAT_MESSAGES.cueTooLong}` };
    cues.push({ startSec, endSec, text: cueText });
    if (cues.length > CAPTION_MAX_CUES) return { ok: false, message: CAPTION_FORMAT_MESSAGES.tooManyCues };
  }
  if (!cues.length) return { ok: false, message: isVtt ? CAPTION_FORMAT_MESSAGES.empty : CAPTION_FORMAT_MESSAGES.notCaptions };
  return { ok: true, format: isVtt ? 'vtt' : 'srt', cues };
}

/** A WebVTT file of the cues. */
export function toWebVtt(cues: readonly Cue[]): string {
  let out = 'WEBVTT\n';
  for (const c of cues) out += `\n${formatTimestamp(c.startSec)} --> ${formatTimestamp(c.endSec)}\n${c.text}\n`;
  return out;
}

/** An SRT file of the cues: numbered from 1, WebVTT-only markup (<v>, <c>, <lang>, <ruby>) removed, entities decoded. */
export function toSrt(cues: readonly Cue[]): string {
  return cues
    .map((c, i) => {
      const text = decodeEntities(c.text.replace(/<(?!\/?(?:i|b|u)>)[^>]*>/g, ''));
      return `${i + 1}\n${formatTimestamp(c.startSec, ',')} --> ${formatTimestamp(c.endSec, ',')}\n${text}\n`;
    })
    .join('\n');
}

/** The transcript: each cue's words on a line of their own. */
export function toPlainText(cues: readonly Cue[]): string {
  return cues
    .map((c) => cuePlainText(c.text))
    .filter(Boolean)
    .map((l) => `${l}\n`)
    .join('');
}
