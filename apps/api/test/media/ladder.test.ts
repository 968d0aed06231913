import { describe, expect, test } from 'vitest';
import { aacCodec, avc1Codec, h264Level, outputFps, planLadder } from '../../src/media/ladder.ts';

const plan = (width: number, height: number, fps = 30) => planLadder({ width, height, fps }).map((r) => `${r.name} ${r.width}x${r.height} ${r.videoKbps}k`);

describe('planLadder', () => {
  test('1080p source: the full ladder near Apple bitrates', () => {
    expect(plan(1920, 1080)).toEqual(['1080p 1920x1080 5000k', '720p 1280x720 2800k', '480p 854x480 1400k', '360p 640x360 800k', '240p 426x240 400k']);
  });

  test('4K source stops at 1080p', () => {
    expect(plan(3840, 2160)[0]).toBe('1080p 1920x1080 5000k');
  });

  test('640x360 source: 360p and below, never upscaled', () => {
    expect(plan(640, 360)).toEqual(['360p 640x360 800k', '240p 426x240 400k']);
  });

  test('a source between rungs starts at the rung it can fill', () => {
    expect(plan(1000, 562).map((r) => r.split(' ')[0])).toEqual(['480p', '360p', '240p']);
  });

  test('4:3 keeps its aspect ratio with even sizes and fewer bits for fewer pixels', () => {
    expect(plan(320, 240)).toEqual(['240p 320x240 300k']);
    expect(plan(640, 480)).toEqual(['480p 640x480 1050k', '360p 480x360 600k', '240p 320x240 300k']);
  });

  test('cinema scope 1280x544 is a 720p source', () => {
    expect(plan(1280, 544)).toEqual(['720p 1280x544 2100k', '480p 854x362 1050k', '360p 640x272 600k', '240p 426x182 300k']);
  });

  test('portrait video is fitted into turned boxes', () => {
    expect(plan(1080, 1920).slice(0, 2)).toEqual(['1080p 1080x1920 5000k', '720p 720x1280 2800k']);
  });

  test('a source smaller than every rung gets one rung at its own size', () => {
    expect(plan(160, 120)).toEqual(['120p 160x120 100k']);
    expect(plan(161, 121)).toEqual(['120p 160x120 100k']);
  });

  test('60 fps gets 1.5 times the bits and a higher level; 120 fps is halved to 60', () => {
    const [top] = planLadder({ width: 1920, height: 1080, fps: 60 });
    expect(top).toMatchObject({ fps: 60, videoKbps: 7500, level: '4.2', videoCodec: 'avc1.64002a' });
    expect(planLadder({ width: 1920, height: 1080, fps: 120 })[0].fps).toBe(60);
    expect(outputFps(29.97)).toBe(29.97);
    expect(outputFps(0)).toBe(30);
  });

  test('each rung carries its level, codec, peak rate and buffer', () => {
    expect(planLadder({ width: 1920, height: 1080, fps: 30 }).map((r) => [r.name, r.level, r.videoCodec, r.maxrateKbps, r.bufsizeKbps])).toEqual([
      ['1080p', '4.0', 'avc1.640028', 5500, 10000],
      ['720p', '3.1', 'avc1.64001f', 3100, 5600],
      ['480p', '3.1', 'avc1.64001f', 1550, 2800],
      ['360p', '3.0', 'avc1.64001e', 900, 1600],
      ['240p', '3.0', 'avc1.64001e', 450, 800],
    ]);
  });
});

describe('codec strings', () => {
  test('H.264 levels follow the Annex A limits', () => {
    expect(h264Level(1920, 1080, 30, 5500)).toBe('4.0');
    expect(h264Level(1920, 1080, 60, 8000)).toBe('4.2');
    expect(h264Level(1280, 720, 60, 4000)).toBe('3.2');
    expect(h264Level(3840, 2160, 30, 20000)).toBe('5.1');
  });

  test('RFC 6381 names from ffprobe profiles', () => {
    expect(avc1Codec('High', 40)).toBe('avc1.640028');
    expect(avc1Codec('Main', 31)).toBe('avc1.4d401f');
    expect(avc1Codec('Constrained Baseline', 30)).toBe('avc1.42e01e');
    expect(aacCodec('LC')).toBe('mp4a.40.2');
    expect(aacCodec('HE-AAC')).toBe('mp4a.40.5');
  });
});
