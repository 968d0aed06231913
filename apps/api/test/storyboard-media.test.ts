import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildStoryboardArgs, planStoryboard, STORYBOARD_TILES_TARGET, storyboardVtt } from '../src/media/commands/storyboard.ts';
import { makeStoryboard } from '../src/media/pipelines/storyboard.ts';
import { probe } from '../src/media/probe.ts';
import { makeClip } from './support/clips.ts';
import { ffprobeJson, listFiles, tempDir } from './media/media-helpers.ts';

/* Issue 26 item 4: the storyboard pipeline on real ffmpeg (a small generated clip) and its plan. */

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  dir = await tempDir('storyboard');
});
afterAll(() => dir.remove());

const TIME = /^(\d\d):(\d\d):(\d\d)\.(\d{3})$/;
const secondsOf = (t: string) => {
  const m = TIME.exec(t) as RegExpExecArray;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
};
/** The cues of a storyboard index: times and the sheet rectangle each names. */
function cuesOf(vtt: string) {
  expect(vtt.startsWith('WEBVTT\n')).toBe(true);
  return vtt
    .split('\n\n')
    .slice(1)
    .filter((b) => b.trim())
    .map((block) => {
      const [timing, target] = block.trim().split('\n');
      const [from, to] = timing.split(' --> ');
      const m = /^(sheet-\d+\.jpg)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(target) as RegExpExecArray;
      expect(m, target).not.toBeNull();
      return { start: secondsOf(from), end: secondsOf(to), sheet: m[1], x: Number(m[2]), y: Number(m[3]), w: Number(m[4]), h: Number(m[5]) };
    });
}

test('a 12 s clip: one sprite sheet of 160 px tiles, and an index whose cues cover the whole video with rectangles inside the sheet', async () => {
  const clip = await makeClip({ codec: 'h264', width: 426, height: 240, seconds: 12, gop: 60, audio: false });
  const info = await probe(clip);
  const out = join(dir.path, 'short');
  const { plan, files } = await makeStoryboard(clip, out, info, { timeoutMs: 60_000 });
  expect(files).toEqual(['sheet-0.jpg', 'storyboard.vtt']);
  expect(await listFiles(out)).toEqual(['sheet-0.jpg', 'storyboard.vtt']);
  // A frame a second for a short video; tiles 160 px wide keeping the 16:9 shape.
  expect(plan).toMatchObject({ intervalSec: 1, tiles: 12, width: 160, height: 90, columns: 10, rows: 2, sheets: 1 });
  const [sheet] = (await ffprobeJson(join(out, 'sheet-0.jpg'))).streams;
  expect([sheet.codec_name, sheet.width, sheet.height]).toEqual(['mjpeg', 1600, 180]);

  const cues = cuesOf(await readFile(join(out, 'storyboard.vtt'), 'utf8'));
  expect(cues).toHaveLength(12);
  expect(cues[0].start).toBe(0);
  expect(cues.at(-1)?.end).toBeCloseTo(info.durationSec, 2);
  for (const [i, c] of cues.entries()) {
    if (i > 0) expect(c.start).toBe(cues[i - 1].end); // no gap, no overlap
    expect(c.end).toBeGreaterThan(c.start);
    expect([c.sheet, c.w, c.h]).toEqual(['sheet-0.jpg', 160, 90]);
    expect(c.x + c.w).toBeLessThanOrEqual(sheet.width);
    expect(c.y + c.h).toBeLessThanOrEqual(sheet.height);
  }
  // Tile 11 sits in the second row, second column.
  expect([cues[11].x, cues[11].y]).toEqual([160, 90]);
});

test('the interval grows with the length so a long video keeps about 200 tiles, on 10x10 sheets', () => {
  expect(planStoryboard(60, 1920, 1080)).toMatchObject({ intervalSec: 1, tiles: 60, sheets: 1, rows: 6 });
  expect(planStoryboard(600, 1920, 1080)).toMatchObject({ intervalSec: 5, tiles: 120, sheets: 2, rows: 10, columns: 10 });
  const twoHours = planStoryboard(7200, 1280, 720);
  expect(twoHours.tiles).toBeLessThanOrEqual(STORYBOARD_TILES_TARGET);
  expect(twoHours).toMatchObject({ intervalSec: 60, tiles: 120, sheets: 2 });
  // Portrait: tiles stay 160 wide, taller.
  expect(planStoryboard(30, 720, 1280)).toMatchObject({ width: 160, height: 284 });
  // The second sheet's first tile starts at the top left again.
  const vtt = storyboardVtt(planStoryboard(600, 1920, 1080), 600);
  expect(vtt).toContain('00:08:20.000 --> 00:08:25.000\nsheet-1.jpg#xywh=0,0,160,90');
  expect(vtt.trim().endsWith('sheet-1.jpg#xywh=1440,90,160,90')).toBe(true);
});

test('intervals of whole keyframe intervals decode keyframes only; the output is a relative image pattern', () => {
  const args = buildStoryboardArgs({ input: '/work/in.mp4', plan: planStoryboard(600, 1920, 1080), outputPattern: '.sheet-x-%d.jpg' });
  expect(args).not.toContain('-skip_frame');
  expect(args.slice(args.indexOf('-vf'), args.indexOf('-vf') + 2)).toEqual(['-vf', 'setpts=PTS-STARTPTS,fps=1/5:round=up,trim=end_frame=120,scale=160:90,setsar=1,tile=10x10']);
  const keyed = buildStoryboardArgs({ input: '/work/in.mp4', plan: planStoryboard(3600, 1920, 1080), outputPattern: '.sheet-x-%d.jpg' });
  expect(keyed.slice(keyed.indexOf('-skip_frame'), keyed.indexOf('-skip_frame') + 2)).toEqual(['-skip_frame', 'nokey']);
  expect(keyed.indexOf('-skip_frame')).toBeLessThan(keyed.indexOf('-i'));
  expect(keyed.at(-1)).toBe('.sheet-x-%d.jpg');
  expect(() => buildStoryboardArgs({ input: '/in.mp4', plan: planStoryboard(5, 16, 9), outputPattern: '../x-%d.jpg' })).toThrow(/Unsafe/);
});
