// Node only: where the built embed files are (run `pnpm --filter @reelbase/player build` first).
import { fileURLToPath } from 'node:url';

/** Absolute path of packages/player/dist. */
export const PLAYER_DIST_DIR = fileURLToPath(new URL('../dist/', import.meta.url));

/** The files the embed page references; the hls.js chunk is loaded by the main script itself. */
export const PLAYER_ENTRY_FILES = { script: 'reelbase-player.js', stylesheet: 'reelbase-player.css' } as const;
