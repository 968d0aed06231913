import { KEYFRAME_INTERVAL_SECONDS } from '../constants.ts';
import { globalArgs, inputArgs, outputName } from './args.ts';

/*
 * The seek-preview storyboard (issue 26 item 4): small frames every few seconds tiled into JPEG
 * sprite sheets, and a WebVTT index whose cues name each tile as `sheet-N.jpg#xywh=x,y,w,h`.
 */

/** Tiles are this wide (their height keeps the picture's shape, even). */
export const STORYBOARD_TILE_WIDTH = 160;
/** A sheet holds COLUMNS x ROWS tiles (1600 px wide). */
export const STORYBOARD_COLUMNS = 10;
export const STORYBOARD_ROWS = 10;
/** About this many tiles at most for the whole video: the interval grows with its length. */
export const STORYBOARD_TILES_TARGET = 200;
/** The intervals offered (seconds); past the last, whole minutes. */
const INTERVALS = [1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600] as const;
export const STORYBOARD_VTT = 'storyboard.vtt';
export const storyboardSheet = (n: number) => `sheet-${n}.jpg`;

export interface StoryboardPlan {
  intervalSec: number;
  tiles: number;
  width: number;
  height: number;
  columns: number;
  rows: number;
  sheets: number;
}

/** The storyboard of a video of this length and picture size: the smallest interval keeping the tiles near STORYBOARD_TILES_TARGET. */
export function planStoryboard(durationSec: number, width: number, height: number): StoryboardPlan {
  const d = Math.max(0.001, durationSec);
  const intervalSec = INTERVALS.find((s) => Math.ceil(d / s) <= STORYBOARD_TILES_TARGET) ?? Math.ceil(d / STORYBOARD_TILES_TARGET / 60) * 60;
  // A remainder under a tenth of a second (an audio track a frame longer) gets no tile of its own.
  const tiles = Math.max(1, Math.ceil((d - 0.1) / intervalSec));
  const tileHeight = Math.max(2, Math.round((STORYBOARD_TILE_WIDTH * height) / Math.max(1, width) / 2) * 2);
  const perSheet = STORYBOARD_COLUMNS * STORYBOARD_ROWS;
  const sheets = Math.ceil(tiles / perSheet);
  // A video with a single sheet gets only the rows it fills.
  const rows = sheets === 1 ? Math.ceil(tiles / STORYBOARD_COLUMNS) : STORYBOARD_ROWS;
  const columns = Math.min(tiles, STORYBOARD_COLUMNS);
  return { intervalSec, tiles, width: STORYBOARD_TILE_WIDTH, height: tileHeight, columns, rows, sheets };
}

/** Where tile `i` sits: its sheet and its rectangle in it. */
export function tileRect(plan: StoryboardPlan, i: number): { sheet: number; x: number; y: number } {
  const perSheet = plan.columns * plan.rows;
  const inSheet = i % perSheet;
  return { sheet: Math.floor(i / perSheet), x: (inSheet % plan.columns) * plan.width, y: Math.floor(inSheet / plan.columns) * plan.height };
}

const stamp = (sec: number) => {
  const ms = Math.round(sec * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/** The WebVTT index: tile i covers [i x interval, the next tile), the last until the end; sheet names relative to the index. */
export function storyboardVtt(plan: StoryboardPlan, durationSec: number, sheetName: (n: number) => string = storyboardSheet): string {
  const lines = ['WEBVTT', ''];
  for (let i = 0; i < plan.tiles; i++) {
    const { sheet, x, y } = tileRect(plan, i);
    const end = i === plan.tiles - 1 ? durationSec : Math.min(durationSec, (i + 1) * plan.intervalSec);
    lines.push(`${stamp(i * plan.intervalSec)} --> ${stamp(Math.max(end, i * plan.intervalSec + 0.001))}`, `${sheetName(sheet)}#xywh=${x},${y},${plan.width},${plan.height}`, '');
  }
  return lines.join('\n');
}

export interface StoryboardArgsOptions {
  input: string;
  plan: StoryboardPlan;
  /** The sheets' name pattern relative to the run's folder, with %d for the sheet number from 0. */
  outputPattern: string;
}

/**
 * One decode of the (small) input: a frame every interval, scaled to a tile, tiled into sheets.
 * When the interval is a whole number of keyframe intervals only keyframes are decoded (the
 * ladder's rungs have one every KEYFRAME_INTERVAL_SECONDS), which makes it several times cheaper.
 */
export function buildStoryboardArgs(o: StoryboardArgsOptions): string[] {
  const { plan } = o;
  const keyframesOnly = plan.intervalSec % KEYFRAME_INTERVAL_SECONDS === 0;
  // From the first frame's time (a rung may start a little after 0), each tile the last frame at or before its time: the frame at it.
  const filters = ['setpts=PTS-STARTPTS', `fps=1/${plan.intervalSec}:round=up`, `trim=end_frame=${plan.tiles}`, `scale=${plan.width}:${plan.height}`, 'setsar=1', `tile=${plan.columns}x${plan.rows}`];
  return [
    ...globalArgs(),
    ...(keyframesOnly ? ['-skip_frame', 'nokey'] : []),
    ...inputArgs(o.input),
    '-map',
    '0:v:0',
    '-an',
    '-sn',
    '-vf',
    filters.join(','),
    '-q:v',
    '5',
    '-start_number',
    '0',
    '-f',
    'image2',
    outputName(o.outputPattern),
  ];
}
