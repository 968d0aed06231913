import type { PlaybackStoryboard } from '@reelbase/api-client/contract';
import { adoptStyle } from './chunk-style.ts';
import { seekPointer } from './seek-pointer.ts';
import storyboardCss from './storyboard.css?inline';

/*
 * Seek previews (issue 26 item 4), a chunk loaded on the first hover or touch of the seek bar:
 * the storyboard's WebVTT index is fetched once, and while the pointer (mouse, pen or finger)
 * hovers or drags along the bar, the tile of the time under it is shown above the bar.
 */

export interface StoryboardTile {
  start: number;
  end: number;
  /** The sheet's absolute URL (resolved against the index, so a token in its path carries over). */
  url: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const STAMP = /^(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})$/;
const seconds = (t: string): number => {
  const m = STAMP.exec(t.trim());
  return m ? Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000 : Number.NaN;
};

/** The tiles of a storyboard index: each cue's time range and its `sheet#xywh=x,y,w,h` target. */
export function parseStoryboard(text: string, base: string): StoryboardTile[] {
  const tiles: StoryboardTile[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, i) => {
    const arrow = line.indexOf('-->');
    if (arrow < 0) return;
    const target = /^(.+)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec((lines[i + 1] ?? '').trim());
    const start = seconds(line.slice(0, arrow));
    const end = seconds(line.slice(arrow + 3).trim().split(/\s/)[0]);
    if (!target || Number.isNaN(start) || Number.isNaN(end)) return;
    const [x, y, w, h] = target.slice(2).map(Number);
    tiles.push({ start, end, url: new URL(target[1], base).href, x, y, w, h });
  });
  return tiles;
}

/** The tile showing `sec`: the one whose range holds it, else the nearest before it. */
export function tileAt(tiles: readonly StoryboardTile[], sec: number): StoryboardTile | null {
  let found: StoryboardTile | null = null;
  for (const tile of tiles) {
    if (tile.start > sec) break;
    found = tile;
  }
  return found ?? tiles[0] ?? null;
}

export interface StoryboardHost {
  video: HTMLVideoElement;
  root: HTMLElement;
  bar: HTMLElement;
  seek: HTMLInputElement;
  board: PlaybackStoryboard;
  duration: () => number;
  /** The player's m:ss clock (its own, so this chunk shares no module with the player's). */
  formatTime: (sec: number) => string;
  /** The hover or touch that loaded this chunk: its preview shows as soon as the index is in. */
  start?: { clientX: number } | null;
  /** Moves a media URL to the newest playback token (a long session outlives the first). */
  rewrite?: (url: string) => string;
  fetch?: typeof fetch;
}

export interface Storyboard {
  preview: HTMLElement;
  /** Resolves once the index is loaded (false when it could not be: no previews then). */
  ready: Promise<boolean>;
  show(clientX: number): void;
  hide(): void;
  destroy(): void;
}

export function attachStoryboard(host: StoryboardHost): Storyboard {
  const { seek, board } = host;
  const doc = seek.ownerDocument;
  adoptStyle(doc, storyboardCss);
  const signal = new AbortController();
  const listen = <E extends Event>(type: string, fn: (e: E) => void) => seek.addEventListener(type, fn as EventListener, { signal: signal.signal });
  const preview = doc.createElement('div');
  preview.className = 'rb-storyboard';
  preview.setAttribute('aria-hidden', 'true');
  preview.hidden = true;
  const frame = doc.createElement('div');
  frame.className = 'rb-storyboard-frame';
  frame.style.width = `${board.width}px`;
  frame.style.height = `${board.height}px`;
  const label = doc.createElement('span');
  label.className = 'rb-storyboard-time';
  preview.append(frame, label);
  host.bar.append(preview);

  let tiles: StoryboardTile[] = [];
  let last = host.start?.clientX ?? null;
  const pointer = seekPointer(seek, host.duration);
  const rewrite = host.rewrite ?? ((u: string) => u);

  function show(clientX: number): void {
    last = clientX;
    const where = pointer(clientX);
    const tile = where && tileAt(tiles, where.time);
    if (!where || !tile) return;
    frame.style.backgroundImage = `url("${rewrite(tile.url)}")`;
    frame.style.backgroundPosition = `${-tile.x}px ${-tile.y}px`;
    frame.dataset.time = String(tile.start);
    label.textContent = host.formatTime(where.time);
    preview.hidden = false;
    // Centred over the pointer, kept inside the bar.
    const half = tile.w / 2;
    const centre = seek.offsetLeft + where.x;
    preview.style.left = `${Math.min(Math.max(centre - half, 0), Math.max(0, host.bar.clientWidth - tile.w))}px`;
  }
  function hide(): void {
    last = null;
    preview.hidden = true;
  }

  const ready = (host.fetch ?? fetch)(rewrite(board.vtt), { signal: signal.signal })
    .then((res) => (res.ok ? res.text() : Promise.reject(new Error(String(res.status)))))
    .then((text) => {
      tiles = parseStoryboard(text, new URL(board.vtt, doc.baseURI).href);
      if (last !== null) show(last);
      return tiles.length > 0;
    })
    .catch(() => false);

  // Mouse hover and drag, and a finger dragging along the bar (pointer events for both).
  listen<PointerEvent>('pointermove', (e) => show(e.clientX));
  listen<PointerEvent>('pointerdown', (e) => show(e.clientX));
  listen<PointerEvent>('pointerleave', (e) => {
    if (e.pointerType === 'mouse' || !e.pointerType) hide();
  });
  for (const type of ['pointerup', 'pointercancel']) {
    listen<PointerEvent>(type, (e) => {
      if (e.pointerType !== 'mouse') hide();
    });
  }

  return {
    preview,
    ready,
    show,
    hide,
    destroy() {
      signal.abort();
      preview.remove();
    },
  };
}
