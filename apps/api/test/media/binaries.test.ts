import { accessSync, constants } from 'node:fs';
import { expect, test } from 'vitest';
import { MissingBinaryError, resolveFfmpegPath, resolveFfprobePath } from '../../src/media/binaries.ts';

test('without settings the npm binaries are used, executable', () => {
  for (const path of [resolveFfmpegPath(), resolveFfprobePath()]) {
    expect(path).toContain('node_modules');
    expect(() => accessSync(path, constants.X_OK)).not.toThrow();
  }
});

test('an explicit path wins, and a wrong one names the setting', () => {
  expect(resolveFfmpegPath('/bin/sh')).toBe('/bin/sh');
  expect(() => resolveFfmpegPath('/nonexistent/ffmpeg')).toThrow(MissingBinaryError);
  expect(() => resolveFfprobePath('/nonexistent/ffprobe')).toThrow(/FFPROBE_PATH is set to \/nonexistent\/ffprobe/);
});
