// The keyboard map of the player (pure: which key does what), read by controls.ts.

export type ShortcutAction =
  | { do: 'togglePlay' | 'toggleMute' | 'fullscreen' | 'captions' | 'help' }
  | { do: 'seekBy'; seconds: number }
  | { do: 'volumeBy'; step: number }
  | { do: 'seekTo'; share: number };

export const SEEK_LONG = 10;
export const SEEK_SHORT = 5;
export const VOLUME_STEP = 0.1;

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'datetime-local', 'month', 'time', 'week']);

/** A field that takes typing: a text input, textarea, select or anything contenteditable. */
export function isTextField(element: Element | null | undefined): boolean {
  if (!element) return false;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return TEXT_INPUTS.has((element as HTMLInputElement).type || 'text');
  return (element as HTMLElement).isContentEditable === true || element.closest?.('[contenteditable=""], [contenteditable="true"]') != null;
}

const SLIDER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * What a key does in the player, or null when it is not a shortcut here: with Ctrl, Alt or Meta
 * (the browser's and the system's), while a text field has the focus (anywhere in the page), on a
 * slider for the keys that move it, and Space or Enter on a button (they press it).
 */
export function shortcutFor(
  e: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey'>,
  target: Element | null,
  active: Element | null = target,
): ShortcutAction | null {
  if (e.altKey || e.ctrlKey || e.metaKey) return null;
  if (isTextField(target) || isTextField(active)) return null;
  const tag = target?.tagName;
  const onSlider = (tag === 'INPUT' && (target as HTMLInputElement).type === 'range') || target?.getAttribute('role') === 'slider';
  if (onSlider && SLIDER_KEYS.has(e.key)) return null;
  const onButton = tag === 'BUTTON' || tag === 'A' || target?.getAttribute('role')?.startsWith('menuitem') === true;
  if (onButton && (e.key === ' ' || e.key === 'Enter')) return null;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  switch (key) {
    case ' ':
    case 'k':
      return { do: 'togglePlay' };
    case 'j':
      return { do: 'seekBy', seconds: -SEEK_LONG };
    case 'l':
      return { do: 'seekBy', seconds: SEEK_LONG };
    case 'ArrowLeft':
      return { do: 'seekBy', seconds: -SEEK_SHORT };
    case 'ArrowRight':
      return { do: 'seekBy', seconds: SEEK_SHORT };
    case 'ArrowUp':
      return { do: 'volumeBy', step: VOLUME_STEP };
    case 'ArrowDown':
      return { do: 'volumeBy', step: -VOLUME_STEP };
    case 'm':
      return { do: 'toggleMute' };
    case 'f':
      return { do: 'fullscreen' };
    case 'c':
      return { do: 'captions' };
    case 'Home':
      return { do: 'seekTo', share: 0 };
    case 'End':
      return { do: 'seekTo', share: 1 };
    case '?':
      return { do: 'help' };
    default:
      return /^[0-9]$/.test(key) ? { do: 'seekTo', share: Number(key) / 10 } : null;
  }
}

/** The "?" overlay's rows: keys and what they do (string keys of strings.ts). */
export const SHORTCUT_HELP = [
  ['keySpaceK', 'doPlayPause'],
  ['keyJL', 'doSeek10'],
  ['keyArrowsLeftRight', 'doSeek5'],
  ['keyArrowsUpDown', 'doVolume'],
  ['M', 'doMute'],
  ['F', 'doFullscreen'],
  ['C', 'doCaptions'],
  ['keyDigits', 'doJump'],
  ['keyHomeEnd', 'doStartEnd'],
  ['?', 'doHelp'],
] as const;
