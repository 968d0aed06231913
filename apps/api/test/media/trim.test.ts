import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { resolveFfmpegPath, resolveFfprobePath } from '../../src/media/binaries.ts';
import { publishFirstRendition } from '../../src/media/pipelines/hls.ts';
import { keyframesFrom, probe } from '../../src/media/probe.ts';
import { runMediaProcess } from '../../src/media/runner.ts';
import { planTrim, trimVideo } from '../../src/media/trim.ts';
import { makeClip } from '../support/clips.ts';
import { ffprobeJson } from './media-helpers.ts';

let out: string;
beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'reelbase-trim-'));
});
afterAll(() => rm(out, { recursive: true, force: true }));

/** Decoded video frames, and whatever ffmpeg complained about while decoding every frame. */
async function decode(path: string) {
  const { stdout } = await runMediaProcess(resolveFfprobePath(process.env.FFPROBE_PATH), ['-v', 'error', '-select_streams', 'v:0', '-count_frames', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', path], { timeoutMs: 30_000, collectStdout: true });
  const check = await runMediaProcess(resolveFfmpegPath(process.env.FFMPEG_PATH), ['-v', 'error', '-i', path, '-f', 'null', '-'], { timeoutMs: 30_000 });
  return { frames: Number(stdout.trim()), errors: check.stderrTail };
}
test('a cut that starts on a keyframe is a plain copy, frame-exact', async () => {
  const clip = await makeClip({ codec: 'h264', seconds: 4, gop: 30, audio: true });
  const r = await trimVideo(clip, join(out, 'copy'), await probe(clip), { startSec: 1, endSec: 3 }, { timeoutMs: 60_000 });
  expect(r.plan).toMatchObject({ method: 'copy', startSec: 1, readFromSec: 1 });
  expect(await decode(r.path)).toEqual({ frames: 60, errors: '' });
});

test('a cut between keyframes re-encodes only up to the next keyframe and copies the rest', async () => {
  const clip = await makeClip({ codec: 'h264', seconds: 4, gop: 30, audio: true });
  const r = await trimVideo(clip, join(out, 'smart'), await probe(clip), { startSec: 0.5, endSec: 3 }, { timeoutMs: 60_000 });
  expect(r.plan).toEqual({ method: 'smart', startSec: 0.5, keyframe: { pts: 1, dts: 1 }, durationSec: 2.5 });
  expect(await decode(r.path)).toEqual({ frames: 75, errors: '' });
  const json = await ffprobeJson(r.path);
  expect(json.streams.map((st: any) => [st.codec_name, Number(st.start_time)])).toEqual([
    ['h264', 0],
    ['aac', 0],
  ]);
  expect(Number(json.format.duration)).toBeCloseTo(2.5, 1);
});

test('a source that is not browser-ready H.264 is encoded when the cut is not on a keyframe', async () => {
  const clip = await makeClip({ codec: 'mpeg4', seconds: 3, audio: true });
  const info = await probe(clip);
  const r = await trimVideo(clip, join(out, 'encode'), info, { startSec: 0.5, endSec: 1.5 }, { timeoutMs: 60_000 });
  expect(r.plan.method).toBe('encode');
  expect((await probe(r.path)).videoCodec).toBe('h264');
  expect(await decode(r.path)).toEqual({ frames: 30, errors: '' });
});

test('planTrim: copy from the start or a keyframe (read from its decode time), smart cut before one, encode without one inside the cut', () => {
  const h264 = { videoCodec: 'h264', pixFmt: 'yuv420p', audioCodec: 'aac', rotation: 0, interlaced: false, width: 1920, height: 1080, fps: 25 } as Parameters<typeof planTrim>[0];
  const k = (pts: number) => ({ pts, dts: pts - 0.08 });
  expect(planTrim(h264, [], 0, 9)).toEqual({ method: 'copy', startSec: 0, readFromSec: 0, durationSec: 9 });
  expect(planTrim(h264, [k(4), k(6)], 4.01, 9)).toEqual({ method: 'copy', startSec: 4, readFromSec: 3.92, durationSec: 9 - 3.92 });
  expect(planTrim(h264, [k(4), k(6)], 4.5, 9)).toEqual({ method: 'smart', startSec: 4.5, keyframe: k(6), durationSec: 4.5 });
  expect(planTrim(h264, [k(4), k(12)], 4.5, 9)).toEqual({ method: 'encode', startSec: 4.5, durationSec: 4.5 });
  expect(planTrim({ ...h264, videoCodec: 'hevc' }, [k(4), k(6)], 4.5, 9).method).toBe('encode');
});

test('cuts from a published main.mp4 (fragmented, what a remuxed upload becomes) with B-frames start exactly and end within the reorder delay', async () => {
  // x264 at its default preset: reordered frames, so keyframes decode before they are shown.
  const clip = join(out, 'bframes.mp4');
  const lavfi = ['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30:duration=4', '-f', 'lavfi', '-i', 'sine=duration=4'];
  await runMediaProcess(resolveFfmpegPath(process.env.FFMPEG_PATH), ['-v', 'error', ...lavfi, '-c:v', 'libx264', '-bf', '3', '-g', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip], { timeoutMs: 60_000 });
  const published = await publishFirstRendition(clip, join(out, 'published'), await probe(clip), { timeoutMs: 60_000 });
  expect(published.remuxed).toBe(true);
  const main = join(out, 'published', published.mp4);
  const info = await probe(main);
  const keyframe = (await keyframesFrom(main, info.videoStreamIndex, 0.9, 1)).find((k) => k.pts > 0.9);
  if (!keyframe) throw new Error('no keyframe after 0.9 s');
  expect(keyframe.dts).toBeLessThan(keyframe.pts);

  const copy = await trimVideo(main, join(out, 'frag-copy'), info, { startSec: keyframe.pts, endSec: keyframe.pts + 2 }, { timeoutMs: 60_000 });
  expect(copy.plan.method).toBe('copy');
  // Exact at the start; the end may run on by the keyframe's reorder delay (2 frames here).
  const copied = await decode(copy.path);
  expect(copied.errors).toBe('');
  expect(copied.frames).toBeGreaterThanOrEqual(60);
  expect(copied.frames).toBeLessThanOrEqual(62);
  const smart = await trimVideo(main, join(out, 'frag-smart'), info, { startSec: keyframe.pts + 0.5, endSec: keyframe.pts + 2.5 }, { timeoutMs: 60_000 });
  expect(smart.plan.method).toBe('smart');
  const joined = await decode(smart.path);
  expect(joined.errors).toBe('');
  expect(Math.abs(joined.frames - 60)).toBeLessThanOrEqual(2);
  // As for the copy: the copied tail may run on by the keyframe's reorder delay (up to 3 frames here).
  const duration = Number((await ffprobeJson(smart.path)).format.duration);
  expect(duration).toBeGreaterThan(1.95);
  expect(duration).toBeLessThanOrEqual(2 + 3 / 30 + 0.001);
});
