/// <reference path="./css.d.ts" />
// The GIF dialog's preview uses the font files the API draws the text with (the same @fontsource
// packages, latin subset, each weight the API has), so what the user sees is what the GIF gets.
import '@fontsource/roboto/latin-200.css';
import '@fontsource/roboto/latin-300.css';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-600.css';
import '@fontsource/roboto/latin-700.css';
import '@fontsource/roboto/latin-800.css';
import '@fontsource/dancing-script/latin-400.css';
import '@fontsource/dancing-script/latin-500.css';
import '@fontsource/dancing-script/latin-600.css';
import '@fontsource/dancing-script/latin-700.css';
import type { GifFont } from '@reelbase/api-client';

/** The CSS font stack of each GIF font. */
export const CSS_FONT: Record<GifFont, string> = { Roboto: 'Roboto, sans-serif', 'Dancing Script': "'Dancing Script', cursive" };
