// The controls chunk: speed and quality menus, picture-in-picture, keyboard shortcuts and their
// "?" overlay, announcements, resume and the viewer's remembered volume and speed. Loaded after
// the first frame or on first use (see player.ts), so the embed's first frame does not wait for it.

import { PLAYBACK_SPEEDS } from '@reelbase/api-client/viewer-constants';
import type { Captions } from './captions.ts';
import { adoptStyle } from './chunk-style.ts';
import type { ResolvedConfig } from './config.ts';
import controlsCss from './controls.css?inline';
import { attachMore } from './more.ts';
import { pruneResume, readResume, resumePosition, saveResume } from './resume.ts';
import { SHORTCUT_HELP, type ShortcutAction, shortcutFor } from './shortcuts.ts';
import { readJson, safeStorage, writeJson } from './storage.ts';
import type { MessageKey, t as translate } from './strings.ts';
import type { Engine, HlsInstance } from './types.ts';

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
  videoId: string | null;
  /** The player's texts (strings.ts), handed over so this chunk shares no module with the main file. */
  t: typeof translate;
  /** "1:05" (format.ts). */
  formatTime(seconds: number): string;
  /** Test seam: where choices and positions are kept (default: local storage). */
  storage?: Storage | null;
  /** The master playlist URL with the newest token (the native path's Auto). */
  master(): string | null;
  duration(): number;
  captions(): Captions | null;
  /** Loads another source at the same moment, playing on if it was. */
  resumeAt(src: string): void;
  togglePlay(): void;
  toggleFullscreen(): Promise<void>;
  /** Leaves the pop-out mode; false when it was not on. */
  exitMini(): boolean;
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

export interface Rung {
  label: string;
  height: number;
  /** hls.js level index, or the variant playlist URL on the native path. */
  level: number;
  url: string | null;
}

/** A rung's name as the ladder names it: its short side, "720p". */
export const rungLabel = (width: number, height: number) => `${Math.min(width || height, height || width)}p`;

/** The rungs of an HLS master playlist (variant URLs resolved against it), largest first. */
export function parseMaster(text: string, masterUrl: string): Rung[] {
  const lines = text.split(/\r?\n/);
  const rungs: Rung[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^#EXT-X-STREAM-INF:.*\bRESOLUTION=(\d+)x(\d+)/.exec(lines[i]);
    if (!m) continue;
    const uri = lines.slice(i + 1).find((l) => l.trim() && !l.startsWith('#'));
    if (!uri) continue;
    const [w, h] = [Number(m[1]), Number(m[2])];
    rungs.push({ label: rungLabel(w, h), height: Math.min(w, h), level: -1, url: new URL(uri.trim(), masterUrl).href });
  }
  return sortRungs(rungs);
}

function sortRungs(rungs: Rung[]): Rung[] {
  const seen = new Set<string>();
  return rungs.sort((a, b) => b.height - a.height).filter((r) => !seen.has(r.label) && seen.add(r.label));
}


interface Menu {
  button: HTMLButtonElement;
  panel: HTMLElement;
  setItems(items: readonly { label: string; value: number }[]): void;
  check(value: number): void;
  close(): void;
}

export function attachControls(host: ControlsHost): Controls {
  const { video, root, bar, config, t } = host;
  const storage = host.storage === undefined ? safeStorage() : host.storage;
  /** "1.5x", and "Normal" for 1. */
  const speedLabel = (rate: number) => (rate === 1 ? t('speedNormal') : t('speedRate', { rate }));
  const doc = video.ownerDocument;
  adoptStyle(doc, controlsCss);
  const now = host.now ?? Date.now;
  const signal = new AbortController();
  const on = <E extends Event>(target: EventTarget, type: string, fn: (e: E) => void) =>
    target.addEventListener(type, fn as EventListener, { signal: signal.signal });
  const made: Element[] = [];
  const menus: Menu[] = [];

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

  function button(className: string, label: string, text = ''): HTMLButtonElement {
    const b = doc.createElement('button');
    b.type = 'button';
    b.className = className;
    b.setAttribute('aria-label', label);
    b.textContent = text;
    bar.insertBefore(b, host.before);
    made.push(b);
    return b;
  }

  /** A button with a menu of radio items (the captions menu's behaviour: arrows, Escape, outside click). */
  function menu(className: string, label: string, onSelect: (value: number) => void): Menu {
    const b = button(`rb-menu-button ${className}`, label);
    b.setAttribute('aria-haspopup', 'menu');
    b.setAttribute('aria-expanded', 'false');
    const panel = doc.createElement('div');
    panel.className = `rb-menu ${className}-menu`;
    panel.setAttribute('role', 'menu');
    panel.setAttribute('aria-label', label);
    panel.hidden = true;
    root.append(panel);
    made.push(panel);
    let items: HTMLButtonElement[] = [];
    const self: Menu = {
      button: b,
      panel,
      setItems(list) {
        items = list.map(({ label: text, value }) => {
          const item = doc.createElement('button');
          item.type = 'button';
          item.setAttribute('role', 'menuitemradio');
          item.setAttribute('aria-checked', 'false');
          item.dataset.value = String(value);
          item.textContent = text;
          item.addEventListener('click', () => {
            onSelect(value);
            self.close();
            b.focus();
          });
          return item;
        });
        panel.replaceChildren(...items);
      },
      check(value) {
        for (const item of items) item.setAttribute('aria-checked', String(Number(item.dataset.value) === value));
      },
      close() {
        panel.hidden = true;
        b.setAttribute('aria-expanded', 'false');
      },
    };
    on(b, 'click', () => {
      const opening = panel.hidden;
      for (const m of menus) m.close();
      if (!opening) return;
      panel.hidden = false;
      b.setAttribute('aria-expanded', 'true');
      (items.find((i) => i.getAttribute('aria-checked') === 'true') ?? items[0])?.focus();
    });
    on<KeyboardEvent>(panel, 'keydown', (e) => {
      const at = items.indexOf(doc.activeElement as HTMLButtonElement);
      if (e.key === 'Escape') {
        self.close();
        b.focus();
      } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
      } else if (e.key === 'Home' || e.key === 'End') {
        items[e.key === 'Home' ? 0 : items.length - 1]?.focus();
      } else if (e.key === 'Tab') {
        // Tab goes on from the menu's button, to the next control of the bar (Shift+Tab: the one before).
        self.close();
        b.focus();
        return;
      } else return;
      e.preventDefault();
      e.stopPropagation();
    });
    menus.push(self);
    return self;
  }
  on(doc, 'pointerdown', (e) => {
    for (const m of menus) if (!m.panel.contains(e.target as Node) && !m.button.contains(e.target as Node)) m.close();
  });

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

  // ---- speed ----
  let speed: Menu | null = null;
  /** The menu shows the rate in force, whoever set it. */
  function renderRate(): void {
    const rate = video.playbackRate;
    speed?.check(rate);
    speed?.button.replaceChildren(t('speedRate', { rate }));
    speed?.button.setAttribute('aria-label', t('withValue', { label: t('speed'), value: t('speedRate', { rate }) }));
  }
  function setRate(rate: number, remember: boolean): void {
    video.defaultPlaybackRate = rate;
    video.playbackRate = rate;
    renderRate();
    if (remember) rememberPrefs({ rate });
  }
  if (config.speedMenu) {
    speed = menu('rb-speed', t('speed'), (rate) => setRate(rate, true));
    speed.setItems(PLAYBACK_SPEEDS.map((rate) => ({ label: speedLabel(rate), value: rate })));
    // Only a remembered rate is set: a player without one keeps the rate it has.
    const saved = prefs.rate;
    if (typeof saved === 'number' && (PLAYBACK_SPEEDS as readonly number[]).includes(saved)) setRate(saved, false);
    else renderRate();
    on(video, 'ratechange', renderRate);
  }

  // ---- quality ----
  let quality: Menu | null = null;
  let rungs: Rung[] = [];
  /** -1: Auto; else an index in `rungs`. */
  let chosen = -1;
  const hls = host.hls;
  function renderQuality(): void {
    if (!quality) return;
    quality.button.hidden = rungs.length < 2;
    quality.check(chosen);
    const level = hls?.currentLevel ?? -1;
    const playing = level >= 0 ? hls?.levels?.[level] : null;
    const value = chosen >= 0 ? rungs[chosen].label : t('qualityAuto');
    quality.button.replaceChildren(value);
    quality.button.setAttribute('aria-label', t('withValue', { label: t('quality'), value }));
    const auto = quality.panel.querySelector('[data-value="-1"]');
    if (auto) auto.textContent = chosen < 0 && playing ? t('qualityAutoNow', { rung: rungLabel(playing.width, playing.height) }) : t('qualityAuto');
  }
  function selectRung(index: number): void {
    chosen = index >= 0 && index < rungs.length ? index : -1;
    const rung = chosen >= 0 ? rungs[chosen] : null;
    root.dataset.quality = rung ? rung.label : 'auto';
    if (hls) {
      // hls.js: a level set by hand holds (automatic switching is off until Auto).
      hls.currentLevel = rung ? rung.level : -1;
    } else {
      // The browser's own HLS: that rung's variant playlist, or the master for Auto, at the same moment.
      const src = rung?.url ?? host.master();
      if (src) host.resumeAt(src);
    }
    renderQuality();
    announce(t('announceQuality', { rung: rung ? rung.label : t('qualityAuto') }));
  }
  function setRungs(list: Rung[]): void {
    rungs = sortRungs(list);
    quality?.setItems([{ label: t('qualityAuto'), value: -1 }, ...rungs.map((r, i) => ({ label: r.label, value: i }))]);
    renderQuality();
  }
  if (config.qualityMenu && (host.engine === 'hlsjs' || host.engine === 'native')) {
    quality = menu('rb-quality', t('quality'), selectRung);
    quality.button.hidden = true;
    if (hls) {
      const fromLevels = () => setRungs((hls.levels ?? []).map((l, level) => ({ label: rungLabel(l.width, l.height), height: Math.min(l.width || l.height, l.height || l.width), level, url: null })));
      if (hls.levels?.length) fromLevels();
      hls.on('hlsManifestParsed', fromLevels);
      hls.on('hlsLevelSwitched', renderQuality);
    } else {
      const master = host.master();
      if (master) {
        void (host.fetch ?? fetch)(master)
          .then((r) => (r.ok ? r.text() : ''))
          .then((text) => {
            if (!signal.signal.aborted) setRungs(parseMaster(text, master));
          })
          .catch(() => {});
      }
    }
  }

  // ---- picture-in-picture ----
  let pip: HTMLButtonElement | null = null;
  const pipVideo = video as HTMLVideoElement & { requestPictureInPicture?: () => Promise<unknown>; disablePictureInPicture?: boolean };
  if (config.pictureInPicture && (doc as { pictureInPictureEnabled?: boolean }).pictureInPictureEnabled && pipVideo.requestPictureInPicture && !pipVideo.disablePictureInPicture) {
    const b = button('rb-pip', t('pictureInPicture'));
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

  // ---- the "more" menu: the buttons above, captions and chapters, when the bar is short of room ----
  const more = attachMore({
    root, bar, after: host.before, t,
    on: (target, type, fn, capture) => target.addEventListener(type, fn as EventListener, { signal: signal.signal, capture }),
  });

  // ---- the "?" overlay ----
  let help: HTMLElement | null = null;
  function toggleHelp(show = !help): void {
    if (!show) {
      help?.remove();
      help = null;
      root.focus();
      return;
    }
    if (help) return;
    const box = doc.createElement('div');
    box.className = 'rb-help';
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-label', t('shortcuts'));
    const title = doc.createElement('h2');
    title.textContent = t('shortcuts');
    const list = doc.createElement('dl');
    for (const [keys, action] of SHORTCUT_HELP) {
      const dt = doc.createElement('dt');
      dt.textContent = keys.length > 1 ? t(keys as MessageKey) : keys;
      const dd = doc.createElement('dd');
      dd.textContent = t(action);
      list.append(dt, dd);
    }
    const close = doc.createElement('button');
    close.type = 'button';
    close.className = 'rb-help-close';
    close.textContent = t('close');
    close.addEventListener('click', () => toggleHelp(false));
    box.append(title, list, close);
    box.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape' && e.key !== '?') return;
      e.preventDefault();
      e.stopPropagation();
      toggleHelp(false);
    });
    root.append(box);
    help = box;
    close.focus();
  }

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
        toggleHelp();
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
      if (help) toggleHelp(false);
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
  const id = host.videoId;
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

  return {
    key,
    announce,
    speedButton: speed?.button ?? null,
    qualityButton: quality?.button ?? null,
    pipButton: pip,
    moreButton: more.button,
    get rungs() {
      return [t('qualityAuto'), ...rungs.map((r) => r.label)];
    },
    selectRung,
    destroy() {
      signal.abort();
      help?.remove();
      more.destroy();
      for (const el of made) el.remove();
    },
  };
}
