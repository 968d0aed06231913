import { ANALYZE_DURATION_US, DEFAULT_X264_PRESET, PROBE_SIZE_BYTES, UPLOAD_INPUT_FORMATS } from '../constants.ts';

/*
 * Every ffmpeg command of the service, as pure functions: typed options in, argument list out.
 * Inputs are local files only (`file:` plus a protocol whitelist) in an allow-listed container,
 * so a hostile upload cannot make ffmpeg open a URL or read another file through a playlist or
 * concat script. Outputs are plain relative names resolved against the run's working folder,
 * checked so that no name can be taken for a protocol or break a tee muxer specification.
 */

const SAFE_OUTPUT = /^[A-Za-z0-9._/%-]+$/;

/** Options every ffmpeg run starts with: quiet but for errors, no prompts, progress on stdout. */
export function globalArgs(): string[] {
  return ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-nostats', '-progress', 'pipe:1'];
}

export interface InputOptions {
  formats?: readonly string[];
  /** Demuxer to use instead of detecting one. */
  format?: string;
  /** Fast (keyframe) input seeking, then exact decoding up to the time. */
  seekSec?: number;
  /** Read only this many seconds (from the seek point). */
  durationSec?: number;
}

export function inputArgs(path: string, options: InputOptions = {}): string[] {
  const seek = options.seekSec === undefined ? [] : ['-ss', seconds(options.seekSec)];
  return [
    '-protocol_whitelist',
    'file,pipe',
    '-format_whitelist',
    (options.formats ?? UPLOAD_INPUT_FORMATS).join(','),
    '-probesize',
    String(PROBE_SIZE_BYTES),
    '-analyzeduration',
    String(ANALYZE_DURATION_US),
    ...(options.format ? ['-f', options.format] : []),
    ...seek,
    ...(options.durationSec === undefined ? [] : ['-t', seconds(options.durationSec)]),
    '-i',
    `file:${path}`,
  ];
}

/** An output name relative to the run's folder; refuses anything ffmpeg could read as more than a file name. */
export function outputName(name: string): string {
  if (!SAFE_OUTPUT.test(name) || name.startsWith('/') || name.split('/').includes('..')) {
    throw new Error(`Unsafe ffmpeg output name: ${JSON.stringify(name)}`);
  }
  return name;
}

export const STRIP_METADATA = ['-map_metadata', '-1', '-map_chapters', '-1'];

export function streamMaps(input: number, video: number | string, audio: number | null): string[] {
  const v = typeof video === 'string' ? video : `${input}:${video}`;
  return ['-map', v, ...(audio === null ? [] : ['-map', `${input}:${audio}`])];
}

export function seconds(s: number): string {
  return (Math.round(Math.max(0, s) * 1000) / 1000).toFixed(3);
}

/** Cuts are kept at near-source quality: they become the source of every rendition. */
export const CUT_X264 = ['-c:v', 'libx264', '-preset', DEFAULT_X264_PRESET, '-crf', '18'];

/** Image inputs of a filter (the watermark, a GIF's palette): PNG files only. */
export const IMAGE_INPUT_FORMATS: readonly string[] = ['image2', 'png_pipe'];
export const SAFE_FILTER_PATH = /^[A-Za-z0-9._/@+-]+$/;

/** A file named inside a filter graph; refuses characters the graph's escaping would have to handle. */
export function filterPath(path: string): string {
  if (!SAFE_FILTER_PATH.test(path)) throw new Error(`Unsafe path for a filter: ${JSON.stringify(path)}`);
  return path;
}

/** Shares of the frame (0 to 1), as ffmpeg writes a number: at most 4 decimals. */
export const share = (n: number) => String(Math.round(n * 10_000) / 10_000);
