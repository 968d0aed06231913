import type { ColorScheme } from '@reelbase/api-client';

/** WCAG 2 AA: text needs 4.5:1 against its background, icons and other parts of controls 3:1. */
export const AA_TEXT = 4.5;
export const AA_CONTROL = 3;
/** The player draws its icons and the time in white. */
const PLAYER_FOREGROUND = '#ffffff';

function luminance(hex: string): number {
  let h = hex.replace('#', '');
  if (h.length === 3 || h.length === 4) h = [...h.slice(0, 3)].map((c) => c + c).join('');
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours (#rgb or #rrggbb), 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Warnings for the owner's player colours below WCAG AA: the control bar carries white icons and
 * the time (text: 4.5:1), the play button a white icon (3:1).
 */
export function playerContrastWarnings(scheme: Pick<ColorScheme, 'playerControlBar' | 'playerPlayButton'>): string[] {
  const warnings: string[] = [];
  const bar = contrastRatio(PLAYER_FOREGROUND, scheme.playerControlBar);
  if (bar < AA_TEXT) warnings.push(`Control bar: the white icons and time on it have a contrast of ${bar.toFixed(1)}:1, below the ${AA_TEXT}:1 that WCAG AA asks for. A darker colour is easier to read.`);
  const play = contrastRatio(PLAYER_FOREGROUND, scheme.playerPlayButton);
  if (play < AA_CONTROL) warnings.push(`Play button: its white icon has a contrast of ${play.toFixed(1)}:1, below the ${AA_CONTROL}:1 that WCAG AA asks for. A darker colour is easier to see.`);
  return warnings;
}
