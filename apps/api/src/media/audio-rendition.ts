import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { resolveFfmpegPath } from './binaries.ts';
import { newRunId, tempPath } from './files.ts';
import { type PipelineOptions, runDeadlineMs } from './pipelines/run.ts';
import { probe } from './probe.ts';
import { runFfmpeg } from './runner.ts';

/** A podcast app's audio: AAC-LC stereo at a speech-and-music rate. */
export const AUDIO_RENDITION_BITRATE = '128k';
export const AUDIO_RENDITION_FILE = 'audio.m4a';

/**
 * ffmpeg's arguments for an audio-only .m4a of the first audio stream: `-vn` (and no subtitles or
 * data), the AAC copied as it is when the source's is AAC already (no second lossy pass), else
 * encoded; `+faststart` so a podcast app starts playing before the whole file arrives.
 */
export function buildAudioRenditionArgs(o: { input: string; output: string; copy: boolean }): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    o.input,
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    ...(o.copy ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', AUDIO_RENDITION_BITRATE, '-ac', '2']),
    '-movflags',
    '+faststart',
    '-f',
    'ipod',
    o.output,
  ];
}

export interface AudioRendition {
  /** The .m4a file in outDir. */
  file: string;
  bytes: number;
  durationSec: number;
  copied: boolean;
}

/**
 * The audio-only AAC rendition of a video file, written as audio.m4a in outDir; null when the file
 * has no audio stream (nothing to listen to).
 */
export async function makeAudioRendition(input: string, outDir: string, options: PipelineOptions & { ffprobePath?: string }): Promise<AudioRendition | null> {
  const out = resolve(outDir);
  await mkdir(out, { recursive: true });
  const info = await probe(resolve(input), { ffprobePath: options.ffprobePath, signal: options.signal, deadlines: options.deadlines });
  if (info.audioStreamIndex === null || !info.audioCodec) return null;
  const copied = info.audioCodec === 'aac';
  const temp = tempPath(AUDIO_RENDITION_FILE, newRunId());
  try {
    await runFfmpeg(resolveFfmpegPath(options.ffmpegPath), buildAudioRenditionArgs({ input: resolve(input), output: temp, copy: copied }), {
      cwd: out,
      // A copy reads the file once; an encode of audio alone is far quicker than a video's.
      timeoutMs: runDeadlineMs(options, { kind: 'encode', durationSec: info.durationSec }),
      signal: options.signal,
      durationSec: info.durationSec,
      onProgress: (f) => options.onProgress?.(f),
    });
    const file = join(out, AUDIO_RENDITION_FILE);
    await rename(join(out, temp), file);
    return { file, bytes: (await stat(file)).size, durationSec: info.durationSec, copied };
  } finally {
    await rm(join(out, temp), { force: true });
  }
}
