import type { ProbeResult } from './probe.ts';

/** What a source may cost at most (settings SOURCE_MAX_*): checked on the probe, before any encoding. */
export interface SourceLimits {
  maxWidth: number;
  maxHeight: number;
  maxFps: number;
  maxDurationSec: number;
}

/** A source beyond the limits; the message is written for its owner. */
export class SourceRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceRefusedError';
  }
}

/**
 * Refuses a source larger, faster or longer than the limits. The picture may be upright or
 * turned: a 2160x3840 phone video passes a 3840x2160 limit.
 */
export function checkSource(info: ProbeResult, limits: SourceLimits) {
  const { width, height } = info;
  const fits = (width <= limits.maxWidth && height <= limits.maxHeight) || (width <= limits.maxHeight && height <= limits.maxWidth);
  if (!fits) throw new SourceRefusedError(`The video is ${width}x${height} pixels; the largest accepted is ${limits.maxWidth}x${limits.maxHeight}.`);
  if (info.fps > limits.maxFps) throw new SourceRefusedError(`The video has ${Math.round(info.fps)} frames per second; at most ${limits.maxFps} are accepted.`);
  if (info.durationSec > limits.maxDurationSec) {
    throw new SourceRefusedError(`The video is ${formatDuration(info.durationSec)} long; at most ${formatDuration(limits.maxDurationSec)} are accepted.`);
  }
}

/** 5400 -> "1 h 30 min", 90 -> "1 min 30 s". */
export function formatDuration(totalSec: number): string {
  const s = Math.round(totalSec);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return [h && `${h} h`, m && `${m} min`, !h && sec && `${sec} s`].filter(Boolean).join(' ') || '0 s';
}
