import { createAutoHide } from './autohide.ts';
import { createDropOffTracker, sendDropOff } from './beacons.ts';
import { resolveConfig } from './config.ts';
import type { Controls } from './controls.ts';
import { loadEngagement } from './engagement.ts';
import { formatTime, seekValueText } from './format.ts';
import { hlsOfKnownLength, knownDuration as mediaLength, seekableEnd } from './media-length.ts';
import { browserNavigation, nextVideoPath, safeRedirectUrl } from './navigation.ts';
import { createPlayIntent } from './play-intent.ts';
import { keepPlaybackToken } from './playback-token.ts';
import { buildPlayerDom, el } from './player-dom.ts';
import { attachScreenModes } from './screen-modes.ts';
import { keepSeekTargets } from './seek-landing.ts';
import { type Attached, attachSource, importHls } from './source.ts';
import { loadLaterStrings, t } from './strings.ts';
import { swapToken } from './token.ts';
import type { Engine, Player, PlayerOptions } from './types.ts';
import { attachVolume } from './volume.ts';

/** Seeking here makes a browser that reports an infinite duration find the real end. */
const FAR_END = 1e101;

/** Builds the player inside `element` and applies every PlayerConfig field. */
export function createPlayer(element: HTMLElement, options: PlayerOptions): Player {
  const doc = element.ownerDocument;
  const win = doc.defaultView ?? window;
  const config = resolveConfig(options.config);
  const nav = options.navigate ?? browserNavigation;
  const redirect = safeRedirectUrl(options.redirect);
  const apiBase = options.apiBase ?? '';
  const nextVideo = options.nextVideo ?? config.nextVideo;
  const signal = new AbortController();
  const on = <E extends Event>(target: EventTarget, type: string, fn: (e: E) => void) =>
    target.addEventListener(type, fn as EventListener, { signal: signal.signal });

  const [root, video, bigPlay, message, bar, playBtn, time, seek, muteBtn, volume, popBtn, fsBtn] = buildPlayerDom(element, options, config, on);

  // ---- state ----
  let engine: Engine = 'none';
  let attached: Attached | null = null;
  let destroyed = false;
  let probing = false;
  let probed = false;
  let live = false;
  let fellBack = false;
  let seeking = false;
  // Issue 26: chapters and seek previews, each in a chunk of its own; issue 27: the lead form and call to action.
  const extras: { destroy(): void }[] = [];
  /** The lead form (issue 27): true holds a play (the form shows instead). */
  let holdPlay: (() => boolean) | null = null;
  let controlsLoading = false;
  let captions: import('./captions.ts').Captions | null = null;
  let controls: Controls | null = null;

  const [isWanted, honour, stopWanting, play, pause, togglePlay, autoplay] = createPlayIntent(video, root, playBtn, bigPlay, () => attached, () => !!holdPlay?.(), signal.signal, on);
  // The playback token, renewed before it ends (the browser's own engines get it in a new source).
  const [currentToken, resumeAt] = keepPlaybackToken(video, options, apiBase, () => /^h/.test(video.src), () => void honour(), signal.signal);
  const isPlaying = () => !video.paused && !video.ended;
  // Controls stay while one of them (not the picture) has the focus.
  const focusInControls = () => {
    const active = doc.activeElement;
    return !!active && active !== root && active !== video && root.contains(active);
  };
  const autoHide = createAutoHide(root, config.autoHideControls, isPlaying, undefined, focusInControls);
  const tracker = createDropOffTracker((curTime) => {
    // A private or password video's beacons count only with its playback token (the current one, renewed below).
    if (options.videoId && options.statistics !== false) sendDropOff(apiBase, options.videoId, curTime, currentToken());
  });

  function showMessage(text: string, link?: string): void {
    message.replaceChildren(text);
    if (link) {
      const a = el(doc, 'a', '');
      a.href = link;
      a.target = '_blank';
      a.rel = 'noopener';
      a.textContent = new URL(link).host;
      message.append(' ', a);
    }
    message.hidden = false;
    root.classList.remove('rb-waiting');
  }

  const knownDuration = () => mediaLength(video, engine, options.durationSec);

  function renderTime(): void {
    const duration = knownDuration();
    const current = probing ? 0 : video.currentTime;
    time.textContent = live ? t('live') : `${formatTime(current)} / ${formatTime(duration)}`;
    if (Number.isFinite(duration)) seek.max = String(duration);
    if (!seeking) seek.value = String(current);
    seek.setAttribute('aria-valuetext', seekValueText(current, duration));
  }

  function switchToMp4(): boolean {
    if (fellBack || !options.source.mp4 || engine === 'mp4') return false;
    fellBack = true;
    attached?.hls?.destroy();
    attached = { engine: 'mp4', hls: null, start: () => {} };
    engine = 'mp4';
    root.dataset.engine = engine;
    resumeAt(swapToken(options.source.mp4, currentToken()));
    return true;
  }

  function failed(): void {
    stopWanting();
    showMessage(t('playFailed'));
  }

  function onFatal(): void {
    if (fellBack) return; // already on the mp4; its own errors are reported by the 'error' listener
    if (!switchToMp4()) failed();
  }

  function runEndAction(): void {
    if (redirect) {
      // The embed code's redirect replaces the end action.
      if (!options.newWindow) nav.redirect(redirect);
      else if (!nav.open(redirect)) showMessage(t('continueTo'), redirect);
      return;
    }
    switch (config.endAction) {
      case 'stop':
        video.pause();
        video.currentTime = 0;
        break;
      case 'loop':
        video.currentTime = 0;
        tracker.reset();
        void play();
        break;
      case 'playNext': {
        const type = options.embedType ?? /^\/embed\/([^/]+)\//.exec(win.location.pathname)?.[1];
        if (nextVideo && type) nav.assign(nextVideoPath(decodeURIComponent(type), nextVideo, win.location.search));
        break;
      }
      default:
        // pause: the browser already stopped on the last frame.
        break;
    }
  }

  /** A stream reporting an infinite duration: seek far ahead so the browser learns the real end. */
  function probeDuration(): void {
    // A growing playlist is not probed: seeking far ahead would jump to what was encoded last.
    if (probed || video.duration !== Number.POSITIVE_INFINITY || hlsOfKnownLength(engine, options.durationSec)) return;
    probed = probing = true;
    video.currentTime = FAR_END;
  }

  function finishProbe(): void {
    if (!probing) return;
    probing = false;
    if (Number.isFinite(video.duration)) video.currentTime = 0;
    else live = true; // a real live stream: stay at the live edge
    renderTime();
  }

  // ---- media events ----
  // (The play intent's own listeners, registered above, run first: play-intent.ts.)
  on(video, 'play', () => {
    message.hidden = true;
    autoHide.poke();
  });
  on(video, 'pause', () => autoHide.show());
  on(video, 'waiting', () => root.classList.add('rb-waiting'));
  on(video, 'canplay', () => root.classList.remove('rb-waiting'));
  on(video, 'loadedmetadata', () => {
    probeDuration();
    renderTime();
  });
  on(video, 'durationchange', () => {
    if (probing && Number.isFinite(video.duration)) finishProbe();
    else probeDuration();
    renderTime();
  });
  on(video, 'seeked', () => {
    if (probing) finishProbe();
    else if (isPlaying()) tracker.update(video.currentTime);
  });
  on(video, 'timeupdate', () => {
    if (probing && Number.isFinite(video.duration)) finishProbe();
    if (!probing && isPlaying()) tracker.update(video.currentTime);
    renderTime();
  });
  on(video, 'ended', () => {
    stopWanting();
    autoHide.show();
    if (!probing) runEndAction();
  });
  on(video, 'error', () => {
    if (engine === 'native' || engine === 'hlsjs') onFatal();
    else if (engine === 'mp4') failed();
  });

  // ---- controls ----
  let suppressClick = false;
  on(video, 'click', () => {
    if (suppressClick) suppressClick = false;
    else togglePlay();
  });
  on(seek, 'pointerdown', () => (seeking = true));
  on(seek, 'pointerup', () => (seeking = false));
  on(seek, 'input', () => {
    const target = Number(seek.value);
    if (Number.isFinite(target)) video.currentTime = Math.min(target, seekableEnd(video));
  });
  on(seek, 'change', () => (seeking = false));
  attachVolume(video, muteBtn, volume, on);

  // Activity for auto-hide. A touch on hidden controls reveals them instead of toggling playback.
  for (const type of ['pointermove', 'pointerdown', 'keydown', 'focusin', 'focusout', 'wheel']) on(root, type, () => autoHide.poke());
  on<PointerEvent>(video, 'pointerdown', (e) => {
    if (e.pointerType === 'touch' && autoHide.hidden) suppressClick = true;
  });

  // ---- pop-out and full screen ----
  const [isMini, setMini, toggleFullscreen] = attachScreenModes(root, video, bar, popBtn, fsBtn, on, () => (suppressClick = true));

  // Keyboard shortcuts, menus and resume live in the controls chunk (loaded on first use, below);
  // a key pressed while it loads is played once it is there.
  let pendingKey: KeyboardEvent | null = null;
  on<KeyboardEvent>(root, 'keydown', (e) => {
    if (controls) controls.key(e);
    else if (e.key === 'Escape' && isMini()) setMini(false);
    else pendingKey = e;
  });

  renderTime();

  // ---- issue 27: the lead form and the call to action, each a chunk fetched only when configured ----
  const engage = { video, root, apiBase, videoId: options.videoId, preview: !!options.preview, token: currentToken, leadScope: options.leadScope, play, navigate: nav, t };
  loadEngagement(engage, config, (hold) => (holdPlay = hold), extras, signal.signal);
  // Issue 33: the viewer's session (watched ranges), a chunk fetched once it first plays ('playing':
  // a play the browser refused, an autoplay without sound, opens none).
  // Each later 'playing' gets the same tracker back.
  if (options.statistics !== false) on(video, 'playing', () => { const at = video.currentTime; void import('./sessions.ts').then((m) => m.trackSession(engage, at, signal.signal, options.durationSec)); });

  // ---- source and start action ----
  const ready = attachSource(video, options.source, {
    startAction: config.startAction,
    forceEngine: options.forceEngine ?? null,
    loadHls: options.loadHls ?? importHls,
    onFatal,
    aspectRatio: options.aspectRatio,
    ...(currentToken() && { rewriteUrl: (u: string) => swapToken(u, currentToken()) }),
  }).then((result) => {
    if (destroyed) {
      result.hls?.destroy();
      return result.engine;
    }
    attached = result;
    engine = result.engine;
    root.dataset.engine = engine;
    if (engine === 'native') keepSeekTargets(video, signal.signal);
    if (engine === 'none') {
      stopWanting();
      showMessage(t('notAvailable'));
      return engine;
    }
    if (options.captions?.length) {
      const tracks = options.captions;
      // Only a video with tracks fetches the caption code (a chunk of its own).
      void import('./captions.ts').then((m) => {
        if (destroyed) return;
        captions = m.attachCaptions({ video, root, bar, before: popBtn, tracks, native: engine === 'native', t });
        captions.button.hidden = !config.captionsButton;
      });
    }
    if (options.chapters?.length) {
      const chapters = options.chapters;
      void Promise.all([import('./chapters.ts'), loadLaterStrings()]).then(([m]) => {
        if (!destroyed) extras.push(m.attachChapters({ video, root, bar, seek, before: popBtn, chapters, duration: knownDuration, formatTime, t }));
      });
    }
    if (options.storyboard) {
      const board = options.storyboard;
      let asked = false;
      const load = (e: PointerEvent) => {
        if (asked) return;
        asked = true;
        void import('./storyboard.ts').then((m) => {
          if (!destroyed) extras.push(m.attachStoryboard({ video, root, bar, seek, board, duration: knownDuration, formatTime, start: e, rewrite: (u) => swapToken(u, currentToken()) }));
        });
      };
      on(seek, 'pointerenter', load);
      on(seek, 'pointerdown', load);
    }
    // The controls chunk (menus, shortcuts, resume) comes on first use, or once the picture is there.
    const loadControls = () => {
      if (controlsLoading || destroyed) return;
      controlsLoading = true;
      // The language's texts of the later chunks come with it (a chunk of their own).
      void Promise.all([import('./controls.ts'), loadLaterStrings()]).then(([m]) => {
        if (destroyed) return;
        controls = m.attachControls({
          video, root, bar, before: popBtn, config, engine, t, formatTime,
          hls: result.hls,
          options,
          fresh: (u) => swapToken(u, currentToken()),
          duration: knownDuration,
          captions: () => captions,
          resumeAt,
          togglePlay,
          toggleFullscreen,
          exitMini: () => {
            const was = isMini();
            if (was) setMini(false);
            return was;
          },
        });
        if (pendingKey) controls.key(pendingKey);
        pendingKey = null;
      });
    };
    for (const type of ['loadeddata', 'play']) on(video, type, loadControls);
    for (const type of ['pointermove', 'pointerdown', 'focusin', 'keydown']) on(root, type, loadControls);
    if (video.readyState >= 2 || doc.activeElement === root) loadControls();
    if (config.startAction === 'loadVideo' && engine !== 'hlsjs') video.load();
    // A play asked while the engine was on its way (its chunk, the playback answer) plays now.
    if (isWanted()) void honour();
    else if (config.startAction === 'autoPlay') void autoplay();
    return engine;
  });

  return {
    root,
    video,
    ready,
    get engine() {
      return engine;
    },
    get controlsVisible() {
      return !autoHide.hidden;
    },
    get mini() {
      return isMini();
    },
    play,
    pause,
    setMini,
    toggleFullscreen,
    showMessage: (text: string) => showMessage(text),
    destroy() {
      destroyed = true;
      signal.abort();
      captions?.destroy();
      for (const x of extras) x.destroy();
      controls?.destroy();
      autoHide.show();
      attached?.hls?.destroy();
      video.pause?.();
      video.removeAttribute('src');
      root.remove();
    },
  };
}
