import { copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseMediaPlaylist } from '../../src/media/hls-playlist.ts';
import { publishFirstRendition, startEarlyRemux } from '../../src/media/pipelines/hls.ts';
import { probe } from '../../src/media/probe.ts';
import { MediaTimeoutError } from '../../src/media/runner.ts';
import { makeClip } from '../support/clips.ts';
import { ffprobeJson, listFiles, tempDir, topLevelBoxes } from './media-helpers.ts';

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  dir = await tempDir('publish');
});
afterAll(() => dir.remove());

const codecs = async (path: string) => (await ffprobeJson(path)).streams.map((s: any) => s.codec_name);

/** Byte ranges of main.mp4 a single-file playlist lists, in order and touching. */
async function rangesOf(out: string, playlist: string) {
  const text = await readFile(join(out, playlist), 'utf8');
  expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
  expect(text).toContain('#EXT-X-MAP:URI="../../main.mp4",BYTERANGE=');
  const ranges = [...text.matchAll(/#EXT-X-BYTERANGE:(\d+)@(\d+)\n(.+)\n/g)].map((m) => {
    expect(m[3]).toBe('../../main.mp4');
    return { start: Number(m[2]), end: Number(m[2]) + Number(m[1]) };
  });
  for (let i = 1; i < ranges.length; i++) expect(ranges[i].start).toBe(ranges[i - 1].end);
  return ranges;
}

async function segmentsOf(out: string, playlist: string) {
  const text = await readFile(join(out, playlist), 'utf8');
  expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
  expect(text).toContain('#EXT-X-ENDLIST');
  return parseMediaPlaylist(text).segments.map((s) => join(playlist, '..', s.uri));
}

describe('publishFirstRendition', () => {
  test('an H.264/AAC source is remuxed once: main.mp4 is also the HLS rendition, as byte ranges', async () => {
    const clip = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 3, audio: true });
    const out = join(dir.path, 'remux');
    const result = await publishFirstRendition(clip, out, await probe(clip), { timeoutMs: 30_000 });

    expect(result).toMatchObject({ mp4: 'main.mp4', master: 'hls/master.m3u8', remuxed: true });
    expect(result.rendition).toMatchObject({ name: 'first', width: 320, height: 240, playlist: 'hls/first/index.m3u8', codecs: 'avc1.42e00d,mp4a.40.2' });
    expect(result.rendition.bandwidth).toBeGreaterThan(0);

    // No segment files: the bytes are stored once.
    expect(await listFiles(out)).toEqual(['hls/first/index.m3u8', 'hls/master.m3u8', 'main.mp4']);
    const main = await readFile(join(out, 'main.mp4'));
    const ranges = await rangesOf(out, result.rendition.playlist);
    expect(ranges.length).toBeGreaterThan(0);
    expect(ranges.at(-1)?.end).toBe(main.length);
    // The init section and the first segment, cut out of main.mp4, are a playable file of their own.
    const cut = join(out, 'cut.mp4');
    await writeFile(cut, Buffer.concat([main.subarray(0, ranges[0].start), main.subarray(ranges[0].start, ranges[0].end)]));
    expect(await codecs(cut)).toEqual(['h264', 'aac']);
    await rm(cut);

    expect(await codecs(join(out, 'main.mp4'))).toEqual(['h264', 'aac']);
    expect(Number((await ffprobeJson(join(out, 'main.mp4'))).format.duration)).toBeCloseTo(3, 0);
    const boxes = await topLevelBoxes(join(out, 'main.mp4'));
    expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));

    const master = await readFile(join(out, 'hls/master.m3u8'), 'utf8');
    expect(master).toContain('RESOLUTION=320x240,CODECS="avc1.42e00d,mp4a.40.2"');
    expect(master).toContain('\nfirst/index.m3u8\n');
  });

  test('a remux started before the probe answered is the one kept: the same files as a remux after it', async () => {
    const clip = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 3, audio: true });
    const after = join(dir.path, 'after-probe');
    const early = join(dir.path, 'early');
    const info = await probe(clip);
    const plain = await publishFirstRendition(clip, after, info, { timeoutMs: 30_000 });
    // The source is gone by the time the probe's answer is used: only the early run can have made the files.
    const source = join(dir.path, 'early-source.mp4');
    await copyFile(clip, source);
    const remux = startEarlyRemux(source, early, { timeoutMs: 30_000 });
    const probed = await probe(source);
    await remux.done;
    await rm(source);
    const kept = await publishFirstRendition(source, early, probed, { timeoutMs: 30_000 }, remux);
    expect(kept).toEqual(plain);
    expect(await listFiles(early)).toEqual(['hls/first/index.m3u8', 'hls/master.m3u8', 'main.mp4']);
    expect(await readFile(join(early, 'main.mp4'))).toEqual(await readFile(join(after, 'main.mp4')));
    expect(await readFile(join(early, 'hls/first/index.m3u8'), 'utf8')).toBe(await readFile(join(after, 'hls/first/index.m3u8'), 'utf8'));
  });

  test('an early remux is stopped and leaves nothing when the probe says the source is encoded instead', async () => {
    const clip = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 3, audio: true, pixFmt: 'yuv444p' });
    const out = join(dir.path, 'early-unused');
    const remux = startEarlyRemux(clip, out, { timeoutMs: 30_000 });
    const result = await publishFirstRendition(clip, out, await probe(clip), { timeoutMs: 60_000 }, remux);
    expect(result.remuxed).toBe(false);
    expect(result.rendition.codecs).toMatch(/^avc1\.64/);
    const files = await listFiles(out);
    expect(files.filter((f) => f.includes(remux.runId) || f.endsWith('.tmp'))).toEqual([]);
    expect(files).toContain('main.mp4');
    const stopped = startEarlyRemux(clip, join(dir.path, 'early-stopped'), { timeoutMs: 30_000 });
    await stopped.stop();
    expect(await listFiles(join(dir.path, 'early-stopped'))).toEqual([]);
  });

  test('a re-run into the same folder replaces the rendition cleanly', async () => {
    const clip = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 3, audio: true });
    const out = join(dir.path, 'rerun');
    const info = await probe(clip);
    await publishFirstRendition(clip, out, info, { timeoutMs: 30_000 });
    await publishFirstRendition(clip, out, info, { timeoutMs: 30_000 });
    expect(await listFiles(out)).toEqual(['hls/first/index.m3u8', 'hls/master.m3u8', 'main.mp4']);
    expect((await rangesOf(out, 'hls/first/index.m3u8')).at(-1)?.end).toBe((await readFile(join(out, 'main.mp4'))).length);
  });

  test('an MPEG-4 Part 2 source with MP3 audio is transcoded to H.264 and AAC', async () => {
    const clip = await makeClip({ codec: 'mpeg4', width: 320, height: 240, seconds: 2, audio: 'mp3' });
    const out = join(dir.path, 'transcode');
    const result = await publishFirstRendition(clip, out, await probe(clip), { timeoutMs: 60_000 });
    expect(result.remuxed).toBe(false);
    expect(result.rendition).toMatchObject({ width: 320, height: 240, codecs: 'avc1.64001e,mp4a.40.2' });
    const main = await ffprobeJson(join(out, 'main.mp4'));
    expect(main.streams.map((s: any) => [s.codec_name, s.profile])).toEqual([
      ['h264', 'High'],
      ['aac', 'LC'],
    ]);
    const segments = await segmentsOf(out, result.rendition.playlist);
    expect(await codecs(join(out, segments[0]))).toEqual(['h264', 'aac']);
    const boxes = await topLevelBoxes(join(out, 'main.mp4'));
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
  });

  test('a rotated H.264 source is re-encoded upright, as players of MPEG-TS would not turn it', async () => {
    const clip = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 1, audio: false, rotate: 90 });
    const out = join(dir.path, 'rotated');
    const result = await publishFirstRendition(clip, out, await probe(clip), { timeoutMs: 60_000 });
    expect(result.remuxed).toBe(false);
    expect(result.rendition).toMatchObject({ width: 240, height: 320, codecs: 'avc1.64001e' });
    const [video] = (await ffprobeJson(join(out, 'main.mp4'))).streams;
    expect([video.width, video.height, video.side_data_list]).toEqual([240, 320, undefined]);
  });

  test('when copying fails the source is re-encoded instead', async () => {
    // A probe that wrongly calls PCM audio AAC: the mp4 muxer refuses PCM.
    const clip = await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 1, audio: 'pcm', container: 'mkv' });
    const lying = { ...(await probe(clip)), videoCodec: 'h264', audioCodec: 'aac' };
    const out = join(dir.path, 'fallback');
    const result = await publishFirstRendition(clip, out, lying, { timeoutMs: 60_000 });
    expect(result.remuxed).toBe(false);
    expect(await codecs(join(out, 'main.mp4'))).toEqual(['h264', 'aac']);
    // As a remux: one fragmented mp4 that the rendition lists as byte ranges.
    expect(await listFiles(out)).toEqual(['hls/first/index.m3u8', 'hls/master.m3u8', 'main.mp4']);
    expect(new Set(await segmentsOf(out, 'hls/first/index.m3u8'))).toEqual(new Set(['main.mp4']));
    expect(result.rendition.container).toBe('fmp4');
  });

  test('a run stopped by its time limit leaves no files behind', async () => {
    const clip = await makeClip({ codec: 'mpeg4', width: 320, height: 240, seconds: 2, audio: 'mp3' });
    const out = join(dir.path, 'killed');
    await expect(publishFirstRendition(clip, out, await probe(clip), { timeoutMs: 1 })).rejects.toBeInstanceOf(MediaTimeoutError);
    expect(await listFiles(out)).toEqual([]);
  });
});
