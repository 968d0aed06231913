// Dragging the miniature pop-out by its picture (a chunk of its own: fetched the first time the
// pop-out is on, never before the first frame).
import type { Listen } from './player-dom.ts';

const DRAG_THRESHOLD_PX = 4;

/** Moves the pop-out with the pointer held on it (not on its bar); `dragged`: a drag ended, so the click that follows is not a play or pause. */
export function dragPopOut(root: HTMLElement, bar: HTMLElement, on: Listen, isMini: () => boolean, dragged: () => void): void {
  const win = root.ownerDocument.defaultView ?? window;
  let drag: { id: number; x: number; y: number; left: number; top: number; moved: boolean } | null = null;
  on<PointerEvent>(root, 'pointerdown', (e) => {
    if (!isMini() || e.button !== 0 || bar.contains(e.target as Node)) return;
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
}
