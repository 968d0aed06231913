import { CHAPTER_MESSAGES } from '@reelbase/api-client';
import { expect, test } from 'vitest';
import { chaptersOfRows, errorsByLine, newRow, rowsOf } from '../src/screens/video/chapter-rows.ts';

test("the editor's rows become chapters, with each problem at its line before anything is sent", () => {
  const rows = [newRow('0:00', 'Intro'), newRow('1:05', ' The harbour '), newRow('1:02:03.5', 'Late')];
  expect(chaptersOfRows(rows, 4000)).toEqual({
    chapters: [
      { start: 0, title: 'Intro' },
      { start: 65, title: 'The harbour' },
      { start: 3723.5, title: 'Late' },
    ],
    errors: new Map(),
  });
  expect(chaptersOfRows([newRow('0:00', 'A'), newRow('soon', 'B')], 60).errors).toEqual(new Map([[1, 'Must be a time such as 0:00, 1:05 or 1:02:03.']]));
  expect(chaptersOfRows([newRow('0:10', 'A'), newRow('0:05', ''), newRow('2:00', 'C')], 60).errors).toEqual(
    new Map([
      [0, CHAPTER_MESSAGES.firstAtZero],
      [1, `${CHAPTER_MESSAGES.increasing} ${CHAPTER_MESSAGES.title}`],
      [2, 'Must start before the end of the video (1:00).'],
    ]),
  );
  expect(rowsOf([{ start: 3723.5, title: 'Late' }]).map((r) => [r.time, r.title])).toEqual([['1:02:03.5', 'Late']]);
});

test("the API's 422 errors land at their line; a message about the whole list apart", () => {
  expect(errorsByLine({ 'chapters.2.start': 'Must start after the chapter before it.', 'chapters.2.title': 'Too long.', chapters: 'Too many.' })).toEqual(
    new Map([
      [2, 'Must start after the chapter before it. Too long.'],
      [-1, 'Too many.'],
    ]),
  );
});
