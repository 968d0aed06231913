// The video's length and where seeking can go, from the media, the server's length and the engine.
import type { Engine } from './types.ts';

/**
 * HLS of a video whose length the server knows (`durationSec`). While the video is still being
 * encoded its playlist grows, and the browser reports an infinite duration (native HLS) or the part
 * encoded so far (hls.js) until it ends: neither is the video's length.
 */
export function hlsOfKnownLength(engine: Engine, durationSec: number | null | undefined): boolean {
  return (engine === 'native' || engine === 'hlsjs') && !!durationSec && durationSec > 0;
}

/** Where seeking can go: the end of what is encoded while a playlist grows. */
export function seekableEnd(video: HTMLVideoElement): number {
  const seekable = video.seekable;
  return seekable && seekable.length > 0 ? seekable.end(seekable.length - 1) : Number.POSITIVE_INFINITY;
}

/** The length to show and seek within: NaN while nothing knows it. */
export function knownDuration(video: HTMLVideoElement, engine: Engine, durationSec: number | null | undefined): number {
  const media = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : 0;
  // The server's duration stands for the whole video while the playlist grows.
  if (hlsOfKnownLength(engine, durationSec)) return Math.max(media, durationSec as number);
  if (media) return media;
  if (durationSec && durationSec > 0) return durationSec;
  const end = seekableEnd(video);
  return Number.isFinite(end) ? end : Number.NaN;
}
