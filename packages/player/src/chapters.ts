import type { Chapter } from '@reelbase/api-client/contract';
import chaptersCss from './chapters.css?inline';
import { adoptStyle } from './chunk-style.ts';
import { seekPointer } from './seek-pointer.ts';
import type { t as translate } from './strings.ts';

/*
 * Chapters in the player (issue 26 item 3), a chunk of its own loaded only for a video that has
 * them: a mark on the seek bar at each chapter's start, the title of the chapter under the
 * pointer while hovering the bar, and a chapters button whose menu seeks to a chapter.
 */

const LIST_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M4 6h2v2H4V6Zm4 0h12v2H8V6Zm-4 5h2v2H4v-2Zm4 0h12v2H8v-2Zm-4 5h2v2H4v-2Zm4 0h12v2H8v-2Z"/></svg>';

export interface ChaptersHost {
  video: HTMLVideoElement;
  root: HTMLElement;
  /** The control bar: the marks sit over `seek`, the chapters button goes before `before`. */
  bar: HTMLElement;
  seek: HTMLInputElement;
  before: Element | null;
  chapters: readonly Chapter[];
  /** The video's length as the player knows it (NaN while unknown). */
  duration: () => number;
  /** The player's m:ss clock (its own, so this chunk shares no module with the player's). */
  formatTime: (sec: number) => string;
  /** The player's texts in the viewer's language (its later ones loaded before this chunk attaches). */
  t: typeof translate;
}

export interface Chapters {
  button: HTMLButtonElement;
  menu: HTMLElement;
  marks: HTMLElement;
  tip: HTMLElement;
  /** The chapter under a time: the last one started (-1 before the first). */
  at(sec: number): number;
  /** Seeks to a chapter's start. */
  go(index: number): void;
  destroy(): void;
}

/** The index of the chapter playing at `sec` (the last one started), -1 before the first. */
export function chapterIndexAt(chapters: readonly Pick<Chapter, 'start'>[], sec: number): number {
  let found = -1;
  for (const [i, c] of chapters.entries()) if (c.start <= sec) found = i;
  return found;
}

export function attachChapters(host: ChaptersHost): Chapters {
  const { video, chapters, seek } = host;
  const doc = video.ownerDocument;
  adoptStyle(doc, chaptersCss);
  const signal = new AbortController();
  const listen = <E extends Event>(target: EventTarget, type: string, fn: (e: E) => void) => target.addEventListener(type, fn as EventListener, { signal: signal.signal });
  const make = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string) => Object.assign(doc.createElement(tag), { className });

  // ---- marks over the seek bar ----
  const marks = make('div', 'rb-chapter-marks');
  marks.setAttribute('aria-hidden', 'true');
  const tip = make('div', 'rb-chapter-tip');
  tip.hidden = true;
  host.bar.append(marks, tip);

  /** The marks' layer follows the seek bar wherever the bar's layout puts it. */
  function layout(): void {
    marks.style.left = `${seek.offsetLeft}px`;
    // Over the seek bar's middle, wherever the bar puts it (a narrow player's bar has it on a row of its own).
    marks.style.top = `${seek.offsetTop + seek.offsetHeight / 2}px`;
    marks.style.width = `${seek.offsetWidth}px`;
    const duration = host.duration();
    marks.replaceChildren(
      ...chapters.slice(1).map((c) => {
        const mark = make('span', 'rb-chapter-mark');
        mark.style.left = Number.isFinite(duration) && duration > 0 ? `${(c.start / duration) * 100}%` : '0';
        mark.hidden = !(Number.isFinite(duration) && duration > 0 && c.start < duration);
        return mark;
      }),
    );
  }
  layout();
  for (const type of ['loadedmetadata', 'durationchange']) listen(video, type, layout);
  const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(() => layout()) : null;
  resize?.observe(seek);

  // ---- the chapter under the pointer ----
  const pointer = seekPointer(seek, host.duration);
  listen<PointerEvent>(seek, 'pointermove', (e) => {
    const where = pointer(e.clientX);
    const index = where ? chapterIndexAt(chapters, where.time) : -1;
    if (!where || index < 0) {
      tip.hidden = true;
      return;
    }
    tip.textContent = chapters[index].title;
    tip.hidden = false;
    tip.style.left = `${seek.offsetLeft + where.x}px`;
  });
  listen(seek, 'pointerleave', () => (tip.hidden = true));

  // ---- the chapters button and menu ----
  const button = make('button', 'rb-chapters');
  button.type = 'button';
  button.innerHTML = LIST_ICON;
  button.setAttribute('aria-label', host.t('chapters'));
  button.setAttribute('aria-haspopup', 'menu');
  button.setAttribute('aria-expanded', 'false');
  const menu = make('div', 'rb-chapters-menu');
  menu.setAttribute('role', 'menu');
  menu.setAttribute('aria-label', host.t('chapters'));
  menu.hidden = true;
  const entries = chapters.map((c, index) => {
    const entry = make('button', 'rb-chapter-item');
    entry.type = 'button';
    entry.setAttribute('role', 'menuitem');
    const when = make('span', 'rb-chapter-time');
    when.textContent = host.formatTime(c.start);
    entry.append(when, c.title);
    entry.setAttribute('aria-label', host.t('chapterAt', { title: c.title, time: when.textContent }));
    listen(entry, 'click', () => {
      go(index);
      toggle(false);
      button.focus();
    });
    return entry;
  });
  menu.append(...entries);
  host.bar.insertBefore(button, host.before);
  host.root.append(menu);

  function go(index: number): void {
    const chapter = chapters[index];
    if (chapter) video.currentTime = chapter.start;
  }

  function toggle(open: boolean): void {
    menu.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    if (!open) return;
    const current = chapterIndexAt(chapters, video.currentTime);
    for (const [i, e] of entries.entries()) e.setAttribute('aria-current', String(i === current));
    entries[Math.max(0, current)]?.focus();
  }

  listen(button, 'click', () => toggle(menu.hidden === true));
  listen<KeyboardEvent>(menu, 'keydown', (e) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[e.key];
    if (e.key === 'Escape') {
      toggle(false);
      button.focus();
    } else if (step) {
      const from = entries.indexOf(doc.activeElement as HTMLButtonElement);
      entries[(from + step + entries.length) % entries.length].focus();
    } else return;
    e.preventDefault();
    e.stopPropagation();
  });
  listen<PointerEvent>(doc, 'pointerdown', (e) => {
    const inside = menu.contains(e.target as Node) || button.contains(e.target as Node);
    if (!inside && !menu.hidden) toggle(false);
  });

  return {
    button,
    menu,
    marks,
    tip,
    at: (sec: number) => chapterIndexAt(chapters, sec),
    go,
    destroy() {
      signal.abort();
      resize?.disconnect();
      for (const node of [button, menu, marks, tip]) node.remove();
    },
  };
}
