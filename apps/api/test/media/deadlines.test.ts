import { expect, test } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { DEFAULT_MEDIA_DEADLINES, mediaDeadlineMs, mediaDeadlines } from '../../src/media/deadlines.ts';
import { runDeadlineMs } from '../../src/media/pipelines/run.ts';

const TWELVE_HOURS = 12 * 3600 * 1000;

test('a probe and a frame grab get seconds; the thumbnails one grab per frame; a packet scan grows with the file', () => {
  expect(mediaDeadlineMs({ kind: 'probe' })).toBe(30_000);
  expect(mediaDeadlineMs({ kind: 'frames', count: 1 })).toBe(30_000);
  expect(mediaDeadlineMs({ kind: 'frames', count: 4 })).toBe(120_000);
  // A probe that reads every packet of a 2 GiB file: 30 s and a second per 20 MiB.
  expect(mediaDeadlineMs({ kind: 'scan', bytes: 2 * 1024 ** 3 })).toBe(30_000 + 102_400);
});

test('an encode gets ten times the length it writes, never under two minutes', () => {
  // A 60 s ladder: 120 s + 600 s.
  expect(mediaDeadlineMs({ kind: 'encode', durationSec: 60 })).toBe(720_000);
  // A 1 s GIF and a source whose duration is unknown still get the floor.
  expect(mediaDeadlineMs({ kind: 'encode', durationSec: 1 })).toBe(130_000);
  expect(mediaDeadlineMs({ kind: 'encode', durationSec: 0 })).toBe(120_000);
  expect(mediaDeadlineMs({ kind: 'encode', durationSec: Number.NaN })).toBe(120_000);
  // A one-hour source: 10 h, within the job's 12 h.
  expect(mediaDeadlineMs({ kind: 'encode', durationSec: 3600 })).toBe(36_120_000);
});

test("no run outlives its job's deadline", () => {
  expect(runDeadlineMs({ timeoutMs: TWELVE_HOURS }, { kind: 'encode', durationSec: 6 * 3600 })).toBe(TWELVE_HOURS);
  expect(runDeadlineMs({ timeoutMs: 5_000 }, { kind: 'probe' })).toBe(5_000);
  expect(runDeadlineMs({ timeoutMs: TWELVE_HOURS }, { kind: 'frames', count: 1 })).toBe(30_000);
});

test('the settings size every deadline, fractions of a second allowed', () => {
  expect(mediaDeadlines(loadConfig({}))).toEqual(DEFAULT_MEDIA_DEADLINES);
  const d = mediaDeadlines(
    loadConfig({ MEDIA_PROBE_DEADLINE_SECONDS: '5', MEDIA_FRAME_DEADLINE_SECONDS: '0.25', MEDIA_ENCODE_DEADLINE_FACTOR: '3', MEDIA_ENCODE_DEADLINE_FLOOR_SECONDS: '20' }),
  );
  expect(mediaDeadlineMs({ kind: 'probe' }, d)).toBe(5_000);
  expect(mediaDeadlineMs({ kind: 'frames', count: 1 }, d)).toBe(250);
  expect(mediaDeadlineMs({ kind: 'encode', durationSec: 60 }, d)).toBe(200_000);
  expect(() => loadConfig({ MEDIA_FRAME_DEADLINE_SECONDS: '0' })).toThrow(/MEDIA_FRAME_DEADLINE_SECONDS/);
});
