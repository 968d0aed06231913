import { accessSync, constants } from 'node:fs';
import { expect, test } from 'vitest';
import { MissingBinaryError, majorVersion, mediaBinary, resolveFfmpegPath, resolveFfprobePath } from '../../src/media/binaries.ts';
import { mediaReadiness } from '../../src/media/readiness.ts';

test('without settings a system ffmpeg and ffprobe of version 5 or newer on PATH are used, in bubblewrap', () => {
  const report = mediaReadiness({}, 'auto', '/usr/local/bin:/usr/bin');
  for (const tool of [report.ffmpeg, report.ffprobe]) {
    expect(tool?.source).toBe('system');
    expect(majorVersion(tool?.version ?? '')).toBeGreaterThanOrEqual(5);
  }
  expect(report.ffmpeg?.path).toBe('/usr/bin/ffmpeg');
  expect(report).toMatchObject({ ready: true, boxed: true, line: `media: ffmpeg ${report.ffmpeg?.version} in bubblewrap` });
});

test('with no system ffmpeg on PATH the npm binaries are found (executable) but never run: media is refused', () => {
  const report = mediaReadiness({}, 'auto', '/nonexistent');
  for (const tool of [report.ffmpeg, report.ffprobe]) {
    expect(tool?.source).toBe('bundled');
    expect(tool?.path).toContain('node_modules');
    expect(() => accessSync(tool?.path ?? '', constants.X_OK)).not.toThrow();
  }
  expect(report.ready).toBe(false);
  expect(report.line).toMatch(/^media: refused, no ffmpeg\/ffprobe 5 or newer was found \(only the npm build .+\): install Debian's packages/);
});

test('an explicit path wins, and a wrong one names the setting', () => {
  expect(mediaBinary('ffmpeg', '/usr/bin/ffmpeg', '/nonexistent')).toMatchObject({ path: '/usr/bin/ffmpeg', source: 'setting' });
  expect(resolveFfmpegPath('/usr/bin/ffmpeg')).toBe('/usr/bin/ffmpeg');
  expect(() => resolveFfmpegPath('/nonexistent/ffmpeg')).toThrow(MissingBinaryError);
  expect(() => resolveFfprobePath('/nonexistent/ffprobe')).toThrow(/FFPROBE_PATH is set to \/nonexistent\/ffprobe/);
});

test('versions: releases by their major number, git snapshots as too old to tell', () => {
  expect(majorVersion('5.1.9-0+deb12u1')).toBe(5);
  expect(majorVersion('n7.1')).toBe(7);
  expect(majorVersion('N-47683-g0e8eb07980-static')).toBe(0);
});
