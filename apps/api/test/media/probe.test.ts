import { describe, expect, test } from 'vitest';
import { NotAVideoError, probe } from '../../src/media/probe.ts';
import { makeAudioOnly, makeClip, makeNonVideo } from '../support/clips.ts';

describe('probe on real files', () => {
  test('an H.264/AAC clip', async () => {
    const info = await probe(await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 2, audio: true }));
    expect(info).toMatchObject({ width: 320, height: 240, videoCodec: 'h264', audioCodec: 'aac', fps: 30, rotation: 0, pixFmt: 'yuv420p', videoStreamIndex: 0, audioStreamIndex: 1 });
    expect(info.durationSec).toBeCloseTo(2, 1);
    expect(info.formatName).toContain('mp4');
  });

  test('an MPEG-TS file (the static ffprobe must not crash on its service names)', async () => {
    const info = await probe(await makeClip({ codec: 'h264', seconds: 2, container: 'ts' }));
    expect(info).toMatchObject({ formatName: 'mpegts', videoCodec: 'h264', audioCodec: 'aac' });
  });

  test('a rotated phone-style clip reports the displayed size', async () => {
    const info = await probe(await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 1, rotate: 90 }));
    expect(info).toMatchObject({ rotation: 90, width: 240, height: 320 });
  });

  test('a text file is not a video', async () => {
    const err = await probe(await makeNonVideo()).catch((e) => e);
    expect(err).toBeInstanceOf(NotAVideoError);
    expect(err.reason).toBe('unreadable');
  });

  test('an audio-only file is not a video', async () => {
    await expect(probe(await makeAudioOnly())).rejects.toMatchObject({ name: 'NotAVideoError', reason: 'no-video' });
  });

  test('a missing file is an ordinary error, not the uploader’s fault', async () => {
    const err = await probe('/nonexistent/clip.mp4').catch((e) => e);
    expect(err).not.toBeInstanceOf(NotAVideoError);
    expect(err.code).toBe('ENOENT');
  });
});
