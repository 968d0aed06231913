import HLS from 'hls-parser';
import { expect, test } from 'vitest';
import { buildSubtitlePlaylist, buildVttSegment, masterContainer, subtitleSegmentCount, withSubtitleRenditions } from '../../src/media/hls-subtitles.ts';
import { buildMasterPlaylist } from '../../src/media/master-playlist.ts';

const ts = buildMasterPlaylist([
  { uri: '720p/index.m3u8', bandwidth: 3_000_000, width: 1280, height: 720, codecs: 'avc1.64001f,mp4a.40.2', container: 'mpegts' },
  { uri: '360p/index.m3u8', bandwidth: 900_000, width: 640, height: 360, codecs: 'avc1.64001e,mp4a.40.2', container: 'mpegts' },
]);
const tracks = [
  { uri: 'subs-a/mpegts.m3u8', name: 'English', language: 'en', isDefault: false },
  { uri: 'subs-b/mpegts.m3u8', name: 'Deutsch (DE)', language: 'de-DE', isDefault: true },
];

test('the master lists every track as a SUBTITLES rendition and every variant names the group (hls-parser reads it)', () => {
  const text = withSubtitleRenditions(ts, tracks);
  const master = HLS.parse(text) as HLS.types.MasterPlaylist;
  expect(master.isMasterPlaylist).toBe(true);
  expect(master.variants.map((v) => v.uri)).toEqual(['720p/index.m3u8', '360p/index.m3u8']);
  for (const v of master.variants) {
    expect(v.subtitles.map((r) => [r.name, r.language, r.uri, r.isDefault])).toEqual([
      ['English', 'en', 'subs-a/mpegts.m3u8', false],
      ['Deutsch (DE)', 'de-DE', 'subs-b/mpegts.m3u8', true],
    ]);
  }
  expect(text.match(/SUBTITLES="subs"/g)).toHaveLength(2);
  // A quote in a label cannot end the attribute.
  expect(withSubtitleRenditions(ts, [{ ...tracks[0], name: 'Say "hi"\nnow' }])).toContain(`NAME="Say 'hi' now"`);
});

test('a master without tracks is unchanged, and adding tracks twice lists them once', () => {
  expect(withSubtitleRenditions(ts, [])).toBe(ts);
  const twice = withSubtitleRenditions(withSubtitleRenditions(ts, tracks), tracks);
  expect(twice).toBe(withSubtitleRenditions(ts, tracks));
});

test('the container comes from the master version: fMP4 masters are version 7', () => {
  expect(masterContainer(ts)).toBe('mpegts');
  expect(masterContainer(buildMasterPlaylist([{ uri: 'first/index.m3u8', bandwidth: 1, width: 2, height: 2, codecs: 'avc1', container: 'fmp4' }]))).toBe('fmp4');
});

test("a track's playlist is VOD, segments of 6 s, the last cut to the video's length", () => {
  const text = buildSubtitlePlaylist(14.5, (i) => `mpegts-${i}.vtt`);
  const media = HLS.parse(text) as HLS.types.MediaPlaylist;
  expect(media.playlistType).toBe('VOD');
  expect(media.endlist).toBe(true);
  expect(media.targetDuration).toBe(6);
  expect(media.segments.map((s) => [s.uri, s.duration])).toEqual([
    ['mpegts-0.vtt', 6],
    ['mpegts-1.vtt', 6],
    ['mpegts-2.vtt', 2.5],
  ]);
  expect(subtitleSegmentCount(12)).toBe(2);
  expect(subtitleSegmentCount(0)).toBe(1);
});

test('each segment maps its timestamps and carries the cues overlapping its window, a long cue in both', () => {
  const cues = [
    { startSec: 1, endSec: 3, text: 'Hello there' },
    { startSec: 5, endSec: 8, text: 'across --> the cut\n\nsecond line' },
    { startSec: 30, endSec: 31, text: 'after the end' },
  ];
  const first = buildVttSegment(cues, 0, 2, 'mpegts');
  expect(first).toBe(
    ['WEBVTT', 'X-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000', '', '00:00:01.000 --> 00:00:03.000', 'Hello there', '', '00:00:05.000 --> 00:00:08.000', 'across -> the cut\nsecond line', ''].join('\n'),
  );
  const last = buildVttSegment(cues, 1, 2, 'fmp4');
  expect(last.split('\n')[1]).toBe('X-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000');
  expect(last).toContain('00:00:05.000 --> 00:00:08.000');
  expect(last).toContain('00:00:30.000 --> 00:00:31.000\nafter the end');
  expect(last).not.toContain('Hello there');
});
