/**
 * How long one ffmpeg or ffprobe run may take, sized to its work, so a run that spins on a hostile
 * or broken file (a frame grab that never finds its frame, a remux that never ends) is killed in
 * seconds or minutes, not at its job's deadline hours later. Every run's limit is computed here.
 */
export interface MediaDeadlines {
  /** An ffprobe run (headers, a keyframe window, packet durations). */
  probeMs: number;
  /** One frame grabbed (a cover); the four thumbnails of a video get four times this. */
  frameMs: number;
  /** An encode, remux, trim, GIF or watermark: this much per second of media it writes... */
  encodeMsPerSecond: number;
  /** ...and never less than this (start-up, seeking, a loaded machine). */
  encodeFloorMs: number;
}

/** A probe that reads every packet (a container that does not state its duration) also gets a second per this many bytes. */
const SCAN_BYTES_PER_SECOND = 20 * 1024 * 1024;

/** The settings' defaults (config.ts), for callers that pass none (tests, tools). */
export const DEFAULT_MEDIA_DEADLINES: MediaDeadlines = { probeMs: 30_000, frameMs: 30_000, encodeMsPerSecond: 10_000, encodeFloorMs: 120_000 };

export type MediaWork =
  | { kind: 'probe' }
  /** An ffprobe run that reads the whole file of `bytes`. */
  | { kind: 'scan'; bytes: number }
  | { kind: 'frames'; count: number }
  /** `durationSec`: the length of what the run writes (a ladder: the whole source; a GIF: its clip). */
  | { kind: 'encode'; durationSec: number };

/** The deadline of one run of `work`; at most `capMs` (the job's own deadline) when given. */
export function mediaDeadlineMs(work: MediaWork, d: MediaDeadlines = DEFAULT_MEDIA_DEADLINES, capMs = Number.POSITIVE_INFINITY): number {
  return Math.ceil(Math.min(sized(work, d), capMs));
}

function sized(work: MediaWork, d: MediaDeadlines): number {
  switch (work.kind) {
    case 'probe':
      return d.probeMs;
    case 'scan':
      return d.probeMs + (Math.max(0, work.bytes) / SCAN_BYTES_PER_SECOND) * 1000;
    case 'frames':
      return d.frameMs * Math.max(1, work.count);
    case 'encode':
      return d.encodeFloorMs + d.encodeMsPerSecond * (Number.isFinite(work.durationSec) ? Math.max(0, work.durationSec) : 0);
  }
}

/** The deadlines the settings ask for (MEDIA_*_DEADLINE_*). */
export function mediaDeadlines(c: {
  MEDIA_PROBE_DEADLINE_SECONDS: number;
  MEDIA_FRAME_DEADLINE_SECONDS: number;
  MEDIA_ENCODE_DEADLINE_FACTOR: number;
  MEDIA_ENCODE_DEADLINE_FLOOR_SECONDS: number;
}): MediaDeadlines {
  return {
    probeMs: c.MEDIA_PROBE_DEADLINE_SECONDS * 1000,
    frameMs: c.MEDIA_FRAME_DEADLINE_SECONDS * 1000,
    encodeMsPerSecond: c.MEDIA_ENCODE_DEADLINE_FACTOR * 1000,
    encodeFloorMs: c.MEDIA_ENCODE_DEADLINE_FLOOR_SECONDS * 1000,
  };
}
