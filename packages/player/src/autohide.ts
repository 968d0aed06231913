import { CONTROLS_AUTO_HIDE_MS } from './constants.ts';

/**
 * Hides the controls (class rb-idle on the root) after a quiet spell while the video plays.
 * Any activity shows them again; a paused player always shows them, and so does `hold` (a
 * control has the keyboard focus).
 */
export function createAutoHide(root: HTMLElement, enabled: boolean, isPlaying: () => boolean, delay = CONTROLS_AUTO_HIDE_MS, hold: () => boolean = () => false) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = () => {
    clearTimeout(timer);
    timer = undefined;
    root.classList.remove('rb-idle');
  };
  return {
    /** Activity: show now, hide again after the delay if still playing. */
    poke(): void {
      show();
      if (!enabled || !isPlaying()) return;
      timer = setTimeout(() => {
        timer = undefined;
        if (isPlaying() && !hold()) root.classList.add('rb-idle');
      }, delay);
    },
    show,
    get hidden(): boolean {
      return root.classList.contains('rb-idle');
    },
  };
}
