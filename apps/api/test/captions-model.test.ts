import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { captionEngine, captionEngineSettings } from '../src/captions-engine.ts';
import { loadConfig } from '../src/config.ts';
import { transcribeSpeech } from '../src/media/pipelines/text.ts';
import { probe } from '../src/media/probe.ts';
import { installedWhisperModel, installWhisperModel, ModelInstallError, WHISPER_MARKER, WHISPER_MODELS } from '../src/media/whisper-models.ts';
import { makeSpeechClip } from './support/speech.ts';

/*
 * `pnpm captions:model <name>` against a stand-in for whisper.cpp's model host (a local HTTP
 * server, CAPTIONS_MODEL_BASE_URL pointing at it): a file whose SHA-1 is not whisper.cpp's is
 * refused and removed, a good one is installed and marked, an unknown name is refused with the
 * list; with a model installed, whisper is the engine unless CAPTIONS_ENGINE names another.
 */

const run = promisify(execFile);
const COMMAND = join(import.meta.dirname, '../src/media/whisper-model-command.ts');
/** Stand-in model bytes (3 MiB, so the download takes several chunks). */
const BYTES = randomBytes(3 * 2 ** 20);
const BYTES_SHA1 = createHash('sha1').update(BYTES).digest('hex');

let server: Server;
let base: string;
let work: string;
const asked: string[] = [];
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'reelbase-captions-model-'));
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    if (req.url?.startsWith('/ggml-')) res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': BYTES.length }).end(BYTES);
    else res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((ok) => server.close(ok));
  await rm(work, { recursive: true, force: true });
});

const { CAPTIONS_ENGINE: _, ...withoutEngine } = process.env;

/** The command as an operator runs it (apps/api's `captions:model`), its exit code and output. */
async function command(name: string | undefined, dir: string, baseUrl = base) {
  try {
    const { stdout, stderr } = await run(process.execPath, name === undefined ? [COMMAND] : [COMMAND, name], {
      env: { ...withoutEngine, CAPTIONS_MODEL_DIR: dir, CAPTIONS_MODEL_BASE_URL: baseUrl },
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

test("a download whose SHA-1 is not whisper.cpp's is refused, and nothing of it is left", async () => {
  const dir = join(work, 'mismatch');
  const res = await command('tiny.en', dir);
  expect(res.code).toBe(1);
  expect(res.out).toContain(`checksum mismatch for ggml-tiny.en.bin: SHA-1 ${BYTES_SHA1}, expected ${WHISPER_MODELS['tiny.en'].sha1}`);
  expect(asked).toContain('/ggml-tiny.en.bin');
  expect(await readdir(dir)).toEqual([]);
  expect(installedWhisperModel(dir)).toBeNull();
});

test('an unknown name is refused with the list of models, and nothing is fetched', async () => {
  const before = asked.length;
  const res = await command('huge.en', join(work, 'unknown'));
  expect(res.code).toBe(1);
  expect(res.out).toContain('unknown model "huge.en"');
  for (const name of ['tiny', 'tiny.en', 'base', 'base.en', 'small', 'small.en']) expect(res.out).toContain(`  ${name} `);
  expect(asked.length).toBe(before);
  const usage = await command(undefined, join(work, 'unknown'));
  expect(usage.code).toBe(1);
  expect(usage.out).toContain('usage: pnpm captions:model <name>');
});

test('a host that answers 404, or none at all, is refused with what happened', async () => {
  const dir = join(work, 'missing');
  await expect(installWhisperModel({ name: 'base', dir, baseUrl: `${base}/nothing-here` })).rejects.toThrow(/answered 404/);
  const res = await command('base', dir, 'http://127.0.0.1:9');
  expect(res.code).toBe(1);
  expect(res.out).toContain('cannot reach http://127.0.0.1:9/ggml-base.bin');
  expect(await readdir(dir)).toEqual([]);
});

test('a good download is installed and marked, and makes whisper the engine unless CAPTIONS_ENGINE names another', async () => {
  const dir = join(work, 'good');
  const models = { 'stand-in.en': { sha1: BYTES_SHA1, mib: 3 } };
  const done = await installWhisperModel({ name: 'stand-in.en', dir, baseUrl: base, models });
  expect(done).toEqual({ path: join(dir, 'ggml-stand-in.en.bin'), bytes: BYTES.length, sha1: BYTES_SHA1 });
  expect((await readFile(done.path)).equals(BYTES)).toBe(true);
  expect(JSON.parse(await readFile(join(dir, WHISPER_MARKER), 'utf8'))).toEqual({ name: 'stand-in.en', file: 'ggml-stand-in.en.bin', sha1: BYTES_SHA1 });
  expect((await readdir(dir)).sort()).toEqual(['ggml-stand-in.en.bin', WHISPER_MARKER]);
  expect(installedWhisperModel(dir)).toBe(done.path);

  const settings = { CAPTIONS_WHISPER_MODEL: '', CAPTIONS_POCKETSPHINX_MODEL: '/usr/share/pocketsphinx/model/en-us', CAPTIONS_MODEL_DIR: dir };
  expect(captionEngineSettings(settings, () => true)).toMatchObject({ engine: 'whisper', whisperModel: done.path });
  expect(captionEngineSettings({ ...settings, CAPTIONS_ENGINE: 'pocketsphinx' }, () => true)).toMatchObject({ engine: 'pocketsphinx' });
  // Without the optional binding the model cannot run: pocketsphinx, saying why.
  expect(captionEngineSettings(settings, () => false)).toMatchObject({ engine: 'pocketsphinx', reason: expect.stringContaining('@fugood/whisper.node is not installed') });
  // A named model file that is not there: pocketsphinx, saying so (CAPTIONS_ENGINE=whisper would be refused instead).
  expect(captionEngineSettings({ ...settings, CAPTIONS_WHISPER_MODEL: join(dir, 'gone.bin') }, () => true)).toMatchObject({ engine: 'pocketsphinx', reason: expect.stringContaining('does not exist') });
  // No model: pocketsphinx, as before.
  expect(captionEngineSettings({ ...settings, CAPTIONS_MODEL_DIR: join(work, 'mismatch') }, () => true)).toMatchObject({ engine: 'pocketsphinx' });
  await expect(installWhisperModel({ name: 'nope', dir, models })).rejects.toThrow(ModelInstallError);
});

test('with nothing set but a model installed in DATA_DIR/models, the API and workers run whisper.cpp on it', async () => {
  const dataDir = join(work, 'data');
  await mkdir(join(dataDir, 'models'), { recursive: true });
  // As the command leaves it, with a file that is not a real model (none can be downloaded here).
  await writeFile(join(dataDir, 'models', 'ggml-base.en.bin'), Buffer.alloc(4096, 7));
  await writeFile(join(dataDir, 'models', WHISPER_MARKER), JSON.stringify({ name: 'base.en', file: 'ggml-base.en.bin', sha1: WHISPER_MODELS['base.en'].sha1 }));
  const { CAPTIONS_WHISPER_MODEL: _m, CAPTIONS_MODEL_DIR: _d, ...env } = withoutEngine;
  const lines: string[] = [];
  const engine = captionEngine(loadConfig({ ...env, DATA_DIR: dataDir }), (l) => lines.push(l));
  expect(lines).toEqual([]);
  expect(engine?.name).toBe('whisper');
  expect(engine?.supports('en-US')).toBe(true);
  expect(engine?.supports('de')).toBe(false);
  // It is whisper.cpp that reads the installed file: it refuses these bytes as no model.
  const clip = await makeSpeechClip();
  await expect(transcribeSpeech(clip, join(work, 'run'), await probe(clip), engine!, 'en-US', { timeoutMs: 120_000 })).rejects.toThrow(/invalid model data \(bad magic\)/);
  // Named explicitly, pocketsphinx stays the engine.
  expect(captionEngine(loadConfig({ ...env, DATA_DIR: dataDir, CAPTIONS_ENGINE: 'pocketsphinx' }), (l) => lines.push(l))?.name).toBe('pocketsphinx');
}, 120_000);
