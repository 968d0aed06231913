import { HLS_INPUT_FORMATS, KEYFRAME_INTERVAL_SECONDS, TRIM_OUTPUT_FORMAT } from '../constants.ts';
import { CUT_X264, globalArgs, IMAGE_INPUT_FORMATS, inputArgs, outputName, seconds, share, STRIP_METADATA } from './args.ts';

/* ffmpeg commands that write one mp4 file: an imported HLS stream copied, a trim's parts and join, a watermarked source. */

export interface HlsToMp4Options {
  /** A local media playlist whose segments are files beside it (see hls-playlist.ts). */
  playlist: string;
  output: string;
}

/** An imported HLS stream, already downloaded, copied into one fast-start mp4. */
export function buildHlsToMp4Args(o: HlsToMp4Options): string[] {
  return [
    ...globalArgs(),
    ...inputArgs(o.playlist, { formats: HLS_INPUT_FORMATS, format: 'hls' }),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-c',
    'copy',
    ...STRIP_METADATA,
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    outputName(o.output),
  ];
}

export interface CutRange {
  input: string;
  /** Where the cut starts; for copies, the decode time of its first keyframe (see copyCut). */
  startSec: number;
  durationSec: number;
}

/** The source decoded from `startSec` (a fast seek, then exact decoding) for `durationSec`. */
function decodedCut(o: CutRange): string[] {
  return [...globalArgs(), ...inputArgs(o.input, { seekSec: o.startSec }), '-t', seconds(o.durationSec)];
}

/**
 * Packets from `startSec` for `durationSec`, not decoded. A demuxer may land its seek early (a
 * fragmented mp4 seeks to a fragment's start), so timestamps are kept (-copyts) and packets before
 * the start dropped on output. Comparing decode times there works in every ffmpeg version, which
 * is why a copy starts at its keyframe's decode time (packets ahead of it are non-keyframes,
 * which ffmpeg drops at the start of a copy).
 */
function copyCut(o: CutRange): string[] {
  if (o.startSec <= 0) return [...globalArgs(), ...inputArgs(o.input), '-t', seconds(o.durationSec)];
  return [...globalArgs(), '-copyts', ...inputArgs(o.input, { seekSec: o.startSec }), '-ss', seconds(o.startSec), '-t', seconds(o.durationSec)];
}

/** A cut starting on a keyframe: every stream copied, no decoding, so it runs at disk speed. */
export function buildTrimCopyArgs(o: CutRange & { output: string }): string[] {
  return [...copyCut(o), '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', ...STRIP_METADATA, '-f', TRIM_OUTPUT_FORMAT, outputName(o.output)];
}

/**
 * The frames from a cut point that is not a keyframe up to the next keyframe, re-encoded to
 * MPEG-TS (parameter sets in band, so the parts concatenate); video only.
 */
export function buildTrimHeadArgs(o: CutRange & { output: string }): string[] {
  return [
    ...decodedCut(o),
    '-map',
    '0:v:0',
    ...CUT_X264,
    // No B-frames: the head's timestamps start at its first frame, so it joins the tail cleanly.
    '-bf',
    '0',
    '-pix_fmt',
    'yuv420p',
    ...STRIP_METADATA,
    '-f',
    'mpegts',
    outputName(o.output),
  ];
}

/** One stream of the cut, copied into MPEG-TS: the video from a keyframe on ('v'), or the audio of the whole cut ('a'). */
export function buildTrimPartArgs(o: CutRange & { stream: 'v' | 'a'; output: string }): string[] {
  return [...copyCut(o), '-map', `0:${o.stream}:0`, '-c', 'copy', ...STRIP_METADATA, '-f', 'mpegts', outputName(o.output)];
}

export interface TrimJoinOptions {
  /** A concat list (relative to the run's folder) naming the head and tail parts. */
  partsList: string;
  /** The audio part, when the source has audio. */
  audio: string | null;
  output: string;
}

/** Joins the re-encoded head, the copied tail and the copied audio. */
export function buildTrimJoinArgs(o: TrimJoinOptions): string[] {
  return [
    ...globalArgs(),
    ...inputArgs(o.partsList, { formats: ['concat', 'mpegts'], format: 'concat' }),
    ...(o.audio ? inputArgs(o.audio, { formats: ['mpegts'] }) : []),
    '-map',
    '0:v:0',
    ...(o.audio ? ['-map', '1:a:0'] : []),
    '-c',
    'copy',
    ...STRIP_METADATA,
    '-f',
    TRIM_OUTPUT_FORMAT,
    outputName(o.output),
  ];
}

/** A cut of a source that cannot be copied in part: the whole cut encoded to H.264/AAC. */
export function buildTrimEncodeArgs(o: CutRange & { output: string }): string[] {
  return [
    ...decodedCut(o),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    ...CUT_X264,
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    ...STRIP_METADATA,
    '-f',
    TRIM_OUTPUT_FORMAT,
    outputName(o.output),
  ];
}

export interface WatermarkOptions {
  input: string;
  /** The watermark, a PNG (images/image-upload.ts re-encodes every upload to one). */
  image: string;
  /** The source's displayed size: the overlay's pixels follow from the shares. */
  videoWidth: number;
  videoHeight: number;
  positionX: number;
  positionY: number;
  width: number;
  height: number;
  opacity: number;
  /** Copy the audio (AAC already) rather than encode it. */
  copyAudio: boolean;
  output: string;
}

/**
 * The source with the watermark burnt in, at near-source quality (it becomes the source of every
 * rendition, so all rungs show it at the same relative place): the image scaled to its share of
 * the frame, its alpha multiplied by the opacity, overlaid, keyframes on the ladder's grid.
 */
export function buildWatermarkArgs(o: WatermarkOptions): string[] {
  const px = (shareOf: number, side: number) => Math.max(1, Math.round(shareOf * side));
  const graph = [
    `[1:v]scale=${px(o.width, o.videoWidth)}:${px(o.height, o.videoHeight)},format=rgba,colorchannelmixer=aa=${share(o.opacity)}[mark]`,
    `[0:v][mark]overlay=${px(o.positionX, o.videoWidth)}:${px(o.positionY, o.videoHeight)}:format=auto,format=yuv420p[out]`,
  ].join(';');
  return [
    ...globalArgs(),
    ...inputArgs(o.input),
    ...inputArgs(o.image, { formats: IMAGE_INPUT_FORMATS }),
    '-filter_complex',
    graph,
    '-map',
    '[out]',
    '-map',
    '0:a:0?',
    ...CUT_X264,
    '-force_key_frames',
    `expr:gte(t,n_forced*${KEYFRAME_INTERVAL_SECONDS})`,
    ...(o.copyAudio ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '160k']),
    ...STRIP_METADATA,
    '-f',
    TRIM_OUTPUT_FORMAT,
    outputName(o.output),
  ];
}
