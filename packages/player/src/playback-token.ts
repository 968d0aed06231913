// The source's lifecycle: the playback token renewed before it ends, and a new source set at the
// moment the old one was playing (a renewed token, another rung, the mp4 fall-back).
import { fetchRenewal, renewalDelayMs, swapToken } from './token.ts';
import type { PlayerOptions } from './types.ts';

/** The newest token (null for a public video), and how to set another source at the same moment, playing on if a play is wanted. */
export type PlaybackToken = [current: () => string | null, resumeAt: (src: string) => void];

/**
 * `holdsUrl`: the engine playing is one of the browser's own (native HLS, mp4: an http(s) source),
 * which holds its URL and gets the renewed token in a new one, not hls.js (a blob: source, also
 * after the audio menu handed a native video to it); `honour` plays on if a play is wanted; `signal` is the
 * player's teardown. (A tuple and positional parameters: objects would cost the first frame bytes.)
 */
export function keepPlaybackToken(video: HTMLVideoElement, options: PlayerOptions, apiBase: string, holdsUrl: () => boolean, honour: () => void, signal: AbortSignal): PlaybackToken {
  let token = options.token?.token ?? null;
  let renewTimer: ReturnType<typeof setTimeout> | undefined;
  const renew = options.renew ?? (options.videoId ? (current: string) => fetchRenewal(apiBase, options.videoId as string, current) : null);
  function scheduleRenewal(expiresAt: string): void {
    if (!renew) return;
    renewTimer = setTimeout(async () => {
      const next = token ? await renew(token) : null;
      if (signal.aborted) return;
      if (!next) {
        // Try again shortly: the old token may still have a little life.
        scheduleRenewal(new Date(Date.now() + 5000).toISOString());
        return;
      }
      token = next.token;
      // hls.js requests take the newest token through rewriteUrl; the browser's own engines hold
      // their URL, so they get it again at the same time.
      if (holdsUrl()) resumeAt(swapToken(video.currentSrc || video.src, token));
      scheduleRenewal(next.expiresAt);
    }, renewalDelayMs(expiresAt));
  }
  function resumeAt(src: string): void {
    const at = video.currentTime;
    video.src = src;
    // Once: a later source (another rung, a renewed token) brings its own moment.
    if (at > 0) video.addEventListener('loadedmetadata', () => { if (video.currentTime === 0) video.currentTime = at; }, { once: true, signal });
    honour();
  }
  if (token && options.token) scheduleRenewal(options.token.expiresAt);
  signal.addEventListener('abort', () => clearTimeout(renewTimer));
  return [() => token, resumeAt];
}
