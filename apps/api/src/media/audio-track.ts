import { mkdir, readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { resolveFfmpegPath, resolveFfprobePath } from './binaries.ts';
import { globalArgs, inputArgs, STRIP_METADATA, seconds } from './commands/args.ts';
import { hlsOutputArgs } from './commands/hls.ts';
import { UPLOAD_INPUT_FORMATS } from './constants.ts';
import { mediaDeadlineMs } from './deadlines.ts';
import { type PipelineOptions, runDeadlineMs } from './pipelines/run.ts';
import { FILE_FAULT_SIGNALS, type ProbeOptions } from './probe.ts';
import { MediaProcessError, MediaTimeoutError, runFfmpeg, runMediaProcess } from './runner.ts';

/*
 * Extra audio tracks (issue 37 item 2), as pure ffmpeg steps: the upload's first audio stream
 * encoded once to AAC-LC, then packaged (copied, never encoded again) as an fMP4 HLS audio
 * rendition; and the "demuxed set" of a video version: each rung's picture without its audio, and
 * the video's own audio as a rendition of its own. hls.js cannot switch from audio muxed in fMP4
 * variants to an alternate rendition (it appends both to one SourceBuffer), so a master with audio
 * tracks lists video-only variants and every audio, the original included, as AUDIO renditions.
 */

/** Containers an audio track may come in: those of video uploads, and plain audio files. */
export const AUDIO_INPUT_FORMATS: readonly string[] = [...UPLOAD_INPUT_FORMATS, 'mp3', 'wav', 'aac', 'flac', 'w64'];
export const AUDIO_TRACK_BITRATE = '128k';
/** The files of one packaged rendition (an fMP4 single file its playlist lists as byte ranges). */
export const RENDITION_PLAYLIST = 'index.m3u8';
export const RENDITION_MEDIA = 'media.mp4';

export type NotAudioReason = 'unreadable' | 'no-audio';
/** The file is no audio we can use: a user error (422). */
export class NotAudioError extends Error {
  readonly reason: NotAudioReason;
  constructor(reason: NotAudioReason) {
    super(reason === 'no-audio' ? 'The file has no audio stream' : 'The file is not an audio or video format we can read');
    this.name = 'NotAudioError';
    this.reason = reason;
  }
}

/** ffprobe of an upload: headers only, local file, allow-listed containers. */
export function buildAudioProbeArgs(path: string): string[] {
  return ['-hide_banner', '-v', 'error', '-protocol_whitelist', 'file', '-format_whitelist', AUDIO_INPUT_FORMATS.join(','), '-print_format', 'json', '-show_format', '-show_streams', `file:${path}`];
}

/** The length of the first audio stream (else the container's), from ffprobe's JSON; null without audio. */
export function parseAudioProbe(output: unknown): { durationSec: number } | null {
  const { streams = [], format = {} } = (output ?? {}) as { streams?: { codec_type?: string; duration?: string }[]; format?: { duration?: string } };
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!audio) return null;
  const durationSec = [audio.duration, format.duration].map(Number).find((d) => Number.isFinite(d) && d > 0) ?? 0;
  return { durationSec };
}

/** Reads an uploaded audio or video file's audio length; NotAudioError for anything without usable audio. */
export async function probeAudio(path: string, options: ProbeOptions = {}): Promise<{ durationSec: number }> {
  let stdout: string;
  try {
    ({ stdout } = await runMediaProcess(resolveFfprobePath(options.ffprobePath), buildAudioProbeArgs(resolve(path)), {
      timeoutMs: options.timeoutMs ?? mediaDeadlineMs({ kind: 'probe' }, options.deadlines),
      signal: options.signal,
      collectStdout: true,
    }));
  } catch (err) {
    if (err instanceof MediaProcessError && !(err instanceof MediaTimeoutError) && (err.exitCode === 1 || FILE_FAULT_SIGNALS.includes(err.exitSignal ?? ''))) throw new NotAudioError('unreadable');
    throw err;
  }
  const info = parseAudioProbe(JSON.parse(stdout));
  if (!info) throw new NotAudioError('no-audio');
  if (!(info.durationSec > 0)) throw new NotAudioError('unreadable');
  return info;
}

/** Whether a track of `trackSec` fits a video of `videoSec` (within `toleranceSec`). */
export const durationFits = (trackSec: number, videoSec: number, toleranceSec: number) => Math.abs(trackSec - videoSec) <= toleranceSec;

/** A stretch of the input, in seconds: a trim's kept range. */
export interface AudioRange {
  startSec: number;
  endSec: number;
}

/**
 * The one encode: the first audio stream to AAC-LC stereo 48 kHz in an .m4a (no picture, no
 * metadata); with `range`, only that stretch (decoded from its start, so the cut is exact).
 */
export function buildAudioTrackEncodeArgs(o: { input: string; output: string; range?: AudioRange }): string[] {
  return [
    ...globalArgs(),
    ...inputArgs(o.input, { formats: AUDIO_INPUT_FORMATS, ...(o.range && { seekSec: o.range.startSec }) }),
    ...(o.range ? ['-t', seconds(o.range.endSec - o.range.startSec)] : []),
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-dn',
    ...STRIP_METADATA,
    '-c:a',
    'aac',
    '-b:a',
    AUDIO_TRACK_BITRATE,
    '-ac',
    '2',
    '-ar',
    '48000',
    '-f',
    'ipod',
    o.output,
  ];
}

/**
 * One stream of an fMP4 file copied into an fMP4 HLS rendition (a single file and its byte-range
 * playlist), cut like the ladder's rungs (a segment per HLS_SEGMENT_SECONDS, at keyframes).
 */
export function buildRenditionCopyArgs(o: { input: string; stream: 'audio' | 'video'; playlist: string; media: string }): string[] {
  return [
    ...globalArgs(),
    ...inputArgs(o.input, { formats: ['mov'] }),
    '-map',
    o.stream === 'audio' ? '0:a:0' : '0:v:0',
    '-c',
    'copy',
    ...STRIP_METADATA,
    ...hlsOutputArgs({ playlist: o.playlist, singleFile: o.media }),
  ];
}

async function run(args: string[], cwd: string, durationSec: number, options: PipelineOptions, kind: 'encode' | 'copy') {
  await runFfmpeg(resolveFfmpegPath(options.ffmpegPath), args, {
    cwd,
    // A copy reads the file once; an encode of audio alone is far quicker than a video's.
    timeoutMs: runDeadlineMs(options, { kind: 'encode', durationSec: kind === 'copy' ? durationSec / 4 : durationSec }),
    signal: options.signal,
    durationSec,
  });
}

/** Encodes `input`'s audio (or its `range`) once to AAC and packages it in `outDir` (index.m3u8 + media.mp4). */
export async function makeAudioTrackRendition(input: string, outDir: string, durationSec: number, options: PipelineOptions, range?: AudioRange): Promise<void> {
  const out = resolve(outDir);
  await mkdir(out, { recursive: true });
  await run(buildAudioTrackEncodeArgs({ input: resolve(input), output: 'encoded.m4a', range }), out, durationSec, options, 'encode');
  await run(buildRenditionCopyArgs({ input: join(out, 'encoded.m4a'), stream: 'audio', playlist: RENDITION_PLAYLIST, media: RENDITION_MEDIA }), out, durationSec, options, 'copy');
}

/** One stream of a rung's fMP4 file as a rendition in `outDir` (index.m3u8 + media.mp4). */
export async function copyRendition(input: string, stream: 'audio' | 'video', outDir: string, durationSec: number, options: PipelineOptions): Promise<void> {
  const out = resolve(outDir);
  await mkdir(out, { recursive: true });
  await run(buildRenditionCopyArgs({ input: resolve(input), stream, playlist: RENDITION_PLAYLIST, media: RENDITION_MEDIA }), out, durationSec, options, 'copy');
}

/** The files of a packaged rendition folder, the playlist last (what lists the media comes after it). */
export async function renditionFiles(dir: string): Promise<{ name: string; bytes: number }[]> {
  const names = (await readdir(dir)).filter((n) => n === RENDITION_PLAYLIST || n === RENDITION_MEDIA).sort((a) => (a === RENDITION_PLAYLIST ? 1 : -1));
  return Promise.all(names.map(async (name) => ({ name, bytes: (await stat(join(dir, name))).size })));
}

/** The single media file a rung's playlist lists (its EXT-X-MAP URI), null for a playlist of many segments. */
export function singleFileOf(playlist: string): string | null {
  const uris = new Set(playlist.split('\n').filter((l) => l && !l.startsWith('#')));
  const map = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1];
  if (!map || uris.size !== 1 || !uris.has(map)) return null;
  return map;
}
