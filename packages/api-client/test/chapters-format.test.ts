import { expect, test } from 'vitest';
import { CHAPTER_MESSAGES, ChaptersUpdate, chapterAt, chapterProblems, chaptersToWebVtt, formatChapterTime, parseChapterLines, parseChapterTime, toChapterLines } from '../src/index.ts';

test('pasted lines: the usual shapes of a description’s chapter list', () => {
  const r = parseChapterLines(
    ['00:00 Intro', '1:05 - The harbour', '', '  02:30.5 – Boats at dawn ', '[10:00] Questions', '1:02:03 — Part two', '1:10:00 | Credits'].join('\r\n'),
  );
  expect(r.errors).toEqual([]);
  expect(r.chapters).toEqual([
    { start: 0, title: 'Intro' },
    { start: 65, title: 'The harbour' },
    { start: 150.5, title: 'Boats at dawn' },
    { start: 600, title: 'Questions' },
    { start: 3723, title: 'Part two' },
    { start: 4200, title: 'Credits' },
  ]);
});

test('lines without a time or a title are reported with their line number; the others are kept', () => {
  const r = parseChapterLines('0:00 Intro\nIntro again\n\n1:00\n2:75 Bad seconds\n3:00 Outro');
  expect(r.chapters).toEqual([
    { start: 0, title: 'Intro' },
    { start: 180, title: 'Outro' },
  ]);
  expect(r.errors).toEqual([
    { line: 2, message: CHAPTER_MESSAGES.noTime },
    { line: 4, message: CHAPTER_MESSAGES.noTitle },
    { line: 5, message: CHAPTER_MESSAGES.noTime },
  ]);
});

test('times: m:ss, mm:ss, h:mm:ss with a fraction; formatted back the way they are typed', () => {
  expect(parseChapterTime('0:05')).toBe(5);
  expect(parseChapterTime('12:34')).toBe(754);
  expect(parseChapterTime('1:02:03.25')).toBe(3723.25);
  expect(parseChapterTime('90:00')).toBe(5400);
  expect(parseChapterTime('1:60:00')).toBeNull();
  expect(parseChapterTime('abc')).toBeNull();
  expect(formatChapterTime(0)).toBe('0:00');
  expect(formatChapterTime(65)).toBe('1:05');
  expect(formatChapterTime(3723.25)).toBe('1:02:03.25');
  const chapters = [
    { start: 0, title: 'Intro' },
    { start: 3723.25, title: 'Part two' },
  ];
  expect(toChapterLines(chapters)).toBe('0:00 Intro\n1:02:03.25 Part two');
  expect(parseChapterLines(toChapterLines(chapters)).chapters).toEqual(chapters);
});

test('the rules, by line: first at 0, increasing, before the end', () => {
  expect(chapterProblems([{ start: 0, title: 'A' }, { start: 10, title: 'B' }], 60)).toEqual({});
  expect(chapterProblems([{ start: 1, title: 'A' }])).toEqual({ 'chapters.0.start': CHAPTER_MESSAGES.firstAtZero });
  expect(chapterProblems([{ start: 0, title: 'A' }, { start: 20, title: 'B' }, { start: 20, title: 'C' }, { start: 70, title: 'D' }], 60)).toEqual({
    'chapters.2.start': CHAPTER_MESSAGES.increasing,
    'chapters.3.start': 'Must start before the end of the video (1:00).',
  });
  const parsed = ChaptersUpdate.safeParse({ chapters: [{ start: 0, title: 'A' }, { start: 0, title: '' }] });
  expect(parsed.success).toBe(false);
  expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
    ['chapters.1.title', CHAPTER_MESSAGES.title],
    ['chapters.1.start', CHAPTER_MESSAGES.increasing],
  ]);
});

test('the WebVTT chapters track and the chapter at a time', () => {
  const chapters = [
    { start: 0, title: 'Intro' },
    { start: 30, title: 'Fish & <chips>' },
  ];
  expect(chaptersToWebVtt(chapters, 95.5)).toBe('WEBVTT\n\nchapter-1\n00:00:00.000 --> 00:00:30.000\nIntro\n\nchapter-2\n00:00:30.000 --> 00:01:35.500\nFish &amp; &lt;chips&gt;\n');
  expect(chapterAt(chapters, 0)).toBe(0);
  expect(chapterAt(chapters, 29.9)).toBe(0);
  expect(chapterAt(chapters, 30)).toBe(1);
  expect(chapterAt([], 3)).toBe(-1);
});

test('chapters pasted on one line, separated by " / " or ";", become one chapter each', () => {
  expect(parseChapterLines('0:00 Intro / 1:30 Setup / 4:05 Q&A').chapters).toEqual([
    { start: 0, title: 'Intro' },
    { start: 90, title: 'Setup' },
    { start: 245, title: 'Q&A' },
  ]);
  const semi = parseChapterLines('00:00 - Intro; 01:30 - Setup ;[4:05] Wrap-up');
  expect(semi.errors).toEqual([]);
  expect(semi.chapters.map((c) => c.title)).toEqual(['Intro', 'Setup', 'Wrap-up']);
});

test('a slash or semicolon inside a title, not before a time, stays in the title', () => {
  const r = parseChapterLines('0:00 Questions / answers; part one\n2:00 Behind the scenes / 2nd take');
  expect(r.errors).toEqual([]);
  expect(r.chapters).toEqual([
    { start: 0, title: 'Questions / answers; part one' },
    { start: 120, title: 'Behind the scenes / 2nd take' },
  ]);
});

test('a broken piece of a one-line list is reported on its line', () => {
  const r = parseChapterLines('0:00 Intro\n1:00 Setup; 2:75 Bad');
  expect(r.chapters).toEqual([
    { start: 0, title: 'Intro' },
    { start: 60, title: 'Setup' },
  ]);
  expect(r.errors).toEqual([{ line: 2, message: CHAPTER_MESSAGES.noTime }]);
});
