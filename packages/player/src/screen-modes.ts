// The player's two other screen modes: the miniature pop-out (draggable by the video surface) and
// full screen, with the buttons that toggle them.
import type { Listen } from './player-dom.ts';
import { t } from './strings.ts';

const DRAG_THRESHOLD_PX = 4;

/** Whether the pop-out is on, how to set it, and how to toggle full screen. */
export type ScreenModes = [isMini: () => boolean, setMini: (value: boolean) => void, toggleFullscreen: () => Promise<void>];

/**
 * Wires the pop-out and full-screen buttons (and a double click on the picture). `dragged`: a drag
 * of the pop-out ended, so the click that follows is not a play or pause. (A tuple and positional
 * parameters: objects would cost the embed's first frame bytes.)
 */
export function attachScreenModes(root: HTMLElement, video: HTMLVideoElement, bar: HTMLElement, popBtn: HTMLElement, fsBtn: HTMLElement, on: Listen, dragged: () => void): ScreenModes {
  const doc = root.ownerDocument;
  const win = doc.defaultView ?? window;
  let mini = false;

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
    if (drag.moved) dragged();
    drag = null;
  };
  on(root, 'pointerup', endDrag);
  on(root, 'pointercancel', endDrag);

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
  on(popBtn, 'click', () => setMini(!mini));
  on(fsBtn, 'click', () => void toggleFullscreen());
  on(video, 'dblclick', () => void toggleFullscreen());

  return [() => mini, setMini, toggleFullscreen];
}
