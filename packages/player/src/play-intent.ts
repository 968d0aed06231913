// The viewer's (or autoplay's) wish to play, and the play/pause buttons that show it.
import type { Listen } from './player-dom.ts';
import type { Attached } from './source.ts';
import { t } from './strings.ts';

/**
 * What the player does with the wish: `isWanted`; `honour` plays it (now, and again whenever a source
 * is set under it), resolving with the error name when the browser refused; `stopWanting`;
 * `play`/`pause`/`togglePlay` are the viewer's; `autoplay` tries with sound, then muted.
 */
export type PlayIntent = [
  isWanted: () => boolean,
  honour: () => Promise<string | null>,
  stopWanting: () => void,
  play: () => Promise<void>,
  pause: () => void,
  togglePlay: () => void,
  autoplay: () => Promise<void>,
];

/**
 * The wish to play is kept apart from video.paused: a play asked before an engine is attached, or
 * while a new source is set (hls.js attaching, a renewed token, the mp4 fall-back, a media-error
 * recovery), is reset by the browser's load algorithm without a 'pause' event. It is honoured
 * whenever a source is (re)set (honour); a pause or the end clears it. The play buttons show and
 * toggle it; `on` adds the player's listeners (registered before its own, so the wish is set first).
 * `attached`: the engine once there (its start lets hls.js held by startAction 'none' load);
 * `held`: the lead form (issue 27) holds a play, showing itself instead; `signal`: the player's
 * teardown. (A tuple and positional parameters: objects would cost the embed's first frame bytes.)
 */
export function createPlayIntent(
  video: HTMLVideoElement,
  root: HTMLElement,
  playBtn: HTMLElement,
  bigPlay: HTMLElement,
  attached: () => Attached | null,
  held: () => boolean,
  signal: AbortSignal,
  on: Listen,
): PlayIntent {
  let wanted = false;

  function render(): void {
    const playing = wanted && !video.ended;
    root.classList.toggle('rb-playing', playing);
    const label = t(playing ? 'pause' : 'play');
    playBtn.setAttribute('aria-label', label);
    bigPlay.setAttribute('aria-label', label);
  }

  // Called at once on a click even before an engine is there: that play, inside the gesture, is
  // what lets Safari play this element later.
  async function honour(): Promise<string | null> {
    if (!wanted || signal.aborted) return null;
    if (video.readyState < 3) root.classList.add('rb-waiting');
    attached()?.start();
    render();
    try {
      await video.play();
      return null;
    } catch (error) {
      const name = (error as { name?: string } | null)?.name ?? 'Error';
      // AbortError: a new source came under the play, which honours it again. Refused: the play
      // button stays available.
      if (name === 'NotAllowedError') stopWanting();
      return name;
    }
  }

  function stopWanting(): void {
    wanted = false;
    root.classList.remove('rb-waiting');
    render();
  }

  async function play(): Promise<void> {
    if (held()) return;
    wanted = true;
    await honour();
  }

  function pause(): void {
    stopWanting();
    video.pause();
  }

  function togglePlay(): void {
    if (wanted && !video.ended) pause();
    else void play();
  }

  async function autoplay(): Promise<void> {
    if (held()) return;
    wanted = true;
    if ((await honour()) !== 'NotAllowedError' || signal.aborted) return;
    video.muted = true;
    await play();
  }

  // A play or pause from outside the player (media keys, picture-in-picture, the lead form) is the wish too.
  on(video, 'play', () => {
    wanted = true;
    render();
  });
  on(video, 'pause', stopWanting);
  // A source set by anyone (hls.js attaching or recovering, the player's own swaps) resets a pending play.
  on(video, 'loadstart', () => {
    if (wanted && video.paused) void honour();
  });
  on(video, 'playing', () => {
    root.classList.remove('rb-waiting');
    render();
  });
  on(playBtn, 'click', togglePlay);
  on(bigPlay, 'click', togglePlay);
  render();
  return [() => wanted, honour, stopWanting, play, pause, togglePlay, autoplay];
}
