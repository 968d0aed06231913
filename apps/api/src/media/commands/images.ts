import { DEFAULT_X264_PRESET } from '../constants.ts';
import { filterPath, globalArgs, IMAGE_INPUT_FORMATS, inputArgs, outputName, share, STRIP_METADATA } from './args.ts';

/* ffmpeg commands that write pictures: thumbnails and frames (JPEG), GIF clips (with their muted MP4 twin). */

export interface ThumbnailOptions {
  input: string;
  videoStreamIndex: number;
  /** Seconds into the source, one per output. */
  times: readonly number[];
  outputs: readonly string[];
  width: number;
  height: number;
}

/** One JPEG per time in a single run: each time is its own fast-seeking input of the same file. */
export function buildThumbnailArgs(o: ThumbnailOptions): string[] {
  if (o.times.length !== o.outputs.length || o.times.length === 0) throw new Error('One output per thumbnail time');
  const args = globalArgs();
  for (const t of o.times) args.push(...inputArgs(o.input, { seekSec: t }));
  o.outputs.forEach((out, i) => {
    args.push(
      '-map',
      `${i}:${o.videoStreamIndex}`,
      '-frames:v',
      '1',
      '-vf',
      `scale=${o.width}:${o.height},setsar=1`,
      '-q:v',
      '3',
      '-f',
      'image2',
      '-update',
      '1',
      outputName(out),
    );
  });
  return args;
}

export interface GifText {
  /** A UTF-8 file holding the text (drawn as it is: no %{} expansion, no escaping to get wrong). */
  textFile: string;
  fontFile: string;
  /** #RRGGBB. */
  color: string;
  fontSize: number;
  /** The text's top-left corner as shares of the output's width and height. */
  x: number;
  y: number;
}

export interface GifClipOptions {
  input: string;
  startSec: number;
  durationSec: number;
  fps: number;
  /** The spec's width:height, -1 meaning auto. */
  size: string;
  text: GifText | null;
}

/**
 * Frames of a GIF clip: the frame rate, the size (a fixed width:height is filled and centre-cropped,
 * never stretched; an auto side keeps the aspect ratio, rounded to even for the MP4), the text.
 */
export function gifFrameFilters(o: GifClipOptions): string {
  const [w, h] = o.size.split(':').map(Number);
  const scale =
    w > 0 && h > 0
      ? `scale=${w}:${h}:force_original_aspect_ratio=increase:flags=lanczos,crop=${w}:${h}`
      : `scale=${w > 0 ? w : -2}:${h > 0 ? h : -2}:flags=lanczos`;
  const filters = [`fps=${o.fps}`, scale, 'setsar=1'];
  if (o.text) {
    const t = o.text;
    filters.push(
      `drawtext=fontfile=${filterPath(t.fontFile)}:textfile=${filterPath(t.textFile)}:expansion=none:fontsize=${t.fontSize}:fontcolor=0x${t.color.slice(1)}:x=w*${share(t.x)}:y=h*${share(t.y)}`,
    );
  }
  return filters.join(',');
}

function clipInput(o: GifClipOptions): string[] {
  return inputArgs(o.input, { seekSec: o.startSec, durationSec: o.durationSec });
}

/** First pass: the clip's best 256 colours (text included), as a palette image. */
export function buildGifPaletteArgs(o: GifClipOptions & { palette: string }): string[] {
  return [...globalArgs(), ...clipInput(o), '-map', '0:v:0', '-vf', `${gifFrameFilters(o)},palettegen=stats_mode=diff`, '-frames:v', '1', '-update', '1', '-f', 'image2', outputName(o.palette)];
}

/**
 * Second pass, decoding the clip once for both outputs: the GIF through the palette (only changed
 * rectangles dithered, so it stays small) looping forever, and the same frames as a muted H.264
 * MP4 (several times lighter for the same picture).
 */
export function buildGifRenderArgs(o: GifClipOptions & { palette: string; gif: string; mp4: string }): string[] {
  const graph = `[0:v]${gifFrameFilters(o)},split[g][m];[g][1:v]paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle[gif];[m]format=yuv420p[mp4]`;
  return [
    ...globalArgs(),
    ...clipInput(o),
    ...inputArgs(o.palette, { formats: IMAGE_INPUT_FORMATS }),
    '-filter_complex',
    graph,
    '-map',
    '[gif]',
    '-loop',
    '0',
    ...STRIP_METADATA,
    '-f',
    'gif',
    outputName(o.gif),
    '-map',
    '[mp4]',
    '-an',
    '-c:v',
    'libx264',
    '-preset',
    DEFAULT_X264_PRESET,
    '-crf',
    '23',
    '-movflags',
    '+faststart',
    ...STRIP_METADATA,
    '-f',
    'mp4',
    outputName(o.mp4),
  ];
}

