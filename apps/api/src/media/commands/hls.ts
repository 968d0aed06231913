import { DEFAULT_X264_PRESET, HLS_SEGMENT_SECONDS, KEYFRAME_INTERVAL_SECONDS } from '../constants.ts';
import { gopFrames, type LadderRung } from '../ladder.ts';
import { globalArgs, inputArgs, outputName, STRIP_METADATA, streamMaps } from './args.ts';

/* ffmpeg commands that write HLS renditions (each an fMP4 file its playlist lists as byte ranges, or MPEG-TS segments). */

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
