import { CAPTION_GENERATE_MESSAGES } from '@reelbase/api-client';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { transcribeSpeech } from '../src/media/pipelines/text.ts';
import { probe } from '../src/media/probe.ts';
import { runMediaProcess } from '../src/media/runner.ts';
import { transcriptionEngine, whisperEngine } from '../src/media/transcription.ts';
import { normalizeWords } from '../src/media/transcript.ts';
import { makeSpeechClip, SPEECH_TEXT } from './support/speech.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';
import { uploadReady } from './support/trim.ts';

/*
 * The whisper.cpp engine (CAPTIONS_ENGINE=whisper): the npm binding @fugood/whisper.node run by a
 * node child in the media box, with the ggml model CAPTIONS_WHISPER_MODEL names.
 * No ggml model is on the npm registry (the package `sttttsmodels` only holds a script that
 * downloads one from GitHub at install), so the transcription itself runs only when
 * CAPTIONS_WHISPER_TEST_MODEL names a model file on this machine (e.g. ggml-base.en.bin);
 * what runs everywhere: the refusal of a missing model, and the binding loading in the box.
 */

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'reelbase-whisper-test-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

test('whisper named without its model file is refused with a log line saying which file, and generating captions answers 503', async () => {
  const missing = join(work, 'ggml-base.en.bin');
  const lines: string[] = [];
  expect(transcriptionEngine({ engine: 'whisper', whisperModel: missing }, (l) => lines.push(l))).toBeNull();
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain('CAPTIONS_ENGINE=whisper refused');
  expect(lines[0]).toContain(missing);
  lines.length = 0;
  expect(transcriptionEngine({ engine: 'whisper' }, (l) => lines.push(l))).toBeNull();
  expect(lines[0]).toContain('CAPTIONS_WHISPER_MODEL=""');

  const s: TestServer = await startTestServer({ CAPTIONS_ENGINE: 'whisper', CAPTIONS_WHISPER_MODEL: missing });
  try {
    const owner = await signUpAndLogin(s);
    const video = await uploadReady(s, owner.accessToken, await makeSpeechClip(), 'Whisper off');
    const res = await s.api('POST', `/api/videos/${video.id}/captions/generate`, { token: owner.accessToken, body: { language: 'en-US' } });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: CAPTION_GENERATE_MESSAGES.noEngine });
  } finally {
    await s.stop();
  }
}, 300_000);

test('the binding runs in the media box: a file that is not a ggml model fails the run with whisper.cpp saying so', async () => {
  const bogus = join(work, 'ggml-bogus.bin');
  await writeFile(bogus, Buffer.alloc(4096, 7));
  const engine = whisperEngine({ model: bogus });
  expect(engine.available()).toBe(true);
  const clip = await makeSpeechClip();
  const run = join(work, 'run');
  await expect(transcribeSpeech(clip, run, await probe(clip), engine, 'en-US', { timeoutMs: 120_000 })).rejects.toThrow(/invalid model data \(bad magic\)/);
  // The model was bound read-only and is unchanged.
  expect((await readFile(bogus)).equals(Buffer.alloc(4096, 7))).toBe(true);
}, 300_000);

test('a path the box binds read-only can be read but not written', async () => {
  const model = join(work, 'ro', 'model.bin');
  await mkdir(join(work, 'ro'));
  await writeFile(model, 'weights');
  const res = await runMediaProcess('/bin/sh', ['-c', 'cat "$0"; echo; echo changed >> "$0" && echo WROTE || echo REFUSED', model], {
    timeoutMs: 10_000,
    collectStdout: true,
    readOnlyPaths: [model],
  });
  expect(res.stdout).toContain('weights');
  expect(res.stdout).toContain('REFUSED');
  expect(await readFile(model, 'utf8')).toBe('weights');
});

const model = process.env.CAPTIONS_WHISPER_TEST_MODEL;
test.skipIf(!model)('with a ggml model, whisper transcribes the espeak-ng sample: nearly all the known words, timed in order', async () => {
  const engine = whisperEngine({ model: model as string });
  const clip = await makeSpeechClip();
  const cues = await transcribeSpeech(clip, join(work, 'speech'), await probe(clip), engine, 'en-US', { timeoutMs: 600_000 });
  const transcript = cues.map((c) => c.text).join(' ');
  const known = new Set(normalizeWords(SPEECH_TEXT).filter((w) => w.length >= 3));
  const heard = new Set(normalizeWords(transcript));
  // pocketsphinx finds about half of them (captions-generate.test.ts); whisper should find nearly all.
  expect([...known].filter((w) => heard.has(w)).length / known.size, transcript).toBeGreaterThanOrEqual(0.85);
  let last = 0;
  for (const c of cues) {
    expect(c.startSec).toBeGreaterThanOrEqual(last);
    expect(c.endSec).toBeGreaterThanOrEqual(c.startSec);
    last = c.startSec;
  }
}, 600_000);
