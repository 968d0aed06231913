import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { measureBandwidth, parseMediaPlaylist, renderGrowingPlaylist, sanitizeImportedPlaylist } from '../../src/media/hls-playlist.ts';

const VOD = '#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:6\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:6.000000,\na.ts\n#EXTINF:6.000000,\nb.ts\n#EXTINF:1.500000,\nc.ts\n#EXT-X-ENDLIST\n';

const dir = await mkdtemp(join(tmpdir(), 'reelbase-hls-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

test('a media playlist parses into its segments and duration', () => {
  const p = parseMediaPlaylist(VOD);
  expect(p.segments).toEqual([
    { uri: 'a.ts', durationSec: 6, byteLength: null },
    { uri: 'b.ts', durationSec: 6, byteLength: null },
    { uri: 'c.ts', durationSec: 1.5, byteLength: null },
  ]);
  expect(p.durationSec).toBe(13.5);
});

test('a single-file playlist measures its segments by their byte ranges', async () => {
  const single = '#EXTM3U\n#EXT-X-MAP:URI="../../main.mp4",BYTERANGE="1000@0"\n#EXTINF:6.0,\n#EXT-X-BYTERANGE:600000@1000\n../../main.mp4\n#EXTINF:2.0,\n#EXT-X-BYTERANGE:100000@601000\n../../main.mp4\n#EXT-X-ENDLIST\n';
  const p = parseMediaPlaylist(single);
  expect(p.segments.map((s) => s.byteLength)).toEqual([600_000, 100_000]);
  expect(p.initByteLength).toBe(1000);
  // No file is read: the ranges say it all.
  expect(await measureBandwidth(join(dir, 'missing'), p)).toEqual({ peak: 800_000, average: Math.ceil((701_000 * 8) / 8) });
});

test('bandwidth is the peak full segment and the overall average, from the files', async () => {
  await writeFile(join(dir, 'a.ts'), Buffer.alloc(600_000));
  await writeFile(join(dir, 'b.ts'), Buffer.alloc(750_000));
  await writeFile(join(dir, 'c.ts'), Buffer.alloc(250_000)); // short tail at 1.33 Mbit/s: not a peak
  expect(await measureBandwidth(dir, parseMediaPlaylist(VOD))).toEqual({ peak: 1_000_000, average: Math.ceil((1_600_000 * 8) / 13.5) });
});

describe('imported playlists', () => {
  test('are closed with ENDLIST, keep their segments and lose unknown tags', () => {
    const { text, playlist } = sanitizeImportedPlaylist('#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-PROGRAM-DATE-TIME:2020-01-01T00:00:00Z\n#EXT-X-KEY:METHOD=NONE\n#EXTINF:4,\nseg/0.ts\n#EXTINF:2.5,\nseg/1.ts\n');
    expect(text).toBe('#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\nseg/0.ts\n#EXTINF:2.5,\nseg/1.ts\n#EXT-X-ENDLIST\n');
    expect(playlist.durationSec).toBe(6.5);
  });

  test('keep an fMP4 init section beside them', () => {
    const { text } = sanitizeImportedPlaylist('#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\n0.m4s\n#EXT-X-ENDLIST\n');
    expect(text).toContain('#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\n0.m4s\n');
  });

  test.each([
    ['a URL', '#EXTM3U\n#EXTINF:4,\nhttp://169.254.169.254/latest.ts\n', /not a local file/],
    ['a file: URL', '#EXTM3U\n#EXTINF:4,\nfile:///etc/passwd\n', /not a local file/],
    ['an absolute path', '#EXTM3U\n#EXTINF:4,\n/etc/passwd\n', /not a local file/],
    ['a parent folder', '#EXTM3U\n#EXTINF:4,\n../../secret.ts\n', /not a local file/],
    ['a remote init section', '#EXTM3U\n#EXT-X-MAP:URI="https://x/init.mp4"\n#EXTINF:4,\na.m4s\n', /not a local file/],
    ['encryption', '#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="k"\n#EXTINF:4,\na.ts\n', /Encrypted/],
    ['a master playlist', '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv/index.m3u8\n', /master playlist/],
    ['no segments', '#EXTM3U\n#EXT-X-ENDLIST\n', /no segments/],
    ['not a playlist', 'hello\n', /Not an HLS playlist/],
  ])('refuse %s', (_, text, message) => {
    expect(() => sanitizeImportedPlaylist(text)).toThrow(message);
  });
});

describe('renderGrowingPlaylist', () => {
  const seg = (uri: string, durationSec: number) => ({ uri, durationSec, byteLength: null });

  test('an open EVENT playlist starting at 0, closed by ENDLIST only when the encode ended', () => {
    const open = renderGrowingPlaylist([seg('s0.ts', 2), seg('s1.ts', 2.0333)], 2, false);
    expect(open).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:EVENT\n#EXT-X-INDEPENDENT-SEGMENTS\n' +
        '#EXT-X-START:TIME-OFFSET=0,PRECISE=YES\n#EXTINF:2.000000,\ns0.ts\n#EXTINF:2.033300,\ns1.ts\n',
    );
    const ended = renderGrowingPlaylist([seg('s0.ts', 2), seg('s1.ts', 2.0333), seg('s2.ts', 0.5)], 2, true);
    expect(ended.startsWith(open.slice(0, open.indexOf('#EXTINF')))).toBe(true);
    expect(ended.endsWith('s2.ts\n#EXT-X-ENDLIST\n')).toBe(true);
    expect(parseMediaPlaylist(ended).durationSec).toBeCloseTo(4.533, 3);
  });

  test('a segment longer than the cut length raises the target rather than outlasting it', () => {
    expect(renderGrowingPlaylist([seg('s0.ts', 2), seg('s1.ts', 3.6)], 2, false)).toContain('#EXT-X-TARGETDURATION:4\n');
  });
});

