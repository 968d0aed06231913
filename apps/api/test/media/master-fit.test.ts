import { expect, test } from 'vitest';
import { buildMasterPlaylist, fitMasterPlaylist, parseMasterFit } from '../../src/media/master-playlist.ts';

const rung = (name: string, width: number, height: number, bandwidth: number) => ({ uri: `${name}/index.m3u8`, bandwidth, width, height, codecs: 'avc1.64001f,mp4a.40.2', container: 'fmp4' as const });
// As the ladder writes it: 720p first (the start variant), then the rest largest first.
const master = buildMasterPlaylist([rung('720p', 1280, 720, 3_200_000), rung('first', 1920, 1080, 6_500_000), rung('480p', 854, 480, 1_700_000), rung('360p', 640, 360, 1_000_000), rung('240p', 426, 240, 600_000)]);
const uris = (text: string) => text.split('\n').filter((l) => l && !l.startsWith('#'));

test('a player 720 device pixels high gets the rungs up to 720p, none larger', () => {
  expect(uris(fitMasterPlaylist(master, { fitPx: 720, bandwidth: null }))).toEqual(['720p/index.m3u8', '480p/index.m3u8', '360p/index.m3u8', '240p/index.m3u8']);
  // Between two rungs: the one that covers the player is kept.
  expect(uris(fitMasterPlaylist(master, { fitPx: 400, bandwidth: null }))).toEqual(['480p/index.m3u8', '360p/index.m3u8', '240p/index.m3u8']);
  // Larger than every rung: all of them.
  expect(uris(fitMasterPlaylist(master, { fitPx: 2160, bandwidth: null }))[0]).toBe('first/index.m3u8');
});

test('the start rung is the largest that fits in the reported bandwidth, listed first', () => {
  // 1.6 Mbit/s: 70% is 1.12 Mbit/s, so 360p starts; the larger rungs stay for later.
  expect(uris(fitMasterPlaylist(master, { fitPx: 720, bandwidth: 1_600_000 }))).toEqual(['360p/index.m3u8', '720p/index.m3u8', '480p/index.m3u8', '240p/index.m3u8']);
  // Too slow for any: the smallest starts.
  expect(uris(fitMasterPlaylist(master, { fitPx: null, bandwidth: 100_000 }))[0]).toBe('240p/index.m3u8');
  expect(fitMasterPlaylist(master, { fitPx: 720, bandwidth: 1_600_000 })).toMatch(/^#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-STREAM-INF:BANDWIDTH=1000000,RESOLUTION=640x360,/);
});

test('only digits ask for a cut', () => {
  expect(parseMasterFit({ fit: '720', bw: '1600000' })).toEqual({ fitPx: 720, bandwidth: 1_600_000 });
  expect(parseMasterFit({ fit: 'x', bw: ['1', '2'] })).toBeNull();
  expect(parseMasterFit({})).toBeNull();
});
