import { t } from '@lingui/core/macro';
import { type ColorScheme, DEFAULT_COLOR_SCHEME } from '@reelbase/api-client';

/** WCAG 2 AA: text and icons need 4.5:1 against their background; other parts of a control (a slider's track) 3:1. */
export const AA_TEXT = 4.5;
export const AA_NON_TEXT = 3;
/** The player draws its icons, time and texts in white. */
export const PLAYER_FOREGROUND = '#ffffff';

/** #rgb or #rrggbb as 0-255 channels; null for anything else. */
export function parseHex(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance of an sRGB colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) throw new Error(`Not a colour: ${hex}`);
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1 to 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export interface ContrastCheck {
  /** What is drawn over what, as the owner sees it. */
  pair: string;
  ratio: number;
  minimum: number;
  /** What to change to fix it. */
  fix: string;
}

/** The pairs of a player colour scheme that viewers must tell apart, each with its ratio and the AA minimum. */
export function schemeContrast(scheme: Pick<ColorScheme, 'playerPlayButton' | 'playerControlBar'>): ContrastCheck[] {
  return [
    { pair: t`White icons and time on the control bar`, ratio: contrastRatio(PLAYER_FOREGROUND, scheme.playerControlBar), minimum: AA_TEXT, fix: t`a darker control bar` },
    { pair: t`The white play icon on the play button`, ratio: contrastRatio(PLAYER_FOREGROUND, scheme.playerPlayButton), minimum: AA_TEXT, fix: t`a darker play button` },
    {
      pair: t`The seek and volume sliders (play button colour) on the control bar`,
      ratio: contrastRatio(scheme.playerPlayButton, scheme.playerControlBar),
      minimum: AA_NON_TEXT,
      fix: t`a play button and control bar further apart`,
    },
  ];
}

/** The checks below their minimum: what the settings panel warns about. */
export const contrastProblems = (scheme: Pick<ColorScheme, 'playerPlayButton' | 'playerControlBar'>) => schemeContrast(scheme).filter((c) => c.ratio < c.minimum);

/** A ratio as people write it: 2.1:1 (rounded down, so 4.49 never reads as 4.5). */
export const formatRatio = (ratio: number) => `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;

/**
 * Whether the play button and control bar are the spec's default colours (case aside). The spec fixes
 * those colours, so an untouched default is explained, not listed as failures (docs/decisions.md).
 */
export const isSpecDefaultScheme = (scheme: Pick<ColorScheme, 'playerPlayButton' | 'playerControlBar'>) =>
  (['playerPlayButton', 'playerControlBar'] as const).every((k) => scheme[k].toLowerCase() === DEFAULT_COLOR_SCHEME[k].toLowerCase());
