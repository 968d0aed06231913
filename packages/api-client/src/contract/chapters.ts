import { z } from 'zod';
import { clockTime, formatTimestamp } from './caption-format.ts';
import { MEDIA_SECONDS_MAX } from './constants.ts';

/*
 * Chapters of a video (issue 26 item 3): a list of start times and titles. The rules, the pasted
 * lines' parser and the WebVTT chapters track are pure functions here, shared by the API (checks
 * and the chapters.vtt file), the app's editor (errors at the line) and the tests.
 */

export const CHAPTER_TITLE_MAX = 100;
/** The most chapters one video holds. */
export const CHAPTERS_MAX = 100;

export const CHAPTER_MESSAGES = {
  start: 'Must be a number of seconds, 0 or more.',
  title: `Must be 1 to ${CHAPTER_TITLE_MAX} characters on one line.`,
  firstAtZero: 'The first chapter must start at 0:00.',
  increasing: 'Must start after the chapter before it.',
  pastEnd: (durationSec: number) => `Must start before the end of the video (${clockTime(durationSec)}).`,
  tooMany: `A video holds at most ${CHAPTERS_MAX} chapters.`,
  list: 'Must be a list of chapters ({ start, title }).',
  noDuration: 'Chapters can be set once the video has been processed.',
  noTime: 'Must start with a time such as 00:00 or 1:02:03, then the title.',
  noTitle: 'A title must follow the time.',
} as const;

export const Chapter = z.object({
  start: z.number({ error: CHAPTER_MESSAGES.start }).min(0, { error: CHAPTER_MESSAGES.start }).max(MEDIA_SECONDS_MAX, { error: CHAPTER_MESSAGES.start }),
  title: z
    .string({ error: CHAPTER_MESSAGES.title })
    .max(CHAPTER_TITLE_MAX * 4, { error: CHAPTER_MESSAGES.title })
    .trim()
    .min(1, { error: CHAPTER_MESSAGES.title })
    .max(CHAPTER_TITLE_MAX, { error: CHAPTER_MESSAGES.title })
    // One line: a line break would end the cue in the WebVTT track.
    .refine((t) => ![...t].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127), { error: CHAPTER_MESSAGES.title }),
});
export type Chapter = z.infer<typeof Chapter>;

/** What a list of chapters breaks, keyed like the 422's `errors` (`chapters.2.start`), by line (index 0 is line 1). */
export function chapterProblems(chapters: readonly Chapter[], durationSec?: number | null): Record<string, string> {
  const errors: Record<string, string> = {};
  if (chapters.length > CHAPTERS_MAX) errors.chapters = CHAPTER_MESSAGES.tooMany;
  chapters.forEach((c, i) => {
    const key = `chapters.${i}.start`;
    if (i === 0 && c.start !== 0) errors[key] = CHAPTER_MESSAGES.firstAtZero;
    else if (i > 0 && c.start <= chapters[i - 1].start) errors[key] = CHAPTER_MESSAGES.increasing;
    else if (durationSec != null && durationSec > 0 && c.start >= durationSec) errors[key] = CHAPTER_MESSAGES.pastEnd(durationSec);
  });
  return errors;
}

/**
 * PUT /api/videos/{id}/chapters: the whole list (an empty list removes them). Times in seconds
 * (to the millisecond); the first at 0, each after the one before, all before the video's end
 * (the API checks that against the video's length).
 */
export const ChaptersUpdate = z
  .object({
    chapters: z
      .array(Chapter, { error: CHAPTER_MESSAGES.list })
      .max(CHAPTERS_MAX, { error: CHAPTER_MESSAGES.tooMany })
      .transform((list) => list.map((c) => ({ start: Math.round(c.start * 1000) / 1000, title: c.title }))),
  })
  .superRefine((v, ctx) => {
    for (const [key, message] of Object.entries(chapterProblems(v.chapters))) ctx.addIssue({ code: 'custom', path: key.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message });
  });
export type ChaptersUpdate = z.input<typeof ChaptersUpdate>;
export const ChapterList = z.object({ chapters: z.array(Chapter) });
export type ChapterList = z.infer<typeof ChapterList>;

// A time at the start of a line: 1:02:03, 01:02, 0:05, with an optional fraction, in brackets or not.
const LINE_RE = /^\s*[[(]?((?:\d{1,2}:)?\d{1,3}:\d{2}(?:[.,]\d{1,3})?)[\])]?(?:\s*[-–—:|.)]\s*|\s+|$)(.*)$/;

// " / " or ";" followed by a time: where chapters pasted on one line part.
const ONE_LINE_SEPARATOR = /\s+\/\s+(?=[[(]?(?:\d{1,2}:)?\d{1,3}:\d{2})|\s*;\s*(?=[[(]?(?:\d{1,2}:)?\d{1,3}:\d{2})/;

/** Seconds of `1:02:03`, `01:02`, `0:05.5`, or null when it is not a time (minutes and seconds below 60 after the first part). */
export function parseChapterTime(text: string): number | null {
  const m = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})(?:[.,](\d{1,3}))?$/.exec(text.trim());
  if (!m) return null;
  const [h, min, s] = [Number(m[1] ?? 0), Number(m[2]), Number(m[3])];
  if (s >= 60 || (m[1] !== undefined && min >= 60)) return null;
  return h * 3600 + min * 60 + s + Number((m[4] ?? '0').padEnd(3, '0')) / 1000;
}

/** A chapter's start as the owner types it: m:ss, h:mm:ss past an hour, with the fraction when there is one. */
export function formatChapterTime(sec: number): string {
  const whole = clockTime(sec);
  const ms = Math.round((sec - Math.floor(sec)) * 1000);
  return ms ? `${whole}.${String(ms).padStart(3, '0').replace(/0+$/, '')}` : whole;
}

export interface ChapterLineError {
  /** 1-based line of the pasted text. */
  line: number;
  message: string;
}
export interface ChapterLines {
  chapters: Chapter[];
  errors: ChapterLineError[];
}

/**
 * Chapters from pasted lines such as `00:00 Intro`, `1:02:03 - Part two`, `[0:30] Setup`: a time,
 * a separator (space, -, –, —, :, |) and the title. Blank lines are skipped; a line without a time
 * or a title is reported with its line number. The order rules are checked by chapterProblems.
 * Chapters pasted on one line (`0:00 Intro / 1:30 Setup` or `0:00 Intro; 1:30 Setup`, as video
 * descriptions and chat tools flatten them) are split where " / " or ";" comes before a time, so a
 * title with a slash in it ("Q&A / wrap-up") stays whole.
 */
export function parseChapterLines(text: string): ChapterLines {
  const chapters: Chapter[] = [];
  const errors: ChapterLineError[] = [];
  const entries = text.split(/\r\n|\r|\n/).flatMap((line, i) => line.split(ONE_LINE_SEPARATOR).map((raw) => ({ raw, i })));
  entries.forEach(({ raw, i }) => {
    if (raw.trim() === '') return;
    const m = LINE_RE.exec(raw);
    const start = m ? parseChapterTime(m[1]) : null;
    if (!m || start === null) {
      errors.push({ line: i + 1, message: CHAPTER_MESSAGES.noTime });
      return;
    }
    const title = m[2].trim();
    if (!title) errors.push({ line: i + 1, message: CHAPTER_MESSAGES.noTitle });
    else chapters.push({ start, title: title.slice(0, CHAPTER_TITLE_MAX) });
  });
  return { chapters, errors };
}

/** The chapters as lines the parser reads back (`0:00 Intro`). */
export function toChapterLines(chapters: readonly Chapter[]): string {
  return chapters.map((c) => `${formatChapterTime(c.start)} ${c.title}`).join('\n');
}

const escapeCueText = (t: string) => t.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The WebVTT chapters track: each chapter runs until the next starts, the last until the end of the video. */
export function chaptersToWebVtt(chapters: readonly Chapter[], durationSec: number | null | undefined): string {
  const lines = ['WEBVTT', ''];
  chapters.forEach((c, i) => {
    const next = chapters[i + 1]?.start ?? Math.max(durationSec ?? 0, c.start + 1);
    lines.push(`chapter-${i + 1}`, `${formatTimestamp(c.start)} --> ${formatTimestamp(next)}`, escapeCueText(c.title), '');
  });
  return lines.join('\n');
}

/** The chapter playing at `sec` (the last one started), or -1 before the first. */
export function chapterAt(chapters: readonly Pick<Chapter, 'start'>[], sec: number): number {
  let found = -1;
  for (let i = 0; i < chapters.length && chapters[i].start <= sec; i++) found = i;
  return found;
}
