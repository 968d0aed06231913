import type { PlaybackCaption } from '@reelbase/api-client/contract';
import captionsCss from './captions.css?inline';
import { adoptStyle } from './chunk-style.ts';
import { safeStorage } from './storage.ts';
import type { t as translate } from './strings.ts';

/** Where the viewer's choice is kept, per browser: `off`, or the language and label of the track picked. */
export const CAPTIONS_CHOICE_KEY = 'rb-captions';
const OFF = 'off';
const CC_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M19 4H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2Zm-8 7H9.5v-.5h-2v3h2V13H11v1a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1v-4a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v1Zm7 0h-1.5v-.5h-2v3h2V13H18v1a1 1 0 0 1-1 1h-3a1 1 0 0 1-1-1v-4a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v1Z"/></svg>';

export interface CaptionsHost {
  video: HTMLVideoElement;
  root: HTMLElement;
  /** The control bar; the CC button goes before `before`. */
  bar: HTMLElement;
  before: Element | null;
  tracks: readonly PlaybackCaption[];
  /** The browser plays the HLS itself: its text tracks come from the master's subtitle renditions (<track> elements only where it lists none). */
  native: boolean;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** The player's texts (strings.ts), handed over so this chunk shares no module with the main file. */
  t: typeof translate;
}

export interface Captions {
  button: HTMLButtonElement;
  menu: HTMLElement;
  /** The index of the track shown, -1 for Off. */
  readonly selected: number;
  select(index: number): void;
  destroy(): void;
}

const choiceOf = (t: PlaybackCaption) => `${t.language}|${t.label}`;

/**
 * The track to show at start: the viewer's earlier choice (Off, or the same language and label,
 * else the same language), else the owner's default track, else none.
 */
export function initialTrack(tracks: readonly PlaybackCaption[], saved: string | null): number {
  if (saved === OFF) return -1;
  if (saved) {
    const exact = tracks.findIndex((t) => choiceOf(t) === saved);
    if (exact >= 0) return exact;
    const lang = saved.split('|')[0];
    const same = tracks.findIndex((t) => t.language === lang);
    if (same >= 0) return same;
  }
  return tracks.findIndex((t) => t.isDefault);
}

/** The CC button and its menu (the tracks by label, and Off), and the text tracks they drive. */
export function attachCaptions(host: CaptionsHost): Captions {
  const { video, tracks, t } = host;
  const doc = video.ownerDocument;
  adoptStyle(doc, captionsCss);
  const storage = host.storage === undefined ? safeStorage() : host.storage;
  const signal = new AbortController();
  const elements: HTMLTrackElement[] = [];
  let fromMaster = host.native;
  function addTrackElements(): void {
    for (const t of tracks) {
      const el = doc.createElement('track');
      el.kind = 'subtitles';
      el.label = t.label;
      el.srclang = t.language;
      el.src = t.src;
      elements.push(el);
      video.append(el);
    }
  }
  if (!fromMaster) addTrackElements();

  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'rb-cc';
  button.innerHTML = CC_ICON;
  button.setAttribute('aria-label', t('captions'));
  button.setAttribute('aria-haspopup', 'menu');
  button.setAttribute('aria-expanded', 'false');
  const menu = doc.createElement('div');
  menu.className = 'rb-cc-menu';
  menu.setAttribute('role', 'menu');
  menu.setAttribute('aria-label', t('captions'));
  menu.hidden = true;
  const items = [{ label: t('captionsOff'), index: -1 }, ...tracks.map((t, index) => ({ label: t.label, index }))].map(({ label, index }) => {
    const item = doc.createElement('button');
    item.type = 'button';
    item.setAttribute('role', 'menuitemradio');
    item.textContent = label;
    item.dataset.index = String(index);
    item.addEventListener('click', () => {
      select(index, true);
      close();
      button.focus();
    }, { signal: signal.signal });
    menu.append(item);
    return item;
  });
  host.bar.insertBefore(button, host.before);
  host.root.append(menu);

  let selected = initialTrack(tracks, storage?.getItem(CAPTIONS_CHOICE_KEY) ?? null);

  /** The browser's text track of a track of ours: ours by position, HLS ones by label and language. */
  function textTrackOf(index: number): TextTrack | null {
    if (index < 0) return null;
    if (!fromMaster) return elements[index]?.track ?? null;
    const t = tracks[index];
    const list = Array.from(video.textTracks ?? []).filter((x) => x.kind === 'subtitles' || x.kind === 'captions');
    return list.find((x) => x.label === t.label && x.language === t.language) ?? list.find((x) => x.label === t.label) ?? null;
  }

  function apply(): void {
    const shown = textTrackOf(selected);
    for (const x of Array.from(video.textTracks ?? [])) {
      if (x.kind !== 'subtitles' && x.kind !== 'captions') continue;
      const mode = x === shown ? 'showing' : 'disabled';
      if (x.mode !== mode) x.mode = mode;
    }
    button.setAttribute('aria-pressed', String(selected >= 0));
    button.classList.toggle('rb-on', selected >= 0);
    for (const item of items) item.setAttribute('aria-checked', String(Number(item.dataset.index) === selected));
  }

  function select(index: number, remember = false): void {
    selected = index >= 0 && index < tracks.length ? index : -1;
    if (remember) {
      try {
        storage?.setItem(CAPTIONS_CHOICE_KEY, selected < 0 ? OFF : choiceOf(tracks[selected]));
      } catch {
        // Storage full or refused: the choice holds for this page only.
      }
    }
    apply();
  }

  function open(): void {
    menu.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    (items.find((i) => i.getAttribute('aria-checked') === 'true') ?? items[0]).focus();
  }
  function close(): void {
    menu.hidden = true;
    button.setAttribute('aria-expanded', 'false');
  }

  button.addEventListener('click', () => (menu.hidden ? open() : close()), { signal: signal.signal });
  menu.addEventListener('keydown', (e) => {
    const at = items.indexOf(doc.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      close();
      button.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length].focus();
    } else return;
    e.preventDefault();
    e.stopPropagation();
  }, { signal: signal.signal });
  doc.addEventListener('pointerdown', (e) => {
    if (!menu.hidden && !menu.contains(e.target as Node) && !button.contains(e.target as Node)) close();
  }, { signal: signal.signal });
  // Text tracks that appear later (the browser's HLS reads the renditions; hls.js may add its own) follow the choice.
  video.textTracks?.addEventListener?.('addtrack', apply, { signal: signal.signal });
  // A browser's own HLS that lists no subtitle renditions once the media is known gets the <track> elements instead.
  const checkMaster = () => {
    if (!fromMaster || tracks.some((_t, i) => textTrackOf(i))) return;
    fromMaster = false;
    addTrackElements();
    apply();
  };
  if (fromMaster) {
    if (video.readyState >= 1) queueMicrotask(checkMaster);
    else video.addEventListener('loadedmetadata', checkMaster, { once: true, signal: signal.signal });
  }
  apply();

  return {
    button,
    menu,
    get selected() {
      return selected;
    },
    select: (index: number) => select(index, true),
    destroy() {
      signal.abort();
      button.remove();
      menu.remove();
      for (const el of elements) el.remove();
    },
  };
}
