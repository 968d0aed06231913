import HLS from 'hls-parser';
import { describe, expect, test } from 'vitest';
import { durationFits, parseAudioProbe, singleFileOf } from '../../src/media/audio-track.ts';
import { withSubtitleRenditions } from '../../src/media/hls-subtitles.ts';
import { fitMasterPlaylist, withAudioRenditions } from '../../src/media/master-playlist.ts';
import { AUDIO_FILE, audioFileKey, audioUris } from '../../src/modules/audio-tracks/audio-layout.ts';

/* Issue 37: audio tracks as AUDIO renditions of the master (pure functions). */

const MASTER = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-INDEPENDENT-SEGMENTS',
  '#EXT-X-STREAM-INF:BANDWIDTH=2000000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",FRAME-RATE=30.000',
  '720p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.64001e"',
  '360p/index.m3u8',
  '',
].join('\n');
const ID = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';
const renditions = [
  { uri: audioUris.original, name: 'Original', language: null, isDefault: true },
  { uri: audioUris.track(ID), name: 'Español', language: 'es', isDefault: false },
];

describe('withAudioRenditions', () => {
  test('lists every audio as an AUDIO rendition with its language, one DEFAULT, and every variant names the group over its audio-less picture', () => {
    const text = withAudioRenditions(MASTER, renditions, audioUris.variant);
    const master = HLS.parse(text) as HLS.types.MasterPlaylist;
    expect(master.variants.map((v) => v.uri)).toEqual(['vo-720p/index.m3u8', 'vo-360p/index.m3u8']);
    for (const v of master.variants) {
      expect(v.audio.map((a) => [a.groupId, a.name, a.language, a.isDefault, a.uri])).toEqual([
        ['aud', 'Original', undefined, true, 'ao-original/index.m3u8'],
        ['aud', 'Español', 'es', false, `at-${ID}/index.m3u8`],
      ]);
      expect(v.codecs).toContain('mp4a.40.2');
    }
    // A double quote would end the attribute: it becomes a single one.
    expect(withAudioRenditions(MASTER, [{ ...renditions[1], name: 'Dub "B"' }], audioUris.variant)).toContain(`NAME="Dub 'B'",LANGUAGE="es"`);
  });

  test("a track made the default is the DEFAULT instead of the video's own audio; no renditions, no change", () => {
    const text = withAudioRenditions(MASTER, [{ ...renditions[0], isDefault: false }, { ...renditions[1], isDefault: true }], audioUris.variant);
    expect((text.match(/DEFAULT=YES/g) ?? []).length).toBe(1);
    expect(text).toMatch(/NAME="Español",LANGUAGE="es",DEFAULT=YES/);
    expect(withAudioRenditions(MASTER, [], audioUris.variant)).toBe(MASTER);
  });

  test('with caption tracks both groups are listed on every variant, and the fitted master keeps them', () => {
    const both = withAudioRenditions(withSubtitleRenditions(MASTER, [{ uri: 'subs-1/fmp4.m3u8', name: 'English', language: 'en', isDefault: false }]), renditions, audioUris.variant);
    const fitted = fitMasterPlaylist(both, { fitPx: 360, bandwidth: null });
    const master = HLS.parse(fitted) as HLS.types.MasterPlaylist;
    expect(master.variants.map((v) => v.uri)).toEqual(['vo-360p/index.m3u8']);
    expect(master.variants[0].audio).toHaveLength(2);
    expect(master.variants[0].subtitles).toHaveLength(1);
  });
});

test('delivery paths beside the master map to the audio keys, and nothing else does', () => {
  const key = (rel: string) => {
    const m = AUDIO_FILE.exec(rel);
    return m ? audioFileKey('v', m) : null;
  };
  expect(key(`hls/at-${ID}/media.mp4`)).toBe(`videos/v/audio/${ID}/media.mp4`);
  expect(key('v-0123456789ab/hls/vo-720p/index.m3u8')).toBe('videos/v/audio/v-0123456789ab/vo-720p/index.m3u8');
  expect(key('hls/ao-original/index.m3u8')).toBe('videos/v/audio/v-0/original/index.m3u8');
  for (const bad of ['hls/at-../media.mp4', `hls/at-${ID}/upload`, 'hls/vo-720p/../../original.mp4', 'audio/v-0/ready.json', 'hls/720p/index.m3u8']) expect(key(bad)).toBeNull();
});

test('a length within 1 s fits; the probe reads the audio stream, else the container; a rung of one file is found', () => {
  expect(durationFits(4.9, 4, 1)).toBe(true);
  expect(durationFits(5.2, 4, 1)).toBe(false);
  expect(parseAudioProbe({ streams: [{ codec_type: 'video' }, { codec_type: 'audio', duration: '3.5' }], format: { duration: '4' } })).toEqual({ durationSec: 3.5 });
  expect(parseAudioProbe({ streams: [{ codec_type: 'audio' }], format: { duration: '4' } })).toEqual({ durationSec: 4 });
  expect(parseAudioProbe({ streams: [{ codec_type: 'video' }] })).toBeNull();
  expect(singleFileOf('#EXTM3U\n#EXT-X-MAP:URI="../../main.mp4",BYTERANGE="1@0"\n#EXTINF:2,\n#EXT-X-BYTERANGE:5@1\n../../main.mp4\n')).toBe('../../main.mp4');
  expect(singleFileOf('#EXTM3U\n#EXTINF:2,\nseg-0.ts\n#EXTINF:2,\nseg-1.ts\n')).toBeNull();
});
