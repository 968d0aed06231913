import { gopFrames, type LadderRung } from './ladder.ts';

/*
 * Every ffmpeg command of the service, as pure functions: typed options in, argument list out.
 * Inputs are local files only (`file:` plus a protocol whitelist) in an allow-listed container,
 * so a hostile upload cannot make ffmpeg open a URL or read another file through a playlist or
 * concat script. Outputs are plain relative names resolved against the run's working folder,
 * checked so that no name can be taken for a protocol or break a tee muxer specification.
 */

/** How much of an input ffmpeg may read, in bytes and microseconds, to find its streams. */
export const PROBE_SIZE_BYTES = 20_000_000;
export const ANALYZE_DURATION_US = 20_000_000;

/** Demuxers accepted for uploads and downloads (their names as in `ffmpeg -formats`). */
export const UPLOAD_INPUT_FORMATS: readonly string[] = ['mov', 'matroska', 'avi', 'flv', 'mpegts', 'mpeg', 'ogg', 'asf', 'mxf', 'dv'];
/** Demuxers for an imported HLS playlist and its segments (TS, fMP4, packed audio). */
export const HLS_INPUT_FORMATS: readonly string[] = ['hls', 'mpegts', 'mov', 'aac', 'mp3'];

/** Apple's authoring spec: segments of 4 to 6 s, keyframes every 2 s. */
export const HLS_SEGMENT_SECONDS = 6;
export const KEYFRAME_INTERVAL_SECONDS = 2;
export const DEFAULT_X264_PRESET = 'veryfast';

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

/** Where one HLS rendition goes; the playlist is a temporary name the pipeline renames when the run succeeds. */
export type HlsTarget =
  | {
      playlist: string;
      /** MPEG-TS segment file pattern with one %d field, e.g. hls/720p/seg-1a2b3c4d-%04d.ts. */
      segmentPattern: string;
    }
  | {
      playlist: string;
      /**
       * One fragmented mp4 holding every segment (a fragment per segment), which the playlist
       * lists as byte ranges: the same bytes serve HLS and plain mp4 playback.
       */
      singleFile: string;
    };

export interface HlsOutputOptions {
  /** Target segment length; HLS_SEGMENT_SECONDS unless set. */
  segmentSeconds?: number;
  /** An EVENT playlist (rewritten after every segment, every segment kept) for a rendition published while it is encoded. */
  growing?: boolean;
}

/** An HLS output: segments cut at the keyframe at or after each multiple of the segment length. */
export function hlsOutputArgs(target: HlsTarget, options: HlsOutputOptions = {}): string[] {
  const single = 'singleFile' in target;
  return [
    '-f',
    'hls',
    '-hls_time',
    String(options.segmentSeconds ?? HLS_SEGMENT_SECONDS),
    '-hls_playlist_type',
    options.growing ? 'event' : 'vod',
    '-hls_flags',
    single ? 'single_file+independent_segments' : 'independent_segments',
    '-hls_segment_type',
    single ? 'fmp4' : 'mpegts',
    '-hls_segment_filename',
    outputName(single ? target.singleFile : target.segmentPattern),
    outputName(target.playlist),
  ];
}

const STRIP_METADATA = ['-map_metadata', '-1', '-map_chapters', '-1'];

function streamMaps(input: number, video: number | string, audio: number | null): string[] {
  const v = typeof video === 'string' ? video : `${input}:${video}`;
  return ['-map', v, ...(audio === null ? [] : ['-map', `${input}:${audio}`])];
}

export interface RemuxPublishOptions {
  input: string;
  /**
   * Stream indices from the probe, or 'first': the first video stream that is not a cover picture
   * and the first audio stream if there is one, the ones the probe picks in a usual file (a remux
   * started before the probe has answered, see startEarlyRemux).
   */
  videoStreamIndex: number | 'first';
  audioStreamIndex: number | null | 'first';
  /** Playlist ffmpeg writes; its segments are byte ranges of `mp4`. */
  playlist: string;
  mp4: string;
}

/**
 * Fast publish of an H.264 (+ AAC) source: both streams copied, once, into one fragmented mp4
 * (a fragment per HLS segment, each with its own sidx) that is at the same time the download /
 * mp4 source and the HLS rendition, whose playlist lists byte ranges of it. No decoding, so it
 * runs at disk speed, and the bytes are stored once.
 */
export function buildRemuxPublishArgs(o: RemuxPublishOptions): string[] {
  return [
    ...globalArgs(),
    ...inputArgs(o.input),
    ...(o.videoStreamIndex === 'first' || o.audioStreamIndex === 'first' ? ['-map', '0:V:0', '-map', '0:a:0?'] : streamMaps(0, o.videoStreamIndex, o.audioStreamIndex)),
    '-c',
    'copy',
    ...STRIP_METADATA,
    ...hlsOutputArgs({ playlist: o.playlist, singleFile: o.mp4 }),
  ];
}

export interface SourceVideo {
  input: string;
  videoStreamIndex: number;
  audioStreamIndex: number | null;
  /** Deinterlace first (yadif) when the source is interlaced. */
  deinterlace: boolean;
  /** Source frame rate; when it differs from the rungs' rate an fps filter converts it. */
  sourceFps: number;
  preset?: string;
}

/** H.264 High profile, capped VBR, a keyframe every 2 s at the same frames in every rung. */
export function videoEncodeArgs(rung: LadderRung, preset = DEFAULT_X264_PRESET): string[] {
  const gop = String(gopFrames(rung.fps, KEYFRAME_INTERVAL_SECONDS));
  return [
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-profile:v',
    'high',
    '-level:v',
    rung.level,
    '-b:v',
    `${rung.videoKbps}k`,
    '-maxrate',
    `${rung.maxrateKbps}k`,
    '-bufsize',
    `${rung.bufsizeKbps}k`,
    '-g',
    gop,
    '-keyint_min',
    gop,
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${KEYFRAME_INTERVAL_SECONDS})`,
  ];
}

export function audioEncodeArgs(rung: LadderRung): string[] {
  return ['-c:a', 'aac', '-b:a', `${rung.audioKbps}k`, '-ac', '2', '-ar', '48000'];
}

/** Filters applied once to the decoded source before it is scaled per rung. */
function sourceFilters(s: SourceVideo, fps: number): string[] {
  const filters: string[] = [];
  if (s.deinterlace) filters.push('yadif');
  if (s.sourceFps > 0 && Math.abs(s.sourceFps - fps) > 0.01) filters.push(`fps=${fps}`);
  return filters;
}

function scaleFilter(rung: LadderRung): string {
  return `scale=${rung.width}:${rung.height},setsar=1,format=yuv420p`;
}

/**
 * `-filter_complex` graph: decode once, one output `[v<i>]` per rung (largest first). Each rung
 * is scaled from the one above it rather than from the source, which roughly halves the
 * single-threaded scaling work of a 1080p ladder.
 */
export function ladderFilterGraph(s: SourceVideo, rungs: readonly LadderRung[]): string {
  if (rungs.length === 0) throw new Error('A ladder needs at least one rung');
  const parts: string[] = [];
  let from = `[0:${s.videoStreamIndex}]`;
  let filters = sourceFilters(s, rungs[0].fps);
  rungs.forEach((rung, i) => {
    const last = i === rungs.length - 1;
    filters.push(scaleFilter(rung));
    if (last) {
      parts.push(`${from}${filters.join(',')}[v${i}]`);
    } else {
      parts.push(`${from}${[...filters, 'split=2'].join(',')}[v${i}][c${i}]`);
      from = `[c${i}]`;
      filters = [];
    }
  });
  return parts.join(';');
}

export interface TranscodePublishOptions extends SourceVideo {
  rung: LadderRung;
  /** Playlist ffmpeg writes; its segments are byte ranges of `mp4`. */
  playlist: string;
  mp4: string;
}

/**
 * First rendition of a source that cannot be remuxed: one encode of video and audio (never a
 * copied stream beside an encoded one) into one fragmented mp4 that is, as a remux's is, both the
 * mp4 source and the HLS rendition (byte ranges of it), in the container of the ladder's rungs.
 */
export function buildTranscodePublishArgs(o: TranscodePublishOptions): string[] {
  const hasAudio = o.audioStreamIndex !== null;
  return [
    ...globalArgs(),
    ...inputArgs(o.input),
    '-filter_complex',
    ladderFilterGraph(o, [o.rung]),
    ...streamMaps(0, '[v0]', o.audioStreamIndex),
    ...videoEncodeArgs(o.rung, o.preset),
    ...(hasAudio ? audioEncodeArgs(o.rung) : []),
    ...STRIP_METADATA,
    '-max_muxing_queue_size',
    '1024',
    ...hlsOutputArgs({ playlist: o.playlist, singleFile: o.mp4 }),
  ];
}

export interface LadderOptions extends SourceVideo {
  outputs: readonly { rung: LadderRung; hls: HlsTarget; hlsOptions?: HlsOutputOptions }[];
  /**
   * Threads of each x264 encoder when several run at once. x264's own default (1.5x the cores, plus
   * lookahead) per encoder oversubscribes the CPU; one thread per core each was measured 10% faster
   * on 2 cores at the same SSIM.
   */
  encoderThreads?: number;
  /** Every rung carries the source's audio stream as it is (ladderCopiesAudio) instead of encoding it. */
  copyAudio?: boolean;
}

/**
 * The adaptive ladder in one run: the source is decoded once and split; each rung is its own
 * libx264 encode with the same keyframe rule, so segments line up across renditions. With one
 * growing output it is the rendition published while it is encoded.
 */
export function buildLadderArgs(o: LadderOptions): string[] {
  const rungs = o.outputs.map((out) => out.rung);
  const args = [...globalArgs(), ...inputArgs(o.input), '-filter_complex', ladderFilterGraph(o, rungs)];
  o.outputs.forEach((out, i) => {
    args.push(
      ...streamMaps(0, `[v${i}]`, o.audioStreamIndex),
      ...videoEncodeArgs(out.rung, o.preset),
      ...(o.encoderThreads ? ['-threads', String(o.encoderThreads)] : []),
      ...(o.audioStreamIndex === null ? [] : o.copyAudio ? ['-c:a', 'copy'] : audioEncodeArgs(out.rung)),
      ...STRIP_METADATA,
      '-max_muxing_queue_size',
      '1024',
      ...hlsOutputArgs(out.hls, out.hlsOptions),
    );
  });
  return args;
}

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

function seconds(s: number): string {
  return (Math.round(Math.max(0, s) * 1000) / 1000).toFixed(3);
}

/** Trimmed sources are mp4 (exact timestamps); a codec mp4 cannot hold makes the copy fail and the cut is encoded. */
export const TRIM_OUTPUT_FORMAT = 'mp4';

/** Cuts are kept at near-source quality: they become the source of every rendition. */
const CUT_X264 = ['-c:v', 'libx264', '-preset', DEFAULT_X264_PRESET, '-crf', '18'];

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

/** Image inputs of a filter (the watermark, a GIF's palette): PNG files only. */
const IMAGE_INPUT_FORMATS: readonly string[] = ['image2', 'png_pipe'];
const SAFE_FILTER_PATH = /^[A-Za-z0-9._/@+-]+$/;

/** A file named inside a filter graph; refuses characters the graph's escaping would have to handle. */
export function filterPath(path: string): string {
  if (!SAFE_FILTER_PATH.test(path)) throw new Error(`Unsafe path for a filter: ${JSON.stringify(path)}`);
  return path;
}

/** Shares of the frame (0 to 1), as ffmpeg writes a number: at most 4 decimals. */
const share = (n: number) => String(Math.round(n * 10_000) / 10_000);

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
