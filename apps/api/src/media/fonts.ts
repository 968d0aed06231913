import { fileURLToPath } from 'node:url';
import type { GifFont, GifFontWeight } from '@reelbase/api-client';

/*
 * The GIF text fonts ship with the API as npm packages (@fontsource/*, latin subset, WOFF files
 * that ffmpeg's FreeType reads), so no system font is assumed.
 */
const FAMILIES: Record<GifFont, { pkg: string; file: string; weights: readonly number[] }> = {
  Roboto: { pkg: '@fontsource/roboto', file: 'roboto', weights: [200, 300, 400, 500, 600, 700, 800] },
  // Dancing Script is drawn in 400 to 700 only: lighter or heavier weights take the nearest one.
  'Dancing Script': { pkg: '@fontsource/dancing-script', file: 'dancing-script', weights: [400, 500, 600, 700] },
};

/** The font file for a family and weight (the nearest weight the family has). */
export function fontFile(family: GifFont, weight: GifFontWeight): string {
  const f = FAMILIES[family];
  const nearest = f.weights.reduce((a, b) => (Math.abs(b - weight) < Math.abs(a - weight) ? b : a));
  return fileURLToPath(import.meta.resolve(`${f.pkg}/files/${f.file}-latin-${nearest}-normal.woff`));
}
