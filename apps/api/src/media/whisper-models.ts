import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/*
 * whisper.cpp's ggml models as `pnpm captions:model <name>` fetches them: the names, sizes and
 * SHA-1s whisper.cpp publishes, the download (streamed to disk, checked, then moved into place)
 * and the marker that names the installed model, which the API reads to make whisper its default
 * engine (captions-engine.ts).
 */

export interface WhisperModel {
  /** SHA-1 of the ggml file. */
  sha1: string;
  /** Its size in MiB, as whisper.cpp lists it. */
  mib: number;
}

/**
 * From whisper.cpp's models/README.md, "Available models" (github.com/ggml-org/whisper.cpp, commit
 * 41e789ee591d054769a2fa3ebd9f0a8bc6d6d5fa): the models download-ggml-model.sh fetches from
 * huggingface.co/ggerganov/whisper.cpp that the table gives a SHA for (the diarizing
 * `small.en-tdrz` lives elsewhere and is left out). `.en` models are English only.
 */
export const WHISPER_MODELS: Readonly<Record<string, WhisperModel>> = {
  tiny: { sha1: 'bd577a113a864445d4c299885e0cb97d4ba92b5f', mib: 75 },
  'tiny.en': { sha1: 'c78c86eb1a8faa21b369bcd33207cc90d64ae9df', mib: 75 },
  base: { sha1: '465707469ff3a37a2b9b8d8f89f2f99de7299dac', mib: 142 },
  'base.en': { sha1: '137c40403d78fd54d454da0f9bd998f78703390c', mib: 142 },
  small: { sha1: '55356645c2b361a969dfd0ef2c5a50d530afd8d5', mib: 466 },
  'small.en': { sha1: 'db8a495a91d927739e50b3fc1cc4c6b8f6c2d022', mib: 466 },
  medium: { sha1: 'fd9727b6e1217c2f614f9b698455c4ffd82463b4', mib: 1536 },
  'medium.en': { sha1: '8c30f0e44ce9560643ebd10bbe50cd20eafd3723', mib: 1536 },
  'large-v1': { sha1: 'b1caaf735c4cc1429223d5a74f0f4d0b9b59a299', mib: 2970 },
  'large-v2': { sha1: '0f4c8e34f21cf1a914c59d8b3ce882345ad349d6', mib: 2970 },
  'large-v2-q5_0': { sha1: '00e39f2196344e901b3a2bd5814807a769bd1630', mib: 1126 },
  'large-v3': { sha1: 'ad82bf6a9043ceed055076d0fd39f5f186ff8062', mib: 2970 },
  'large-v3-q5_0': { sha1: 'e6e2ed78495d403bef4b7cff42ef4aaadcfea8de', mib: 1126 },
  'large-v3-turbo': { sha1: '4af2b29d7ec73d781377bfd1758ca957a807e941', mib: 1536 },
  'large-v3-turbo-q5_0': { sha1: 'e050f7970618a659205450ad97eb95a18d69c9ee', mib: 547 },
};

/** Where whisper.cpp's download script fetches from: `<base>/ggml-<name>.bin`. */
export const WHISPER_MODEL_BASE_URL = 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main';

/** The file in the models folder naming the installed model (its file and checksum). */
export const WHISPER_MARKER = 'whisper.json';

export const modelFileName = (name: string) => `ggml-${name}.bin`;

export class ModelInstallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelInstallError';
  }
}

export interface InstallOptions {
  name: string;
  /** The models folder (created if missing). */
  dir: string;
  baseUrl?: string;
  /** The catalogue the name and checksum come from (tests give their own). */
  models?: Readonly<Record<string, WhisperModel>>;
  /** Called as bytes arrive (received, expected when the server says). */
  onProgress?: (received: number, total: number | null) => void;
  signal?: AbortSignal;
}

/**
 * Downloads `<baseUrl>/ggml-<name>.bin` into `dir` as a `.part` file while hashing it, refuses it
 * (removing the part) unless its SHA-1 is the catalogue's, then moves it into place and writes the
 * marker naming it. Throws ModelInstallError with the reason (an unknown name lists the known ones).
 */
export async function installWhisperModel(o: InstallOptions): Promise<{ path: string; bytes: number; sha1: string }> {
  const models = o.models ?? WHISPER_MODELS;
  const model = models[o.name];
  if (!model) throw new ModelInstallError(`unknown model ${JSON.stringify(o.name)}; known: ${Object.keys(models).join(', ')}`);
  const url = `${(o.baseUrl ?? WHISPER_MODEL_BASE_URL).replace(/\/$/, '')}/${modelFileName(o.name)}`;
  await mkdir(o.dir, { recursive: true });
  const path = join(o.dir, modelFileName(o.name));
  const part = `${path}.${process.pid}.part`;
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'follow', signal: o.signal });
  } catch (err) {
    throw new ModelInstallError(`cannot reach ${url}: ${(err as Error & { cause?: Error }).cause?.message ?? (err as Error).message}`);
  }
  if (!res.ok || !res.body) throw new ModelInstallError(`${url} answered ${res.status} ${res.statusText}`);
  const total = Number(res.headers.get('content-length')) || null;
  const hash = createHash('sha1');
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      o.onProgress?.(bytes, total);
      done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>), count, createWriteStream(part), { signal: o.signal });
    const sha1 = hash.digest('hex');
    if (sha1 !== model.sha1) throw new ModelInstallError(`checksum mismatch for ${modelFileName(o.name)}: SHA-1 ${sha1}, expected ${model.sha1}; the download was removed`);
    await rename(part, path);
    await writeFile(join(o.dir, WHISPER_MARKER), `${JSON.stringify({ name: o.name, file: modelFileName(o.name), sha1 }, null, 2)}\n`);
    return { path, bytes, sha1 };
  } catch (err) {
    await rm(part, { force: true });
    if (err instanceof ModelInstallError) throw err;
    throw new ModelInstallError(`download of ${url} failed: ${(err as Error).message}`);
  }
}

/** The model file the marker in `dir` names, when both are there; else null. */
export function installedWhisperModel(dir: string): string | null {
  try {
    const marker = JSON.parse(readFileSync(join(dir, WHISPER_MARKER), 'utf8')) as { file?: unknown };
    if (typeof marker.file !== 'string' || marker.file.includes('/')) return null;
    const path = join(dir, marker.file);
    return existsSync(path) ? path : null;
  } catch {
    return null;
  }
}
