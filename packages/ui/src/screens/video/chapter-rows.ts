import { t } from '@lingui/core/macro';
import { type Chapter, CHAPTER_MESSAGES, CHAPTER_TITLE_MAX, chapterProblems, formatChapterTime, parseChapterTime } from '@reelbase/api-client';

/** One line of the chapters editor, as typed. */
export interface ChapterRow {
  key: string;
  time: string;
  title: string;
}

let nextKey = 0;
export const newRow = (time = '', title = ''): ChapterRow => ({ key: `row-${++nextKey}`, time, title });
export const rowsOf = (chapters: readonly Chapter[]): ChapterRow[] => chapters.map((c) => newRow(formatChapterTime(c.start), c.title));

/** Messages by line (0-based) from a 422's `errors` (`chapters.2.start`, `chapters.2.title`); a message about the whole list under -1. */
export function errorsByLine(errors: Record<string, string> | undefined): Map<number, string> {
  const out = new Map<number, string>();
  for (const [key, message] of Object.entries(errors ?? {})) {
    const m = /^chapters\.(\d+)\.(start|title)$/.exec(key);
    const line = m ? Number(m[1]) : -1;
    out.set(line, out.has(line) ? `${out.get(line)} ${message}` : message);
  }
  return out;
}

/** The rows as chapters, with what is wrong at each line (the API's own rules, checked before sending). */
export function chaptersOfRows(rows: readonly ChapterRow[], durationSec: number | null): { chapters: Chapter[]; errors: Map<number, string> } {
  const errors = new Map<number, string>();
  const chapters = rows.map((r, i) => {
    const start = parseChapterTime(r.time);
    if (start === null) errors.set(i, t`Must be a time such as 0:00, 1:05 or 1:02:03.`);
    return { start: start ?? Number.NaN, title: r.title.trim() };
  });
  if (errors.size === 0) {
    for (const [line, message] of errorsByLine(chapterProblems(chapters, durationSec))) errors.set(line, message);
    chapters.forEach((c, i) => {
      if (!c.title || c.title.length > CHAPTER_TITLE_MAX) errors.set(i, errors.has(i) ? `${errors.get(i)} ${CHAPTER_MESSAGES.title}` : CHAPTER_MESSAGES.title);
    });
  }
  return { chapters, errors };
}
