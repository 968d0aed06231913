import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildMasterPlaylist, writeMasterPlaylist } from '../../src/media/master-playlist.ts';

const dir = await mkdtemp(join(tmpdir(), 'reelbase-master-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const entries = [
  { uri: '720p/index.m3u8', bandwidth: 3_200_000.4, averageBandwidth: 2_900_000, width: 1280, height: 720, codecs: 'avc1.64001f,mp4a.40.2', frameRate: 29.97, container: 'fmp4' as const },
  { uri: '360p/index.m3u8', bandwidth: 950_000, width: 640, height: 360, codecs: 'avc1.64001e', container: 'fmp4' as const },
];

test('the master lists each variant with bandwidth, resolution, codecs and frame rate, at the version of fMP4 media playlists', () => {
  expect(buildMasterPlaylist(entries)).toBe(
    [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-STREAM-INF:BANDWIDTH=3200001,AVERAGE-BANDWIDTH=2900000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",FRAME-RATE=29.970',
      '720p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=950000,RESOLUTION=640x360,CODECS="avc1.64001e"',
      '360p/index.m3u8',
      '',
    ].join('\n'),
  );
});

test('an MPEG-TS master (the growing rendition) is version 3', () => {
  expect(buildMasterPlaylist([{ ...entries[1], container: 'mpegts' }])).toMatch(/^#EXTM3U\n#EXT-X-VERSION:3\n/);
});

test('a master mixing fMP4 and MPEG-TS renditions is refused (players lose the timeline switching between them)', () => {
  expect(() => buildMasterPlaylist([entries[0], { ...entries[1], container: 'mpegts' }])).toThrow(/one container/);
});

test('an empty master is refused', () => {
  expect(() => buildMasterPlaylist([])).toThrow(/at least one/);
});

test('writing replaces the old master in one rename and leaves no temporary file', async () => {
  const path = join(dir, 'master.m3u8');
  await writeFile(path, 'old');
  await writeMasterPlaylist(path, entries.slice(1));
  expect(await readFile(path, 'utf8')).toContain('360p/index.m3u8');
  expect(await readdir(dir)).toEqual(['master.m3u8']);
});
