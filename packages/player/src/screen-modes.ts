// The player's two other screen modes: the miniature pop-out (draggable by the video surface) and
// full screen, with the buttons that toggle them.
import type { Listen } from './player-dom.ts';
import { t } from './strings.ts';

/** Whether the pop-out is on, how to set it, and how to toggle full screen. */
export type ScreenModes = [isMini: () => boolean, setMini: (value: boolean) => void, toggleFullscreen: () => Promise<void>];

/**
 * Wires the pop-out and full-screen buttons (and a double click on the picture). `dragged`: a drag
 * of the pop-out ended, so the click that follows is not a play or pause. (A tuple and positional
 * parameters: objects would cost the embed's first frame bytes.)
 */
export function attachScreenModes(root: HTMLElement, video: HTMLVideoElement, bar: HTMLElement, popBtn: HTMLElement, fsBtn: HTMLElement, on: Listen, dragged: () => void): ScreenModes {
  const doc = root.ownerDocument;
  let mini = false;
  let dragging: Promise<void> | undefined;

  function setMini(value: boolean): void {
    if (value && doc.fullscreenElement === root) void doc.exitFullscreen();
    mini = value;
    root.classList.toggle('rb-mini', value);
    for (const p of ['left', 'top', 'right', 'bottom']) root.style.removeProperty(p);
    popBtn.setAttribute('aria-pressed', String(value));
    popBtn.setAttribute('aria-label', t(value ? 'exitPopOut' : 'popOut'));
    // Dragging the pop-out around is a chunk of its own, fetched the first time it is on.
    if (value && !dragging) dragging = import('./pop-out-drag.ts').then((m) => m.dragPopOut(root, bar, on, () => mini, dragged));
  }


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
