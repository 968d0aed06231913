import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { thumbnailTimes } from '@reelbase/api-client/constants';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { extractThumbnails } from '../../src/media/pipelines/images.ts';
import { probe } from '../../src/media/probe.ts';
import { makeClip } from '../support/clips.ts';
import { ffprobeJson, listFiles, tempDir } from './media-helpers.ts';

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  dir = await tempDir('thumbs');
});
afterAll(() => dir.remove());

test('four JPEG frames, evenly spaced', async () => {
  const clip = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 3, audio: false });
  const names = await extractThumbnails(clip, dir.path, await probe(clip), { timeoutMs: 30_000 });
  expect(names).toEqual(['thumb-1.jpg', 'thumb-2.jpg', 'thumb-3.jpg', 'thumb-4.jpg']);
  expect(await listFiles(dir.path)).toEqual(names);
  for (const name of names) {
    const bytes = await readFile(join(dir.path, name));
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const [image] = (await ffprobeJson(join(dir.path, name))).streams;
    expect([image.codec_name, image.width, image.height]).toEqual(['mjpeg', 320, 240]);
  }
  // The test pattern changes every frame: four distinct pictures.
  const sizes = new Set(await Promise.all(names.map(async (n) => (await readFile(join(dir.path, n))).toString('base64'))));
  expect(sizes.size).toBe(4);
});

test('a container that overstates its duration still yields four thumbnails', async () => {
  const clip = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 3, audio: false });
  const out = join(dir.path, 'overstated');
  const names = await extractThumbnails(clip, out, { ...(await probe(clip)), durationSec: 100 }, { timeoutMs: 30_000 });
  expect(await listFiles(out)).toEqual(names);
  for (const name of names) expect((await readFile(join(out, name))).length).toBeGreaterThan(1000);
});

test('the times are 1/5 to 4/5 of the duration', () => {
  expect(thumbnailTimes(10)).toEqual([2, 4, 6, 8]);
  expect(thumbnailTimes(3)).toEqual([0.6, 1.2, 1.8, 2.4]);
});
