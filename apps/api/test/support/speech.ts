import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveFfmpegPath } from '../../src/media/binaries.ts';
import { runMediaProcess } from '../../src/media/runner.ts';

/*
 * Known English speech for the transcription tests and `pnpm bench:captions`: sentences spoken
 * by Debian's espeak-ng (installed by scripts/ensure-ffmpeg.mjs), muxed by ffmpeg under a test
 * pattern into an H.264/AAC mp4. Cached under the system temp dir like clips.ts.
 */

/** Everyday sentences, with a pause between them (a new cue each). */
export const SPEECH_SENTENCES = [
  'Please open the door and turn on the light.',
  'We will meet at the station in the morning.',
  'The children are playing in the garden.',
] as const;
export const SPEECH_TEXT = SPEECH_SENTENCES.join(' ');

/** espeak-ng's American English voice variant and rate (words per minute) the sample is spoken with. */
const VOICE = ['-v', 'en-us+f2', '-s', '110', '-g', '5'];
const CACHE_DIR = join(tmpdir(), 'reelbase-test-speech-v2');

const exists = (p: string) => stat(p).then(() => true, () => false);

/** The sample as an H.264/AAC mp4 (`silence` seconds of silence before the speech); its path. */
export async function makeSpeechClip(o: { silence?: number } = {}): Promise<string> {
  const silence = o.silence ?? 0;
  const path = join(CACHE_DIR, `speech-${silence}s.mp4`);
  if (await exists(path)) return path;
  await mkdir(CACHE_DIR, { recursive: true });
  const tag = `${process.pid}.${Math.random().toString(36).slice(2)}`;
  const wav = join(CACHE_DIR, `speech-${tag}.wav`);
  const temp = `${path}.${tag}.part`;
  try {
    // espeak-ng pauses at each paragraph; -g 5 adds 50 ms between words (measured: 48% WER with pocketsphinx, against 64% without).
    await runMediaProcess('/usr/bin/espeak-ng', [...VOICE, '-w', wav, SPEECH_SENTENCES.join('\n\n')], { timeoutMs: 60_000, niceness: 0, cwd: CACHE_DIR });
    const ffmpeg = resolveFfmpegPath(process.env.FFMPEG_PATH);
    await runMediaProcess(
      ffmpeg,
      [
        '-hide_banner', '-nostdin', '-y', '-loglevel', 'error',
        '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25',
        '-i', wav,
        '-filter_complex', `[1:a]adelay=${Math.round(silence * 1000)}:all=1,apad=pad_dur=0.5,aresample=48000[a]`,
        '-map', '0:v', '-map', '[a]', '-shortest',
        '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '25',
        '-c:a', 'aac', '-b:a', '64k',
        '-f', 'mp4', temp,
      ],
      { timeoutMs: 120_000, niceness: 0, cwd: CACHE_DIR },
    );
    await rename(temp, path);
  } finally {
    await rm(wav, { force: true });
    await rm(temp, { force: true });
  }
  return path;
}
