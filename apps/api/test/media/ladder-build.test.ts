import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseMediaPlaylist } from '../../src/media/hls-playlist.ts';
import { buildLadder } from '../../src/media/pipelines.ts';
import { probe } from '../../src/media/probe.ts';
import { makeClip } from '../support/clips.ts';
import { ffprobeJson, keyframeTimes, tempDir } from './media-helpers.ts';

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  dir = await tempDir('ladder');
});
afterAll(() => dir.remove());

test('a 640x360 source gets 360p and 240p, keyframe-aligned, and a master listing both', async () => {
  const clip = await makeClip({ codec: 'h264', width: 640, height: 360, seconds: 4, audio: true });
  const progress: number[] = [];
  const renditions = await buildLadder(clip, dir.path, await probe(clip), { timeoutMs: 60_000, onProgress: (f) => progress.push(f) });

  expect(renditions.map((r) => [r.name, r.width, r.height, r.codecs, r.playlist])).toEqual([
    ['360p', 640, 360, 'avc1.64001e,mp4a.40.2', 'hls/360p/index.m3u8'],
    ['240p', 426, 240, 'avc1.64001e,mp4a.40.2', 'hls/240p/index.m3u8'],
  ]);
  expect(Math.max(...renditions.map((r) => r.height))).toBeLessThanOrEqual(360);
  expect(progress.at(-1)).toBe(1);

  const master = await readFile(join(dir.path, 'hls/master.m3u8'), 'utf8');
  for (const r of renditions) {
    expect(master).toContain(`BANDWIDTH=${r.bandwidth},AVERAGE-BANDWIDTH=${r.averageBandwidth},RESOLUTION=${r.width}x${r.height},CODECS="${r.codecs}",FRAME-RATE=30.000\n${r.name}/index.m3u8\n`);
  }

  const keyframes: number[][] = [];
  for (const r of renditions) {
    const segments = parseMediaPlaylist(await readFile(join(dir.path, r.playlist), 'utf8')).segments;
    expect(segments.length).toBeGreaterThan(0);
    const first = join(dir.path, r.playlist, '..', segments[0].uri);
    const [video] = (await ffprobeJson(first)).streams;
    expect([video.codec_name, video.profile, video.width, video.height]).toEqual(['h264', 'High', r.width, r.height]);
    keyframes.push(await keyframeTimes(first));
  }
  // A keyframe every 2 s, at the same times in every rung.
  expect(keyframes[0].length).toBe(2);
  expect(keyframes[0][1] - keyframes[0][0]).toBeCloseTo(2, 2);
  expect(keyframes[1]).toEqual(keyframes[0]);
});
