import { createAutoHide } from './autohide.ts';
import { createDropOffTracker, sendDropOff } from './beacons.ts';
import { resolveConfig } from './config.ts';
import type { Controls } from './controls.ts';
import { formatTime, seekValueText } from './format.ts';
import { hlsOfKnownLength, knownDuration as mediaLength, seekableEnd } from './media-length.ts';
import { browserNavigation, nextVideoPath, safeRedirectUrl } from './navigation.ts';
import { buildPlayerDom, el } from './player-dom.ts';
import { keepSeekTargets } from './seek-landing.ts';
import { type Attached, attachSource, importHls } from './source.ts';
import { loadLaterStrings, t } from './strings.ts';
import { fetchRenewal, renewalDelayMs, swapToken } from './token.ts';
import type { Engine, Player, PlayerOptions } from './types.ts';
import { attachVolume } from './volume.ts';

/** Seeking here makes a browser that reports an infinite duration find the real end. */
const FAR_END = 1e101;
const DRAG_THRESHOLD_PX = 4;

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
  let mini = false;
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

  /**
   * The viewer's (or autoplay's) wish to play, kept apart from video.paused: a play asked before an
   * engine is attached, or while a new source is set (hls.js attaching, a renewed token, the mp4
   * fall-back, a media-error recovery), is reset by the browser's load algorithm without a 'pause'
   * event. It is honoured whenever a source is (re)set (honour); a pause or the end clears it.
   */
  let wanted = false;
  const isPlaying = () => !video.paused && !video.ended;
  // Controls stay while one of them (not the picture) has the focus.
  const focusInControls = () => {
    const active = doc.activeElement;
    return !!active && active !== root && active !== video && root.contains(active);
  };
  const autoHide = createAutoHide(root, config.autoHideControls, isPlaying, undefined, focusInControls);
  const tracker = createDropOffTracker((curTime) => {
    // A private or password video's beacons count only with its playback token (the current one, renewed below).
    if (options.videoId && options.statistics !== false) sendDropOff(apiBase, options.videoId, curTime, token);
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

  function renderPlaying(): void {
    const playing = wanted && !video.ended;
    root.classList.toggle('rb-playing', playing);
    const label = t(playing ? 'pause' : 'play');
    playBtn.setAttribute('aria-label', label);
    bigPlay.setAttribute('aria-label', label);
  }

  /**
   * Plays the wanted play: now, and again whenever a source is set under it. Called at once on a
   * click even before an engine is there: that play, inside the gesture, is what lets Safari play
   * this element later. Resolves with the error name when the browser refused.
   */
  async function honour(): Promise<string | null> {
    if (!wanted || destroyed) return null;
    if (video.readyState < 3) root.classList.add('rb-waiting');
    attached?.start();
    renderPlaying();
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
    renderPlaying();
  }

  async function play(): Promise<void> {
    if (holdPlay?.()) return;
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

  /** autoPlay: try with sound, and muted when the browser allows autoplay only without sound. */
  async function autoplay(): Promise<void> {
    if (holdPlay?.()) return;
    wanted = true;
    if ((await honour()) !== 'NotAllowedError' || destroyed) return;
    video.muted = true;
    await play();
  }

  function switchToMp4(): boolean {
    if (fellBack || !options.source.mp4 || engine === 'mp4') return false;
    fellBack = true;
    attached?.hls?.destroy();
    attached = { engine: 'mp4', hls: null, start: () => {} };
    engine = 'mp4';
    root.dataset.engine = engine;
    resumeAt(swapToken(options.source.mp4, token));
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
  // A play or pause from outside the player (media keys, picture-in-picture, the lead form) is the wish too.
  on(video, 'play', () => {
    wanted = true;
    renderPlaying();
    message.hidden = true;
    autoHide.poke();
  });
  on(video, 'pause', () => {
    stopWanting();
    autoHide.show();
  });
  // A source set by anyone (hls.js attaching or recovering, the player's own swaps) resets a pending play.
  on(video, 'loadstart', () => {
    if (wanted && video.paused) void honour();
  });
  on(video, 'playing', () => {
    root.classList.remove('rb-waiting');
    renderPlaying();
  });
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
  on(playBtn, 'click', togglePlay);
  on(bigPlay, 'click', togglePlay);
  let suppressClick = false;
  on(video, 'click', () => {
    if (suppressClick) suppressClick = false;
    else togglePlay();
  });
  on(video, 'dblclick', () => void toggleFullscreen());
  on(seek, 'pointerdown', () => (seeking = true));
  on(seek, 'pointerup', () => (seeking = false));
  on(seek, 'input', () => {
    const target = Number(seek.value);
    if (Number.isFinite(target)) video.currentTime = Math.min(target, seekableEnd(video));
  });
  on(seek, 'change', () => (seeking = false));
  attachVolume(video, muteBtn, volume, on);
  on(popBtn, 'click', () => setMini(!mini));
  on(fsBtn, 'click', () => void toggleFullscreen());

  // Activity for auto-hide. A touch on hidden controls reveals them instead of toggling playback.
  for (const type of ['pointermove', 'pointerdown', 'keydown', 'focusin', 'focusout', 'wheel']) on(root, type, () => autoHide.poke());
  on<PointerEvent>(video, 'pointerdown', (e) => {
    if (e.pointerType === 'touch' && autoHide.hidden) suppressClick = true;
  });

  // Keyboard shortcuts, menus and resume live in the controls chunk (loaded on first use, below);
  // a key pressed while it loads is played once it is there.
  let pendingKey: KeyboardEvent | null = null;
  on<KeyboardEvent>(root, 'keydown', (e) => {
    if (controls) controls.key(e);
    else if (e.key === 'Escape' && mini) setMini(false);
    else pendingKey = e;
  });

  // ---- miniature (pop-out) mode, draggable by the video surface ----
  function setMini(value: boolean): void {
    if (value && doc.fullscreenElement === root) void doc.exitFullscreen();
    mini = value;
    root.classList.toggle('rb-mini', value);
    for (const p of ['left', 'top', 'right', 'bottom']) root.style.removeProperty(p);
    popBtn.setAttribute('aria-pressed', String(value));
    popBtn.setAttribute('aria-label', t(value ? 'exitPopOut' : 'popOut'));
  }

  let drag: { id: number; x: number; y: number; left: number; top: number; moved: boolean } | null = null;
  on<PointerEvent>(root, 'pointerdown', (e) => {
    if (!mini || e.button !== 0 || bar.contains(e.target as Node)) return;
    const box = root.getBoundingClientRect();
    drag = { id: e.pointerId, x: e.clientX, y: e.clientY, left: box.left, top: box.top, moved: false };
    root.setPointerCapture?.(e.pointerId);
  });
  on<PointerEvent>(root, 'pointermove', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    drag.moved = true;
    const maxLeft = Math.max(0, win.innerWidth - root.offsetWidth);
    const maxTop = Math.max(0, win.innerHeight - root.offsetHeight);
    root.style.left = `${Math.min(maxLeft, Math.max(0, drag.left + dx))}px`;
    root.style.top = `${Math.min(maxTop, Math.max(0, drag.top + dy))}px`;
    root.style.right = root.style.bottom = 'auto';
  });
  const endDrag = (e: PointerEvent) => {
    if (!drag || e.pointerId !== drag.id) return;
    if (drag.moved) suppressClick = true;
    drag = null;
  };
  on(root, 'pointerup', endDrag);
  on(root, 'pointercancel', endDrag);

  // ---- full screen ----
  async function toggleFullscreen(): Promise<void> {
    try {
      if (doc.fullscreenElement) await doc.exitFullscreen();
      else if (root.requestFullscreen) {
        if (mini) setMini(false);
        await root.requestFullscreen();
      } else (video as { webkitEnterFullscreen?: () => void }).webkitEnterFullscreen?.();
    } catch {
      // Refused (not allowed in this frame): nothing to do.
    }
  }
  on(doc, 'fullscreenchange', () => {
    const full = doc.fullscreenElement === root;
    root.classList.toggle('rb-fullscreen', full);
    fsBtn.setAttribute('aria-label', t(full ? 'exitFullscreen' : 'fullscreen'));
  });

  renderTime();
  renderPlaying();

  // ---- playback token: renewed before it ends ----
  let token = options.token?.token ?? null;
  let renewTimer: ReturnType<typeof setTimeout> | undefined;
  const renew = options.renew ?? (options.videoId ? (current: string) => fetchRenewal(apiBase, options.videoId as string, current) : null);
  function scheduleRenewal(expiresAt: string): void {
    if (!renew) return;
    renewTimer = setTimeout(async () => {
      const next = token ? await renew(token) : null;
      if (destroyed) return;
      if (!next) {
        // Try again shortly: the old token may still have a little life.
        scheduleRenewal(new Date(Date.now() + 5000).toISOString());
        return;
      }
      token = next.token;
      // hls.js requests take the newest token through rewriteUrl; the browser's own engines hold
      // their URL, so they get it again at the same time.
      if (engine === 'native' || engine === 'mp4') resumeAt(swapToken(video.currentSrc || video.src, token));
      scheduleRenewal(next.expiresAt);
    }, renewalDelayMs(expiresAt));
  }
  /** Another source at the same moment, playing on if a play is wanted. */
  function resumeAt(src: string): void {
    const at = video.currentTime;
    video.src = src;
    // Once: a later source (another rung, a renewed token) brings its own moment.
    if (at > 0) video.addEventListener('loadedmetadata', () => { if (video.currentTime === 0) video.currentTime = at; }, { once: true, signal: signal.signal });
    void honour();
  }
  if (token && options.token) scheduleRenewal(options.token.expiresAt);

  // ---- issue 27: the lead form and the call to action, each a chunk fetched only when configured ----
  const engage = { video, root, apiBase, videoId: options.videoId, preview: !!options.preview, token: () => token, leadScope: options.leadScope, play, navigate: nav, t };
  const { leadForm, callToAction } = config;
  /** Once the first frame is there (now, if it is): the engagement chunks never weigh on it. */
  const afterFirstFrame = (load: () => void) => {
    if (video.readyState >= 2) load();
    else video.addEventListener('loadeddata', load, { once: true, signal: signal.signal });
  };
  if (leadForm) {
    let loading = false;
    let held = false;
    const loadLeadForm = () => {
      if (loading) return;
      loading = true;
      void Promise.all([import('./lead-form.ts'), loadLaterStrings()]).then(([m]) => {
        if (destroyed) return;
        // Not held any more while the form decides: its own play (email given before) must go through.
        holdPlay = null;
        const form = m.attachLeadForm({ ...engage, form: leadForm, heldPlay: held });
        holdPlay = form.holds;
        extras.push(form);
      });
    };
    // A play before the form's chunk is here (a click before the first frame, autoplay) waits for
    // it and fetches it at once; then the form decides.
    if (leadForm.when === 'beforePlay') {
      holdPlay = () => {
        held = true;
        loadLeadForm();
        return true;
      };
    }
    afterFirstFrame(loadLeadForm);
  }
  // The call to action shows at the end or a chosen second.
  if (callToAction) afterFirstFrame(() => void Promise.all([import('./call-to-action.ts'), loadLaterStrings()]).then(([m]) => !destroyed && extras.push(m.attachCallToAction({ ...engage, cta: callToAction }))));

  // ---- source and start action ----
  const ready = attachSource(video, options.source, {
    startAction: config.startAction,
    forceEngine: options.forceEngine ?? null,
    loadHls: options.loadHls ?? importHls,
    onFatal,
    aspectRatio: options.aspectRatio,
    ...(token && { rewriteUrl: (u: string) => swapToken(u, token) }),
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
          if (!destroyed) extras.push(m.attachStoryboard({ video, root, bar, seek, board, duration: knownDuration, formatTime, start: e, rewrite: (u) => swapToken(u, token) }));
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
          videoId: options.videoId ?? null,
          master: () => (options.source.hls ? swapToken(options.source.hls, token) : null),
          duration: knownDuration,
          captions: () => captions,
          resumeAt,
          togglePlay,
          toggleFullscreen,
          exitMini: () => {
            const was = mini;
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
    if (wanted) void honour();
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
      return mini;
    },
    play,
    pause,
    setMini,
    toggleFullscreen,
    showMessage: (text: string) => showMessage(text),
    destroy() {
      destroyed = true;
      clearTimeout(renewTimer);
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
