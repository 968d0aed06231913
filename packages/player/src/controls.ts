// The controls chunk: speed and quality menus (speed.ts, quality.ts, both on menu.ts),
// picture-in-picture, keyboard shortcuts and their "?" overlay (help-overlay.ts), announcements,
// resume and the viewer's remembered volume and speed. Loaded after the first frame or on first
// use (see player.ts), so the embed's first frame does not wait for it.

import type { Captions } from './captions.ts';
import { adoptStyle } from './chunk-style.ts';
import type { ResolvedConfig } from './config.ts';
import controlsCss from './controls.css?inline';
import { attachDownload } from './download.ts';
import { createHelpOverlay } from './help-overlay.ts';
import { createBarKit } from './menu.ts';
import { attachMore } from './more.ts';
import { attachQuality } from './quality.ts';
import { pruneResume, readResume, resumePosition, saveResume } from './resume.ts';
import { type ShortcutAction, shortcutFor } from './shortcuts.ts';
import { attachSpeed } from './speed.ts';
import { readJson, safeStorage, writeJson } from './storage.ts';
import type { t as translate } from './strings.ts';
import type { Engine, HlsInstance, PlayerOptions } from './types.ts';

/** The viewer's choices kept across videos (the caption choice is kept by captions.ts). */
export const PREFS_KEY = 'rb-prefs';
/** How often the position is kept while playing (and on pause and when the page goes away). */
export const RESUME_SAVE_MS = 5_000;

export interface Prefs {
  volume?: number;
  muted?: boolean;
  rate?: number;
}

export interface ControlsHost {
  video: HTMLVideoElement;
  root: HTMLElement;
  bar: HTMLElement;
  /** The new buttons go before this one (the pop-out button), keeping Tab order = visual order. */
  before: Element | null;
  config: ResolvedConfig;
  engine: Engine;
  hls: HlsInstance | null;
  /** Else `options.videoId`. */
  videoId?: string | null;
  /** The player's texts (strings.ts), handed over so this chunk shares no module with the main file. */
  t: typeof translate;
  /** "1:05" (format.ts). */
  formatTime(seconds: number): string;
  /** Test seam: where choices and positions are kept (default: local storage). */
  storage?: Storage | null;
  /** The master playlist URL with the newest token (the native path's Auto); else made from `options.source.hls` with `fresh`. */
  master?(): string | null;
  duration(): number;
  captions(): Captions | null;
  /** Loads another source at the same moment, playing on if it was. */
  resumeAt(src: string): void;
  togglePlay(): void;
  toggleFullscreen(): Promise<void>;
  /** Leaves the pop-out mode; false when it was not on. */
  exitMini(): boolean;
  /** Issue 34: the player's options (`download`: the mp4 viewers may save, `title`: its name) and a URL with the newest token. */
  options?: Pick<PlayerOptions, 'source' | 'download' | 'title' | 'videoId'>;
  fresh?(url: string): string;
  /** Test seam: fetches the master playlist on the native path. */
  fetch?: typeof fetch;
  now?: () => number;
}

export interface Controls {
  /** A keydown inside the player. */
  key(e: KeyboardEvent): void;
  announce(text: string): void;
  readonly speedButton: HTMLButtonElement | null;
  readonly qualityButton: HTMLButtonElement | null;
  readonly pipButton: HTMLButtonElement | null;
  /** The "more" button, holding the secondary buttons while the bar is short of room. */
  readonly moreButton: HTMLButtonElement;
  /** Rungs offered (Auto first), once known. */
  readonly rungs: readonly string[];
  selectRung(index: number): void;
  destroy(): void;
}

export function attachControls(host: ControlsHost): Controls {
  const { video, root, bar, config, t } = host;
  const storage = host.storage === undefined ? safeStorage() : host.storage;
  const doc = video.ownerDocument;
  adoptStyle(doc, controlsCss);
  const now = host.now ?? Date.now;
  const signal = new AbortController();
  const on = <E extends Event>(target: EventTarget, type: string, fn: (e: E) => void) =>
    target.addEventListener(type, fn as EventListener, { signal: signal.signal });
  const made: Element[] = [];

  // ---- announcements ----
  const live = doc.createElement('div');
  live.className = 'rb-sr';
  live.setAttribute('role', 'status');
  live.setAttribute('aria-live', 'polite');
  root.append(live);
  made.push(live);
  function announce(text: string): void {
    live.textContent = text;
  }

  const kit = createBarKit(root, bar, host.before, made, on);

  // ---- remembered volume, mute and speed ----
  const prefs: Prefs = readJson<Prefs>(storage, PREFS_KEY) ?? {};
  if (typeof prefs.volume === 'number' && prefs.volume >= 0 && prefs.volume <= 1) video.volume = prefs.volume;
  // Never unmuted from storage: a browser that allowed only muted autoplay would stop the video.
  if (prefs.muted === true) video.muted = true;
  const rememberPrefs = (change: Prefs) => writeJson(storage, PREFS_KEY, Object.assign(prefs, change));
  /** A change the viewer made (a click or a key), not the player's own (muted autoplay). */
  const byViewer = () => {
    const activation = (doc.defaultView?.navigator as { userActivation?: { isActive: boolean } } | undefined)?.userActivation;
    return !activation || activation.isActive;
  };

  // ---- speed and quality ----
  const speedButton = config.speedMenu ? attachSpeed(video, kit, t, on, prefs.rate, (rate) => rememberPrefs({ rate })) : null;
  // Made here, not in the player's main file: every byte there weighs on the first frame.
  const fresh = host.fresh ?? ((u: string) => u);
  const hlsUrl = host.options?.source.hls;
  const master = host.master ?? (() => (hlsUrl ? fresh(hlsUrl) : null));
  const quality = attachQuality({ ...host, master }, kit, announce, signal.signal);

  // ---- picture-in-picture ----
  let pip: HTMLButtonElement | null = null;
  const pipVideo = video as HTMLVideoElement & { requestPictureInPicture?: () => Promise<unknown>; disablePictureInPicture?: boolean };
  if (config.pictureInPicture && (doc as { pictureInPictureEnabled?: boolean }).pictureInPictureEnabled && pipVideo.requestPictureInPicture && !pipVideo.disablePictureInPicture) {
    const b = kit.button('rb-pip', t('pictureInPicture'));
    pip = b;
    b.innerHTML =
      '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M19 11h-8v6h8zm4 8V5a2 2 0 0 0-2-2H3a2 2 0 0 0-2 2v14c0 1.1.9 2 2 2h18a2 2 0 0 0 2-2zm-2 0H3V5h18z"/></svg>';
    const render = () => {
      const inPip = (doc as { pictureInPictureElement?: Element | null }).pictureInPictureElement === video;
      b.setAttribute('aria-label', t(inPip ? 'exitPictureInPicture' : 'pictureInPicture'));
      b.setAttribute('aria-pressed', String(inPip));
    };
    on(b, 'click', async () => {
      try {
        if ((doc as { pictureInPictureElement?: Element | null }).pictureInPictureElement) await (doc as { exitPictureInPicture(): Promise<void> }).exitPictureInPicture();
        else await pipVideo.requestPictureInPicture?.();
      } catch {
        // Refused (no media yet, or the frame may not): nothing to do.
      }
    });
    on(video, 'enterpictureinpicture', render);
    on(video, 'leavepictureinpicture', render);
    render();
  }

  // ---- download (issue 34) ----
  if (host.options?.download) attachDownload({ bar, before: host.before, made, url: host.options.download, title: host.options.title ?? null, label: t('download'), fresh, on });

  // ---- the "more" menu: the buttons above, captions and chapters, when the bar is short of room ----
  const more = attachMore({
    root, bar, after: host.before, t,
    on: (target, type, fn, capture) => target.addEventListener(type, fn as EventListener, { signal: signal.signal, capture }),
  });

  const help = createHelpOverlay(root, t);

  // ---- keyboard ----
  let lastCaption = -1;
  function toggleCaptions(): void {
    const c = host.captions();
    if (!c) return;
    if (c.selected >= 0) {
      lastCaption = c.selected;
      c.select(-1);
    } else c.select(Math.max(lastCaption, 0));
  }
  function run(action: ShortcutAction): void {
    const duration = host.duration();
    const end = Number.isFinite(duration) ? duration : Number.POSITIVE_INFINITY;
    switch (action.do) {
      case 'togglePlay':
        host.togglePlay();
        return;
      case 'toggleMute':
        video.muted = !video.muted;
        return;
      case 'fullscreen':
        void host.toggleFullscreen();
        return;
      case 'captions':
        toggleCaptions();
        return;
      case 'help':
        help.toggle();
        return;
      case 'seekBy':
        video.currentTime = Math.max(0, Math.min(end, video.currentTime + action.seconds));
        return;
      case 'seekTo':
        if (Number.isFinite(duration)) video.currentTime = duration * action.share;
        return;
      case 'volumeBy':
        video.volume = Math.round(Math.max(0, Math.min(1, video.volume + action.step)) * 100) / 100;
        if (action.step > 0) video.muted = false;
        return;
    }
  }
  function key(e: KeyboardEvent): void {
    if (e.defaultPrevented) return;
    if (e.key === 'Escape') {
      if (help.open) help.toggle(false);
      else if (!host.exitMini()) return;
      e.preventDefault();
      return;
    }
    if (!config.keyboardShortcuts) return;
    const action = shortcutFor(e, e.target as Element | null, doc.activeElement);
    if (!action) return;
    e.preventDefault();
    run(action);
  }

  // ---- announcements of changes ----
  on(video, 'play', () => announce(t('announcePlaying')));
  on(video, 'pause', () => {
    if (!video.ended) announce(t('announcePaused'));
  });
  on(video, 'ratechange', () => announce(t('announceSpeed', { rate: video.playbackRate })));
  on(video, 'volumechange', () => {
    announce(video.muted ? t('announceMuted') : t('announceVolume', { percent: Math.round(video.volume * 100) }));
    if (byViewer()) rememberPrefs({ volume: video.volume, muted: video.muted });
  });
  const showingCaption = () => Array.from(video.textTracks ?? []).find((x) => x.mode === 'showing')?.label ?? null;
  // The state at start (the owner's default track) is not news; a change the viewer makes is.
  let lastAnnouncedCaption = showingCaption();
  // (jsdom's list is not an event target.)
  if (typeof video.textTracks?.addEventListener === 'function') {
    on(video.textTracks, 'change', () => {
      const label = showingCaption();
      if (label === lastAnnouncedCaption) return;
      lastAnnouncedCaption = label;
      if (byViewer()) announce(label ? t('announceCaptions', { label }) : t('announceCaptionsOff'));
    });
  }

  // ---- resume where the viewer left off ----
  const id = host.videoId ?? host.options?.videoId;
  if (id && config.resumePlayback) {
    pruneResume(storage, now());
    let ready = false;
    let lastSave = now();
    const apply = () => {
      if (ready) return;
      ready = true;
      const at = resumePosition(readResume(storage, id), host.duration(), now());
      // Only when the viewer has not moved yet (a seek before the media was ready wins).
      if (at !== null && video.currentTime < 1) {
        video.currentTime = at;
        announce(t('announceResumed', { time: host.formatTime(at) }));
      }
    };
    const save = () => {
      if (!ready) return;
      lastSave = now();
      saveResume(storage, id, video.currentTime, host.duration(), lastSave);
    };
    if (video.readyState >= 1) apply();
    else on(video, 'loadedmetadata', apply);
    on(video, 'timeupdate', () => {
      if (!video.paused && now() - lastSave >= RESUME_SAVE_MS) save();
    });
    on(video, 'pause', save);
    on(video, 'seeked', () => video.paused && save());
    on(video, 'ended', () => saveResume(storage, id, host.duration(), host.duration(), now()));
    const win = doc.defaultView;
    if (win) on(win, 'pagehide', save);
  }

  // Issue 37: the audio menu, a chunk of its own, fetched only for a master with audio tracks: hls.js
  // lists them, a browser's own HLS in video.audioTracks (Safari) or nowhere (Chromium: read from the master).
  let audioMenu: { destroy(): void } | null = null;
  let audioAsked = false;
  const loadAudioMenu = (masterText?: string) => {
    if (audioAsked || signal.signal.aborted) return;
    audioAsked = true;
    void import('./audio-menu.ts').then((m) => {
      if (!signal.signal.aborted) audioMenu = m.attachAudioMenu({ video, root, bar, before: host.before, hls: host.hls, t, master, masterText });
    });
  };
  const tracks = (video as unknown as { audioTracks?: ArrayLike<unknown> & Partial<EventTarget> }).audioTracks;
  const nativeAudio = typeof tracks?.addEventListener === 'function' ? (tracks as ArrayLike<unknown> & EventTarget) : null;
  if (host.hls) {
    const check = () => (host.hls?.audioTracks?.length ?? 0) > 1 && loadAudioMenu();
    check();
    host.hls.on('hlsAudioTracksUpdated', check);
  } else if (host.engine === 'native' && nativeAudio) {
    const check = () => nativeAudio.length > 1 && loadAudioMenu();
    check();
    on(nativeAudio, 'addtrack', check);
  } else if (host.engine === 'native' && master()) {
    void (host.fetch ?? fetch)(master() as string)
      .then((r) => (r.ok ? r.text() : ''))
      .then((text) => /^#EXT-X-MEDIA:TYPE=AUDIO/m.test(text) && loadAudioMenu(text))
      .catch(() => {});
  }

  return {
    key,
    announce,
    speedButton,
    qualityButton: quality.button,
    pipButton: pip,
    moreButton: more.button,
    get rungs() {
      return quality.labels();
    },
    selectRung: quality.select,
    destroy() {
      signal.abort();
      help.destroy();
      more.destroy();
      audioMenu?.destroy();
      for (const el of made) el.remove();
    },
  };
}
