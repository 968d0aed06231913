import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseMediaPlaylist } from '../../src/media/hls-playlist.ts';
import { buildLadder, canBeTopRung, publishFirstRendition } from '../../src/media/pipelines/hls.ts';
import { probe } from '../../src/media/probe.ts';
import { makeClip } from '../support/clips.ts';
import { ffprobeJson, keyframeTimes, listFiles, tempDir } from './media-helpers.ts';

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

test('the rungs carry AAC-LC source audio as it is, and encode other audio to stereo AAC', async () => {
  const audioOf = async (audio: 'aac' | 'mp3') => {
    // 426x240: one rung, the 240p.
    const clip = await makeClip({ codec: 'h264', width: 426, height: 240, seconds: 2, audio });
    const out = join(dir.path, `audio-${audio}`);
    const [rung] = await buildLadder(clip, out, await probe(clip), { timeoutMs: 60_000 });
    const [segment] = parseMediaPlaylist(await readFile(join(out, rung.playlist), 'utf8')).segments;
    const streams = (await ffprobeJson(join(out, rung.playlist, '..', segment.uri))).streams as { codec_type: string; codec_name: string; profile: string; channels: number }[];
    const a = streams.find((s) => s.codec_type === 'audio');
    return [rung.codecs, a?.codec_name, a?.profile, a?.channels];
  };
  // The test clips' audio is mono: copied, it stays mono; encoded, it becomes the ladder's stereo.
  expect(await audioOf('aac')).toEqual(['avc1.64001e,mp4a.40.2', 'aac', 'LC', 1]);
  expect(await audioOf('mp3')).toEqual(['avc1.64001e,mp4a.40.2', 'aac', 'LC', 2]);
});

/** Where each segment of a playlist starts, in seconds. */
async function segmentStarts(playlist: string) {
  let t = 0;
  return parseMediaPlaylist(await readFile(playlist, 'utf8')).segments.map((s) => {
    const start = Math.round(t * 100) / 100;
    t += s.durationSec;
    return start;
  });
}

test('an H.264 source with keyframes every 2 s is the top rung as it is; only the smaller rungs are encoded', async () => {
  // At about the 360p rung's rate: a sensible bit rate to serve as it is.
  const clip = await makeClip({ codec: 'h264', width: 640, height: 360, seconds: 13, gop: 60, videoKbps: 900, audio: true });
  const out = join(dir.path, 'reuse');
  const info = await probe(clip);
  const first = await publishFirstRendition(clip, out, info, { timeoutMs: 60_000 });
  expect(first.remuxed).toBe(true);
  expect(first.rendition.alignedSegments).toBe(true);
  expect(canBeTopRung(info, first.rendition)).toBe(true);

  // Later steps read the kept main.mp4, as the job does.
  const renditions = await buildLadder(join(out, 'main.mp4'), out, info, { timeoutMs: 60_000 }, first.rendition);
  expect(renditions.map((r) => [r.name, r.width, r.height])).toEqual([
    ['first', 640, 360],
    ['240p', 426, 240],
  ]);
  expect(await listFiles(join(out, 'hls'))).not.toContainEqual(expect.stringMatching(/^360p\//));
  const master = await readFile(join(out, 'hls/master.m3u8'), 'utf8');
  expect(master.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual(['first/index.m3u8', '240p/index.m3u8']);

  // Aligned: the same segment starts, each a keyframe of the source and of the encoded rung.
  const starts = await segmentStarts(join(out, 'hls/first/index.m3u8'));
  expect(starts).toEqual([0, 2, 4, 6, 8, 10, 12]); // one segment per 2 s keyframe (HLS_SEGMENT_SECONDS)
  expect(await segmentStarts(join(out, 'hls/240p/index.m3u8'))).toEqual(starts);
  const sourceKeyframes = await keyframeTimes(join(out, 'main.mp4'));
  for (const t of starts) expect(sourceKeyframes.some((k) => Math.abs(k - sourceKeyframes[0] - t) < 0.01)).toBe(true);
  const rung = parseMediaPlaylist(await readFile(join(out, 'hls/240p/index.m3u8'), 'utf8')).segments;
  for (const seg of rung) {
    const file = join(out, 'hls/240p', seg.uri);
    const [firstPacket] = (await ffprobeJson(file, ['-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags', '-read_intervals', '%+#1'])).packets;
    expect(firstPacket.flags.startsWith('K')).toBe(true);
  }
});

test('a source whose keyframes miss the 6 s grid is not reused', async () => {
  // libx264's default: a keyframe every 250 frames (8.3 s).
  const clip = await makeClip({ codec: 'h264', width: 640, height: 360, seconds: 13, audio: true });
  const info = await probe(clip);
  const first = await publishFirstRendition(clip, join(dir.path, 'no-reuse'), info, { timeoutMs: 60_000 });
  expect(first.rendition.alignedSegments).toBe(false);
  expect(canBeTopRung(info, first.rendition)).toBe(false);
});

test('a source at far more than the bit rate of its rung is not reused, aligned or not', async () => {
  const clip = await makeClip({ codec: 'h264', width: 640, height: 360, seconds: 13, gop: 60, videoKbps: 3000, audio: true });
  const info = await probe(clip);
  const first = await publishFirstRendition(clip, join(dir.path, 'heavy'), info, { timeoutMs: 60_000 });
  expect(first.rendition.alignedSegments).toBe(true);
  expect(canBeTopRung(info, first.rendition)).toBe(false);
});
