import audioCss from './audio-menu.css?inline';
import { adoptStyle } from './chunk-style.ts';
import { safeStorage } from './storage.ts';
import type { t as translate } from './strings.ts';
import type { HlsInstance } from './types.ts';

// A media URL's playback token (token.ts's pattern: importing that module would split the
// first-frame file into chunks).
const TOKEN_IN_PATH = /\/~[^/]+\//;

/** Where the viewer's choice is kept, per browser, like the caption choice: the language and name of the audio picked. */
export const AUDIO_CHOICE_KEY = 'rb-audio';
const ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M12 3a4 4 0 0 0-4 4v4a4 4 0 0 0 8 0V7a4 4 0 0 0-4-4Zm-7 8h2a5 5 0 0 0 10 0h2a7 7 0 0 1-6 6.9V21h-2v-3.1A7 7 0 0 1 5 11Z"/></svg>';

/** One audio rendition as the menu shows it. */
export interface AudioEntry {
  name: string;
  language: string;
}

/** The audio renditions of the engine playing: hls.js's, or the browser's own (Safari's video.audioTracks). */
interface AudioEngine {
  list(): AudioEntry[];
  selected(): number;
  select(index: number): void;
  /** Calls back when the list or the choice changes. */
  watch(changed: () => void, signal: AbortSignal): void;
}

function hlsEngine(hls: HlsInstance): AudioEngine {
  return {
    list: () => (hls.audioTracks ?? []).map((a) => ({ name: a.name, language: a.lang ?? '' })),
    selected: () => hls.audioTrack ?? -1,
    select: (i) => {
      hls.audioTrack = i;
    },
    watch: (changed, signal) => {
      for (const e of ['hlsAudioTracksUpdated', 'hlsAudioTrackSwitching']) hls.on(e, () => !signal.aborted && changed());
    },
  };
}

type NativeTracks = ArrayLike<{ label: string; language: string; enabled: boolean }> & EventTarget;
function nativeEngine(tracks: NativeTracks): AudioEngine {
  const all = () => Array.from(tracks);
  return {
    list: () => all().map((a) => ({ name: a.label, language: a.language })),
    selected: () => all().findIndex((a) => a.enabled),
    select: (i) => {
      // Enable first: a moment with no track enabled would be silence.
      const list = all();
      if (list[i]) list[i].enabled = true;
      for (const [j, a] of list.entries()) if (j !== i) a.enabled = false;
    },
    watch: (changed, signal) => {
      for (const e of ['addtrack', 'removetrack', 'change']) tracks.addEventListener(e, changed, { signal });
    },
  };
}

/** The AUDIO renditions a master lists (NAME, LANGUAGE, DEFAULT), in order. */
export function masterAudio(text: string): (AudioEntry & { isDefault: boolean })[] {
  const attr = (line: string, name: string) => new RegExp(`[:,]${name}="([^"]*)"`).exec(line)?.[1] ?? '';
  return text
    .split('\n')
    .filter((l) => l.startsWith('#EXT-X-MEDIA:TYPE=AUDIO'))
    .map((l) => ({ name: attr(l, 'NAME'), language: attr(l, 'LANGUAGE'), isDefault: /[:,]DEFAULT=YES/.test(l) }));
}

/**
 * A browser's own HLS that cannot switch renditions (Chromium's has no video.audioTracks): its
 * renditions read from the master; choosing another one hands the video to hls.js's full build
 * (the same master, at the same moment), which then switches as on the hls.js path.
 */
function masterEngine(video: HTMLVideoElement, text: string, master: () => string | null): AudioEngine {
  const list = masterAudio(text);
  let current = Math.max(0, list.findIndex((a) => a.isDefault));
  let hls: HlsInstance | null = null;
  let onChange = () => {};
  return {
    list: () => list,
    selected: () => (hls ? (hls.audioTrack ?? current) : current),
    select: (i) => {
      current = i;
      if (hls) {
        hls.audioTrack = i;
        return;
      }
      const url = master();
      if (!url) return;
      const at = video.currentTime;
      const playing = !video.paused;
      void import('./hlsa.ts').then(({ default: Hls }) => {
        // Each request with the newest token (the master's, renewed by the player): a private video plays on past its first token.
        const fresh = (u: string) => u.replace(TOKEN_IN_PATH, TOKEN_IN_PATH.exec(master() ?? '')?.[0] ?? '$&');
        hls = new Hls({ startPosition: at, xhrSetup: (xhr: XMLHttpRequest, u: string) => xhr.open('GET', fresh(u), true) }) as unknown as HlsInstance;
        let first = true;
        // Once hls.js has read the renditions (it picks the DEFAULT then): the viewer's choice instead.
        hls.on('hlsAudioTracksUpdated', () => {
          if (!first) return;
          first = false;
          (hls as HlsInstance).audioTrack = current;
          if (playing) void video.play().catch(() => {});
          onChange();
        });
        hls.loadSource(url);
        hls.attachMedia(video);
      });
    },
    watch: (changed) => {
      onChange = changed;
    },
  };
}

const choiceOf = (a: AudioEntry) => `${a.language}|${a.name}`;

/** The rendition to start with: the viewer's earlier choice (the same language and name, else the same language), else none (the engine's default). */
export function savedAudio(list: readonly AudioEntry[], saved: string | null): number {
  if (!saved) return -1;
  const exact = list.findIndex((a) => choiceOf(a) === saved);
  if (exact >= 0) return exact;
  const lang = saved.split('|')[0];
  return lang ? list.findIndex((a) => a.language === lang) : -1;
}

export interface AudioMenuHost {
  video: HTMLVideoElement;
  root: HTMLElement;
  bar: HTMLElement;
  before: Element | null;
  /** hls.js (its full build) when it plays the video; null: the browser's own HLS. */
  hls: HlsInstance | null;
  /** The master URL with the newest token, and its text when the browser's HLS lists no audio tracks (Chromium). */
  master: () => string | null;
  masterText?: string;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  t: typeof translate;
}

/**
 * The audio button and its menu (issue 37): the master's audio renditions by name, the video's own
 * audio named "Original" in the viewer's language; the choice switches the engine's rendition and is
 * remembered (AUDIO_CHOICE_KEY) for the next video. Hidden while there is one rendition or fewer.
 */
export function attachAudioMenu(host: AudioMenuHost): { destroy(): void } {
  const { video, t } = host;
  const doc = video.ownerDocument;
  const tracks = (video as unknown as { audioTracks?: NativeTracks }).audioTracks;
  const native = typeof tracks?.addEventListener === 'function' ? tracks : null;
  const engine = host.hls ? hlsEngine(host.hls) : native ? nativeEngine(native) : host.masterText ? masterEngine(video, host.masterText, host.master) : null;
  const signal = new AbortController();
  if (!engine) return { destroy: () => {} };
  adoptStyle(doc, audioCss);
  const storage = host.storage === undefined ? safeStorage() : host.storage;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'rb-audio';
  button.innerHTML = ICON;
  button.setAttribute('aria-label', t('audioTrack'));
  button.setAttribute('aria-haspopup', 'menu');
  button.setAttribute('aria-expanded', 'false');
  const menu = doc.createElement('div');
  menu.className = 'rb-audio-menu';
  menu.setAttribute('role', 'menu');
  menu.setAttribute('aria-label', t('audioTrack'));
  menu.hidden = true;
  host.bar.insertBefore(button, host.before);
  host.root.append(menu);

  let restored = false;
  function render() {
    const list = engine!.list();
    if (!restored && list.length > 1) {
      restored = true;
      const saved = savedAudio(list, storage?.getItem(AUDIO_CHOICE_KEY) ?? null);
      if (saved >= 0 && saved !== engine!.selected()) engine!.select(saved);
    }
    button.hidden = list.length < 2;
    const current = engine!.selected();
    menu.replaceChildren(
      ...list.map((a, i) => {
        const item = doc.createElement('button');
        item.type = 'button';
        item.setAttribute('role', 'menuitemradio');
        // The video's own audio (no language) is named in the viewer's language.
        item.textContent = !a.language && a.name === 'Original' ? t('audioOriginal') : a.name;
        item.setAttribute('aria-checked', String(i === current));
        item.addEventListener('click', () => {
          engine!.select(i);
          try {
            storage?.setItem(AUDIO_CHOICE_KEY, choiceOf(a));
          } catch {
            // Storage full or refused: the choice holds for this page only.
          }
          close();
          button.focus();
          render();
        });
        return item;
      }),
    );
  }
  function close() {
    menu.hidden = true;
    button.setAttribute('aria-expanded', 'false');
  }
  button.addEventListener('click', () => {
    if (!menu.hidden) return close();
    menu.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    (menu.querySelector<HTMLElement>('[aria-checked="true"]') ?? menu.querySelector<HTMLElement>('button'))?.focus();
  }, { signal: signal.signal });
  menu.addEventListener('keydown', (e) => {
    const items = Array.from(menu.querySelectorAll<HTMLElement>('button'));
    const at = items.indexOf(doc.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      close();
      button.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
    else return;
    e.preventDefault();
    e.stopPropagation();
  }, { signal: signal.signal });
  doc.addEventListener('pointerdown', (e) => {
    if (!menu.hidden && !menu.contains(e.target as Node) && !button.contains(e.target as Node)) close();
  }, { signal: signal.signal });
  engine.watch(render, signal.signal);
  render();
  return {
    destroy() {
      signal.abort();
      button.remove();
      menu.remove();
    },
  };
}
