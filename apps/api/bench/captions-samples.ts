import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveFfmpegPath } from '../src/media/binaries.ts';
import { runMediaProcess } from '../src/media/runner.ts';
import { makeSpeechClip, SPEECH_TEXT } from '../test/support/speech.ts';

/*
 * The speech `pnpm bench:captions` transcribes, each with the words said in it:
 * - espeak-ng: the tests' three sentences, synthetic (test/support/speech.ts);
 * - human: a real voice, five sentences of Jane Austen's "Sense and Sensibility" read for
 *   LibriVox (public domain), as Debian's pocketsphinx-testdata ships them with their transcript
 *   (/usr/share/pocketsphinx/test/data/librivox), joined with a second of silence between them
 *   and encoded like an upload (AAC under a black H.264 picture in an mp4: the probe wants a video).
 */

export interface SpeechSample {
  name: string;
  file: string;
  reference: string;
  about: string;
}

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const CACHE_DIR = join(tmpdir(), 'reelbase-bench-captions-v1');

export async function espeakSample(): Promise<SpeechSample> {
  return { name: 'espeak-ng', file: await makeSpeechClip(), reference: SPEECH_TEXT, about: 'synthetic, espeak-ng en-us+f2 at 110 words a minute, AAC in an mp4 as uploaded' };
}

/** The LibriVox sample, or null when pocketsphinx-testdata is not installed (apt-get install pocketsphinx-testdata). */
export async function humanSample(): Promise<SpeechSample | null> {
  if (!existsSync(join(LIBRIVOX, 'transcription'))) return null;
  const ids = (await readFile(join(LIBRIVOX, 'fileids'), 'utf8')).split('\n').filter(Boolean);
  const lines = (await readFile(join(LIBRIVOX, 'transcription'), 'utf8')).split('\n');
  // Lines read `<s> words </s> (file id)`.
  const reference = ids.map((id) => lines.find((l) => l.endsWith(`(${id})`))?.replace(/<\/?s>|\(.*\)$/g, '').trim() ?? '').join(' ');
  const file = join(CACHE_DIR, 'librivox.mp4');
  if (!existsSync(file)) {
    await mkdir(CACHE_DIR, { recursive: true });
    const part = `${file}.${process.pid}.part.mp4`;
    const inputs = ids.flatMap((id) => ['-i', join(LIBRIVOX, `${id}.wav`)]);
    const chain = ids.map((_, i) => `[${i}:a]${i < ids.length - 1 ? 'apad=pad_dur=1' : 'anull'}[a${i}]`).join(';');
    const joined = `${chain};${ids.map((_, i) => `[a${i}]`).join('')}concat=n=${ids.length}:v=0:a=1[out]`;
    await runMediaProcess(
      resolveFfmpegPath(process.env.FFMPEG_PATH),
      [
        ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', ...inputs, '-f', 'lavfi', '-i', 'color=c=black:s=160x120:r=10'],
        ...['-filter_complex', joined, '-map', `${ids.length}:v`, '-map', '[out]', '-shortest'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k', '-f', 'mp4', part],
      ],
      { timeoutMs: 60_000, niceness: 0, cwd: CACHE_DIR, readOnlyPaths: [LIBRIVOX] },
    );
    await rename(part, file).catch(async (err) => {
      await rm(part, { force: true });
      throw err;
    });
  }
  return { name: 'human', file, reference, about: 'a person reading "Sense and Sensibility" for LibriVox, from Debian\'s pocketsphinx-testdata, AAC in an mp4 as uploaded' };
}
