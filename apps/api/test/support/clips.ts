import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveFfmpegPath } from '../../src/media/binaries.ts';
import { runMediaProcess } from '../../src/media/runner.ts';

/*
 * Tiny generated media for tests: ffmpeg's test pattern and a sine tone. Clips are cached by
 * their options in one folder under the system temp dir (written under a temporary name and
 * renamed, so parallel test files can ask for the same clip), which keeps suites fast.
 */

export type ClipCodec = 'h264' | 'mpeg4' | 'vp9' | 'hevc';
export type ClipAudio = 'aac' | 'mp3' | 'opus' | 'pcm';

export interface ClipOptions {
  codec?: ClipCodec;
  width?: number;
  height?: number;
  seconds?: number;
  fps?: number;
  /** true: the container's usual codec (AAC, Opus for WebM). */
  audio?: boolean | ClipAudio;
  /** H.264 only: yuv444p makes a High 4:4:4 stream browsers cannot decode. */
  pixFmt?: 'yuv420p' | 'yuv444p';
  /** Rotation metadata (clockwise degrees) on an mp4. */
  rotate?: 0 | 90 | 180 | 270;
  /** Keyframe interval in frames (x264's default is 250). */
  gop?: number;
  /** H.264 only: a target bit rate instead of x264's default quality. */
  videoKbps?: number;
  /** mp4 unless set (WebM for VP9). */
  container?: ClipContainer;
}

export type ClipContainer = 'mp4' | 'mkv' | 'ts' | 'webm';
const MUXERS: Record<ClipContainer, string> = { mp4: 'mp4', mkv: 'matroska', ts: 'mpegts', webm: 'webm' };

const CACHE_VERSION = 'v2';
const CACHE_DIR = join(tmpdir(), `reelbase-test-clips-${CACHE_VERSION}`);

function ffmpeg() {
  return resolveFfmpegPath(process.env.FFMPEG_PATH);
}

async function exists(path: string) {
  return stat(path).then(
    (s) => s.size > 0,
    () => false,
  );
}

/** Generates (once) and returns the path of a clip with these properties. */
export async function makeClip(options: ClipOptions = {}): Promise<string> {
  const o = { codec: 'h264' as ClipCodec, width: 320, height: 240, seconds: 2, fps: 30, audio: true as boolean | ClipAudio, pixFmt: 'yuv420p', rotate: 0, gop: 0, videoKbps: 0, ...options };
  const container: ClipContainer = o.container ?? (o.codec === 'vp9' ? 'webm' : 'mp4');
  const audio: ClipAudio | null = o.audio === false ? null : o.audio === true ? (container === 'webm' ? 'opus' : 'aac') : o.audio;
  const key = [o.codec, `${o.width}x${o.height}`, `${o.seconds}s`, `${o.fps}fps`, audio ?? 'silent', o.pixFmt, `r${o.rotate}`, `g${o.gop}`, ...(o.videoKbps ? [`${o.videoKbps}k`] : []), container].join('-');
  const path = join(CACHE_DIR, `${key}.${container}`);
  if (await exists(path)) return path;

  const video: Record<ClipCodec, string[]> = {
    h264: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', o.pixFmt, ...(o.gop ? ['-g', String(o.gop)] : []), ...(o.videoKbps ? ['-b:v', `${o.videoKbps}k`] : [])],
    mpeg4: ['-c:v', 'mpeg4', '-q:v', '5', '-pix_fmt', 'yuv420p'],
    vp9: ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k', '-pix_fmt', 'yuv420p'],
    hevc: ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p'],
  };
  const audioArgs: Record<ClipAudio, string[]> = {
    aac: ['-c:a', 'aac', '-b:a', '64k'],
    mp3: ['-c:a', 'libmp3lame', '-b:a', '64k'],
    opus: ['-c:a', 'libopus', '-b:a', '48k'],
    // Not storable in mp4 (Matroska holds it): a stream copy into mp4 fails.
    pcm: ['-c:a', 'pcm_s16le'],
  };
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${o.width}x${o.height}:rate=${o.fps}:duration=${o.seconds}`,
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${o.seconds}`] : []),
    ...video[o.codec],
    ...(audio ? audioArgs[audio] : []),
    '-t',
    String(o.seconds),
    '-f',
    MUXERS[container],
  ];
  if (!o.rotate) return generate(path, args);
  // The 2018 ffmpeg writes the rotation matrix only when copying streams, and writes the tag
  // `rotate=x` as a matrix that every reader (itself included) reads back as 360 - x.
  const unrotated = await makeClip({ ...options, rotate: 0 });
  const tag = String((360 - o.rotate) % 360);
  return generate(path, ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-i', unrotated, '-c', 'copy', '-metadata:s:v:0', `rotate=${tag}`, '-f', MUXERS[container]]);
}

/** A file that is not media at all. */
export async function makeNonVideo(): Promise<string> {
  await mkdir(CACHE_DIR, { recursive: true });
  const path = join(CACHE_DIR, 'not-a-video.txt');
  await writeFile(path, 'This is a plain text file, not a video.\n'.repeat(50));
  return path;
}

/** An audio-only file (AAC in mp4), which is media but not a video. */
export async function makeAudioOnly(seconds = 2): Promise<string> {
  const path = join(CACHE_DIR, `audio-only-${seconds}s.m4a`);
  if (await exists(path)) return path;
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:a', 'aac', '-f', 'mp4'];
  return generate(path, args);
}

async function generate(path: string, args: string[]): Promise<string> {
  await mkdir(CACHE_DIR, { recursive: true });
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
  try {
    await runMediaProcess(ffmpeg(), [...args, temp], { timeoutMs: 120_000, niceness: 0 });
    await rename(temp, path);
  } finally {
    await rm(temp, { force: true });
  }
  return path;
}
