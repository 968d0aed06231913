import Hls from 'hls.js/light';

/**
 * The hls.js chunk (see importHls): its light build, or for a video whose playback answer lists
 * audio tracks (issue 37: the master's variants then carry no audio, every audio is an AUDIO
 * rendition, which the light build would ignore and play the picture silent) the full build, a
 * chunk of its own. Deciding here keeps the choice off the first-frame script.
 */
export function pick(answer?: { audioTracks?: readonly unknown[] }): Promise<unknown> | { default: typeof Hls } {
  return answer?.audioTracks?.length ? import('./hlsa.ts') : { default: Hls };
}
