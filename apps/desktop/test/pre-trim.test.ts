import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mediaTools, run } from '../src/main/media-tools.ts';
import { planTrim, preTrim, probeClip } from '../src/main/pre-trim.ts';
import { makeClip } from './support/api.ts';

const tools = mediaTools();
let tmp: string;
let source: string;

/** The video stream's packets (time and size) between two times, as ffprobe reads them. */
async function packets(file: string) {
  const { stdout } = await run(tools.ffprobe, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,size,flags', '-of', 'json', file]);
  return (JSON.parse(stdout).packets as { pts_time: string; size: string; flags: string }[]).map((p) => ({ t: Number(p.pts_time), size: Number(p.size), key: p.flags.includes('K') }));
}
async function streams(file: string) {
  const { stdout } = await run(tools.ffprobe, ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width,height:format=duration', '-of', 'json', file]);
  return JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string; width?: number }[]; format: { duration: string } };
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'reelbase-trim-'));
  // 6 s at 25 fps with a keyframe every 2 s (50 frames).
  source = await makeClip({ seconds: 6, fps: 25, gop: 50, width: 320, height: 240, audio: true });
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

test('the keyframes of the clip are where its GOP puts them', async () => {
  expect((await probeClip(tools.ffprobe, source)).keyframes).toEqual([0, 2, 4]);
});

test('a cut from a keyframe is a stream copy: the same packets, the wanted length', async () => {
  const { plan, output } = await preTrim(tools, source, join(tmp, 'cut'), { start: 2, end: 4.5 });
  expect(plan).toEqual({ mode: 'copy', start: 2, end: 4.5 });
  expect(output.endsWith('.mp4')).toBe(true);
  const info = await streams(output);
  expect(Number(info.format.duration)).toBeCloseTo(2.5, 1);
  expect(info.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
  // Copied, not re-encoded: the output's video packets are the source's from 2 s on, byte for byte in size.
  const src = (await packets(source)).filter((p) => p.t >= 2 - 1e-6 && p.t < 4.5 - 1e-6);
  const out = await packets(output);
  expect(out[0].key).toBe(true);
  expect(out.map((p) => p.size)).toEqual(src.map((p) => p.size));
});

test('a start between keyframes copies from the keyframe before it, or re-encodes when exact', async () => {
  const facts = await probeClip(tools.ffprobe, source);
  expect(planTrim({ start: 3, end: 5 }, facts)).toEqual({ mode: 'copy', start: 2, end: 5 });
  const { plan, output } = await preTrim(tools, source, join(tmp, 'exact'), { start: 3, end: 5 }, true);
  expect(plan).toEqual({ mode: 'encode', start: 3, end: 5 });
  const info = await streams(output);
  expect(Number(info.format.duration)).toBeCloseTo(2, 1);
  expect(info.streams.find((s) => s.codec_type === 'video')?.width).toBe(320);
});

test('an empty range is refused before ffmpeg runs', async () => {
  await expect(preTrim(tools, source, join(tmp, 'none'), { start: 4, end: 4 })).rejects.toThrow('The end of the cut must come after its start.');
});
