import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { UnsupportedPlaylistError } from '../../src/media/hls-playlist.ts';
import { publishGrowingRendition } from '../../src/media/pipelines/hls.ts';
import { remuxHlsToMp4 } from '../../src/media/pipelines/mp4.ts';
import { probe } from '../../src/media/probe.ts';
import { makeClip } from '../support/clips.ts';
import { listFiles, tempDir, topLevelBoxes } from './media-helpers.ts';

let dir: Awaited<ReturnType<typeof tempDir>>;
let playlist: string;
beforeAll(async () => {
  dir = await tempDir('import');
  // A "downloaded" HLS stream: our own growing rendition (MPEG-TS segments) stands in for the fetched files.
  const clip = await makeClip({ codec: 'mpeg4', width: 320, height: 240, seconds: 3, audio: 'mp3' });
  await publishGrowingRendition(clip, join(dir.path, 'src'), await probe(clip), { timeoutMs: 30_000 }, async () => {});
  playlist = join(dir.path, 'src/hls/first/index.m3u8');
});
afterAll(() => dir.remove());

test('a downloaded HLS playlist becomes one fast-start mp4', async () => {
  const output = join(dir.path, 'out/imported.mp4');
  const result = await remuxHlsToMp4(playlist, output, { timeoutMs: 30_000 });
  expect(result).toEqual({ path: output, durationSec: 3 });
  expect(await listFiles(join(dir.path, 'out'))).toEqual(['imported.mp4']);
  const info = await probe(output);
  expect(info).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 320, height: 240 });
  expect(info.durationSec).toBeCloseTo(3, 0);
  const boxes = await topLevelBoxes(output);
  expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
  // The playlist folder is left as it was.
  expect((await listFiles(join(dir.path, 'src/hls/first'))).filter((f) => f.startsWith('.'))).toEqual([]);
});

test('a playlist pointing outside its folder is refused before ffmpeg runs', async () => {
  const evil = join(dir.path, 'src/hls/first/evil.m3u8');
  const text = await readFile(playlist, 'utf8');
  await writeFile(evil, text.replace(/^seg-.*\.ts$/m, '../../../../../../etc/passwd'));
  const output = join(dir.path, 'evil/out.mp4');
  await expect(remuxHlsToMp4(evil, output, { timeoutMs: 30_000 })).rejects.toBeInstanceOf(UnsupportedPlaylistError);
});
