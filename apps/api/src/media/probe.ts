import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { resolveFfprobePath } from './binaries.ts';
import { ANALYZE_DURATION_US, PROBE_SIZE_BYTES, UPLOAD_INPUT_FORMATS } from './constants.ts';
import { type MediaDeadlines, mediaDeadlineMs } from './deadlines.ts';
import { MediaProcessError, MediaTimeoutError, runMediaProcess } from './runner.ts';

/** What the pipelines need to know about a source, read once by ffprobe. */
export interface ProbeResult {
  durationSec: number;
  /** Displayed size: the rotation and a non-square sample aspect ratio are applied. */
  width: number;
  height: number;
  videoCodec: string;
  audioCodec: string | null;
  /** Average frame rate, 0 when the file does not say. */
  fps: number;
  /** Whole-file bit rate in bits per second, null when unknown. */
  bitRate: number | null;
  formatName: string;
  /** Clockwise degrees a player turns the picture (0, 90, 180, 270); ffmpeg applies it when it re-encodes. */
  rotation: number;
  pixFmt: string | null;
  /** H.264 profile name as ffprobe prints it ("High", "Main", "Constrained Baseline"...). */
  videoProfile: string | null;
  /** H.264 level times ten (40 for 4.0), null when unknown. */
  videoLevel: number | null;
  /** "LC", "HE-AAC"... for AAC. */
  audioProfile: string | null;
  audioChannels: number | null;
  /** The audio stream's own bit rate in bits per second, null when the container does not say. */
  audioBitRate: number | null;
  videoStreamIndex: number;
  audioStreamIndex: number | null;
  interlaced: boolean;
  /**
   * The chosen streams are the file's first video stream that is not a cover picture and its
   * first audio stream (or it has none): what a remux mapping `0:V:0` and `0:a:0?` copies.
   */
  firstStreams?: boolean;
}

export type NotAVideoReason = 'unreadable' | 'no-video' | 'no-duration';

/** The file is not a video we can process: a user error, answered with a 4xx by the callers. */
export class NotAVideoError extends Error {
  readonly reason: NotAVideoReason;
  /** ffprobe's own words, for logs only. */
  readonly detail: string;
  constructor(reason: NotAVideoReason, detail = '') {
    super(
      reason === 'no-video'
        ? 'The file has no video stream'
        : reason === 'no-duration'
          ? 'The video has no duration'
          : 'The file is not a video format we can read',
    );
    this.name = 'NotAVideoError';
    this.reason = reason;
    this.detail = detail;
  }
}

export interface ProbeOptions {
  ffprobePath?: string;
  /** The probe deadline of `deadlines` unless set: ffprobe reads headers, not the whole file. */
  timeoutMs?: number;
  deadlines?: MediaDeadlines;
  signal?: AbortSignal;
}

/** A tool killed by one of these broke on the file (a crash) or was exhausted by it (the CPU limit): the file's fault. */
export const FILE_FAULT_SIGNALS = ['SIGSEGV', 'SIGBUS', 'SIGILL', 'SIGFPE', 'SIGABRT', 'SIGXCPU'];

/** Every ffprobe run: quiet, local files only, upload container formats only. */
const probeSafety = () => ['-hide_banner', '-v', 'error', '-protocol_whitelist', 'file', '-format_whitelist', UPLOAD_INPUT_FORMATS.join(',')];

/** Arguments for the one ffprobe run per source. Local files only, upload container formats only. */
export function buildProbeArgs(inputPath: string): string[] {
  return [
    ...probeSafety(),
    '-probesize',
    String(PROBE_SIZE_BYTES),
    '-analyzeduration',
    String(ANALYZE_DURATION_US),
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    `file:${inputPath}`,
  ];
}

/**
 * Arguments to measure a duration the container does not state (a browser's MediaRecorder
 * writes WebM without one): the last video packet's end time, read without decoding.
 */
export function buildPacketDurationArgs(inputPath: string, videoStreamIndex: number): string[] {
  return [
    ...probeSafety(),
    '-select_streams',
    String(videoStreamIndex),
    '-show_entries',
    'packet=pts_time,duration_time',
    '-of',
    'csv=p=0',
    `file:${inputPath}`,
  ];
}

/** Reads a source once. Throws NotAVideoError for anything that is not a playable video file. */
export async function probe(inputPath: string, options: ProbeOptions = {}): Promise<ProbeResult> {
  const path = resolve(inputPath);
  const info = await stat(path);
  if (!info.isFile()) throw new Error(`Not a file: ${path}`);
  if (info.size === 0) throw new NotAVideoError('unreadable', 'empty file');
  const ffprobe = resolveFfprobePath(options.ffprobePath);
  const run = { timeoutMs: options.timeoutMs ?? mediaDeadlineMs({ kind: 'probe' }, options.deadlines), signal: options.signal, collectStdout: true };
  let stdout: string;
  try {
    ({ stdout } = await runMediaProcess(ffprobe, buildProbeArgs(path), run));
  } catch (err) {
    // ffprobe exits 1 when it cannot open or recognise the file, and a file that crashes it
    // will crash it again: the file's fault, not worth a retry.
    if (err instanceof MediaProcessError && !(err instanceof MediaTimeoutError)) {
      if (err.exitCode === 1 || FILE_FAULT_SIGNALS.includes(err.exitSignal ?? '')) throw new NotAVideoError('unreadable', err.stderrTail || String(err.exitSignal));
    }
    throw err;
  }
  const result = parseProbeOutput(JSON.parse(stdout));
  if (result.durationSec > 0) return result;
  // Counting packets reads the whole file: its deadline grows with the size.
  const scan = { ...run, timeoutMs: options.timeoutMs ?? mediaDeadlineMs({ kind: 'scan', bytes: info.size }, options.deadlines) };
  const packets = await runMediaProcess(ffprobe, buildPacketDurationArgs(path, result.videoStreamIndex), scan);
  const durationSec = parsePacketDuration(packets.stdout);
  if (!(durationSec > 0)) throw new NotAVideoError('no-duration');
  return { ...result, durationSec };
}

interface FfprobeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  level?: number;
  width?: number;
  height?: number;
  pix_fmt?: string;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  field_order?: string;
  channels?: number;
  bit_rate?: string;
  duration?: string;
  disposition?: Record<string, number>;
  tags?: Record<string, string>;
  side_data_list?: { side_data_type?: string; rotation?: number }[];
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string; bit_rate?: string };
}

/** ffprobe's JSON to a ProbeResult; durationSec is 0 when neither the container nor the streams state it. */
export function parseProbeOutput(output: unknown): ProbeResult {
  const { streams = [], format = {} } = (output ?? {}) as FfprobeOutput;
  const videos = streams.filter((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && (s.width ?? 0) > 0 && (s.height ?? 0) > 0);
  const video = videos.find((s) => s.disposition?.default) ?? videos[0];
  if (!video?.codec_name) throw new NotAVideoError('no-video');
  const audio = streams.find((s) => s.codec_type === 'audio' && s.codec_name) ?? null;
  const firstVideo = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const firstAudio = streams.find((s) => s.codec_type === 'audio');

  const rotation = readRotation(video);
  const sar = parseRatio(video.sample_aspect_ratio);
  let width = video.width ?? 0;
  const height = video.height ?? 0;
  if (sar > 0 && Math.abs(sar - 1) > 0.001) width = Math.round(width * sar);
  const turned = rotation === 90 || rotation === 270;

  const fps = parseRatio(video.avg_frame_rate) || parseRatio(video.r_frame_rate);
  const durations = [format.duration, video.duration, video.tags?.DURATION, audio?.duration]
    .map(parseSeconds)
    .filter((d) => d > 0);
  const bitRate = Number(format.bit_rate);
  return {
    durationSec: durations[0] ?? 0,
    width: turned ? height : width,
    height: turned ? width : height,
    videoCodec: video.codec_name,
    audioCodec: audio?.codec_name ?? null,
    fps: Math.round(fps * 1000) / 1000,
    bitRate: Number.isFinite(bitRate) && bitRate > 0 ? bitRate : null,
    formatName: format.format_name ?? '',
    rotation,
    pixFmt: video.pix_fmt ?? null,
    videoProfile: video.profile ?? null,
    videoLevel: typeof video.level === 'number' && video.level > 0 ? video.level : null,
    audioProfile: audio?.profile ?? null,
    audioChannels: audio?.channels ?? null,
    audioBitRate: Number(audio?.bit_rate) > 0 ? Number(audio?.bit_rate) : null,
    videoStreamIndex: video.index,
    audioStreamIndex: audio?.index ?? null,
    interlaced: ['tt', 'bb', 'tb', 'bt'].includes(video.field_order ?? ''),
    firstStreams: video.index === firstVideo?.index && (audio?.index ?? null) === (firstAudio?.index ?? null),
  };
}

/** The end of the last packet in `pts_time,duration_time` CSV lines. */
export function parsePacketDuration(csv: string): number {
  let end = 0;
  for (const line of csv.split('\n')) {
    const [pts, dur] = line.split(',').map(Number);
    if (Number.isFinite(pts)) end = Math.max(end, pts + (Number.isFinite(dur) ? dur : 0));
  }
  return Math.round(end * 1000) / 1000;
}

function readRotation(s: FfprobeStream): number {
  // The display matrix angle is counter-clockwise; the old `rotate` tag was clockwise.
  const matrix = s.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  const degrees = typeof matrix === 'number' ? -matrix : Number(s.tags?.rotate ?? 0);
  const quarter = Math.round((Number.isFinite(degrees) ? degrees : 0) / 90) * 90;
  return ((quarter % 360) + 360) % 360;
}

function parseRatio(value: string | undefined): number {
  if (!value) return 0;
  const [n, d = '1'] = value.split(/[:/]/);
  const r = Number(n) / Number(d);
  return Number.isFinite(r) && r > 0 ? r : 0;
}

function parseSeconds(value: string | undefined): number {
  if (!value || value === 'N/A') return 0;
  const hms = /^(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(value);
  const n = hms ? Number(hms[1]) * 3600 + Number(hms[2]) * 60 + Number(hms[3]) : Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/**
 * Arguments to list the video keyframe times from `fromSec` for `windowSec`, read without
 * decoding (ffprobe seeks to the keyframe before `fromSec` and prints packet flags).
 */
export function buildKeyframeArgs(inputPath: string, videoStreamIndex: number, fromSec: number, windowSec: number): string[] {
  return [
    ...probeSafety(),
    '-select_streams',
    String(videoStreamIndex),
    '-read_intervals',
    // An absolute end: a seek may land well before `fromSec` (a fragmented mp4's fragment start).
    `${fromSec.toFixed(3)}%${(fromSec + windowSec).toFixed(3)}`,
    '-show_entries',
    'packet=pts_time,dts_time,flags',
    '-of',
    'csv=p=0',
    `file:${inputPath}`,
  ];
}

export interface Keyframe {
  /** Presentation time. */
  pts: number;
  /** Decode time (earlier than pts when frames are reordered). */
  dts: number;
}

/** Keyframes by presentation time, from `pts_time,dts_time,flags` CSV lines. */
export function parseKeyframes(csv: string): Keyframe[] {
  const frames: Keyframe[] = [];
  for (const line of csv.split('\n')) {
    const [pts, dts, flags] = line.trim().split(',');
    const p = Number(pts);
    const d = dts === 'N/A' ? p : Number(dts);
    if (flags?.startsWith('K') && pts !== 'N/A' && Number.isFinite(p) && Number.isFinite(d)) frames.push({ pts: p, dts: d });
  }
  return frames.sort((a, b) => a.pts - b.pts);
}

/** Keyframes in [fromSec, fromSec + windowSec] (from the one before, where the seek lands). */
export async function keyframesFrom(inputPath: string, videoStreamIndex: number, fromSec: number, windowSec: number, options: ProbeOptions = {}): Promise<Keyframe[]> {
  const run = { timeoutMs: options.timeoutMs ?? mediaDeadlineMs({ kind: 'probe' }, options.deadlines), signal: options.signal, collectStdout: true };
  const { stdout } = await runMediaProcess(resolveFfprobePath(options.ffprobePath), buildKeyframeArgs(resolve(inputPath), videoStreamIndex, fromSec, windowSec), run);
  return parseKeyframes(stdout);
}
