// The "more" button of the controls chunk (issue 32 item 6): when the control bar has no room for
// every button (a phone, a small embed), the secondary ones (captions, chapters, speed, quality,
// picture-in-picture, pop-out) leave the bar and this one menu lists them. Room is measured on the
// player itself (the embed's iframe can be any size): with everything in the bar, the seek bar must
// keep MIN_SEEK_PX and no control may overflow the bar.

import type { t as translate } from './strings.ts';

/** The narrowest seek bar still worth dragging on a phone. */
export const MIN_SEEK_PX = 120;
/** The bar's secondary buttons, in the bar's order (each one's own code still drives it). */
const SECONDARY = ['.rb-cc', '.rb-chapters', '.rb-speed', '.rb-quality', '.rb-pip', '.rb-popout'];
const COMPACT = 'rb-compact';

export interface MoreHost {
  root: HTMLElement;
  bar: HTMLElement;
  /** The more button goes after this one (the pop-out button): before full screen. */
  after: Element | null;
  t: typeof translate;
  /** Listens until the controls chunk is destroyed. */
  on<E extends Event>(target: EventTarget, type: string, fn: (e: E) => void, capture?: boolean): void;
}

export interface More {
  button: HTMLButtonElement;
  panel: HTMLElement;
  /** Whether the secondary buttons are in the more menu now. */
  readonly compact: boolean;
  /** Measures again (the player's size or the bar's buttons changed). */
  measure(): void;
  destroy(): void;
}

const shown = (el: Element) => (el as HTMLElement & { checkVisibility?: () => boolean }).checkVisibility?.() ?? el.getClientRects().length > 0;

export function attachMore(host: MoreHost): More {
  const { root, bar, t, on } = host;
  const doc = root.ownerDocument;
  const win = doc.defaultView;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'rb-more';
  button.setAttribute('aria-label', t('more'));
  button.setAttribute('aria-haspopup', 'menu');
  button.setAttribute('aria-expanded', 'false');
  button.innerHTML =
    '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><circle cx="12" cy="5" r="2"/><circle cx="12" cy="12" r="2"/><circle cx="12" cy="19" r="2"/></svg>';
  bar.insertBefore(button, host.after?.nextSibling ?? null);
  const panel = doc.createElement('div');
  panel.className = 'rb-menu rb-more-menu';
  panel.setAttribute('role', 'menu');
  panel.setAttribute('aria-label', t('more'));
  panel.hidden = true;
  root.append(panel);
  let items: HTMLButtonElement[] = [];
  /** A menu opened from this one: its closing brings the focus back here. */
  let fromHere = false;

  /** The secondary buttons the owner's settings and the video offer (hidden ones are not). */
  const secondary = () => SECONDARY.flatMap((s) => Array.from(bar.querySelectorAll<HTMLButtonElement>(`:scope > ${s}`))).filter((b) => !b.hidden);

  function close(): void {
    panel.hidden = true;
    button.setAttribute('aria-expanded', 'false');
  }
  function open(): void {
    // Built on each opening: the labels carry the current values ("Speed: 1.5x").
    items = secondary().map((original) => {
      const item = doc.createElement('button');
      item.type = 'button';
      item.setAttribute('role', 'menuitem');
      item.textContent = original.getAttribute('aria-label') ?? '';
      const sub = original.getAttribute('aria-haspopup');
      if (sub) item.setAttribute('aria-haspopup', sub);
      const pressed = original.getAttribute('aria-pressed');
      if (pressed === 'true') item.classList.add('rb-on');
      item.addEventListener('click', () => {
        close();
        if (sub) fromHere = true;
        // The button's own code: a menu opens with the focus in it; an action (pop-out, picture-in-picture) is done.
        original.click();
        if (!sub) button.focus();
      });
      return item;
    });
    panel.replaceChildren(...items);
    panel.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    items[0]?.focus();
  }
  on(button, 'click', () => (panel.hidden ? open() : close()));
  on<KeyboardEvent>(panel, 'keydown', (e) => {
    const at = items.indexOf(doc.activeElement as HTMLButtonElement);
    if (e.key === 'Escape' || e.key === 'Tab') {
      close();
      button.focus();
      if (e.key === 'Tab') return;
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      items[e.key === 'Home' ? 0 : items.length - 1]?.focus();
    } else return;
    e.preventDefault();
    e.stopPropagation();
  });
  on(doc, 'pointerdown', (e) => {
    if (!panel.contains(e.target as Node) && !button.contains(e.target as Node)) close();
  });
  // A menu opened from here gives the focus back to its own button, which is out of the bar: once
  // its key or click is handled (after the event), the focus comes back to this button instead.
  const subOpen = () => Array.from(root.querySelectorAll<HTMLElement>(':scope > [role="menu"]')).some((m) => m !== panel && !m.hidden);
  const comeBack = () => {
    if (!fromHere) return;
    setTimeout(() => {
      if (!fromHere || subOpen()) return;
      fromHere = false;
      const active = doc.activeElement;
      if (root.classList.contains(COMPACT) && (!active || active === doc.body || !shown(active))) button.focus();
    });
  };
  on(root, 'keydown', comeBack, true);
  on(root, 'click', comeBack, true);

  // ---- room: measured on the player ----
  function measure(): void {
    const seek = bar.querySelector<HTMLElement>(':scope > .rb-seek');
    const had = root.classList.contains(COMPACT);
    root.classList.remove(COMPACT);
    const tight = !!seek && (seek.getBoundingClientRect().width < MIN_SEEK_PX || bar.scrollWidth > bar.clientWidth + 1);
    const compact = tight && secondary().length > 0;
    root.classList.toggle(COMPACT, compact);
    if (had && !compact) close();
  }
  const Observer = win?.ResizeObserver;
  const resize = Observer ? new Observer(() => measure()) : null;
  resize?.observe(root);
  // Buttons added later (captions, chapters), shown or hidden (quality once the rungs are known), relabelled ("1.25x").
  const MutationObs = win?.MutationObserver;
  // Not the time ticking, nor the chapter marks: only the bar's own children and its buttons' labels.
  const counts = (r: MutationRecord) => r.target === bar || !!(r.target.nodeType === 1 ? (r.target as Element) : r.target.parentElement)?.closest('button');
  const changes = resize && MutationObs ? new MutationObs((records) => records.some(counts) && measure()) : null;
  changes?.observe(bar, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['hidden'] });
  if (resize) measure();

  return {
    button,
    panel,
    get compact() {
      return root.classList.contains(COMPACT);
    },
    measure,
    destroy() {
      resize?.disconnect();
      changes?.disconnect();
      root.classList.remove(COMPACT);
      button.remove();
      panel.remove();
    },
  };
}
