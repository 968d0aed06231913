import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from './storage.ts';

const KEY_RE = /^[a-zA-Z0-9][a-zA-Z0-9._/-]*$/;

/** Local-disk storage under DATA_DIR/media; writes land in a temp file and are renamed in whole. */
export function localStorage(root: string, publicBase: string): Storage {
  const pathOf = (key: string) => {
    const p = normalize(join(root, key));
    if (!KEY_RE.test(key) || key.includes('..') || !p.startsWith(root + sep)) throw new Error(`invalid storage key: ${key}`);
    return p;
  };
  const tmpOf = (p: string) => `${p}.${crypto.randomUUID()}.part`;
  const info = async (p: string) => {
    const s = await stat(p);
    return { size: s.size, mtime: s.mtime };
  };

  return {
    async put(key, data) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      const tmp = tmpOf(p);
      try {
        if (Buffer.isBuffer(data)) await writeFile(tmp, data);
        else await pipeline(data, createWriteStream(tmp));
        await rename(tmp, p);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      return info(p);
    },
    async putFile(key, path) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      try {
        await rename(path, p);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        const tmp = tmpOf(p);
        await copyFile(path, tmp);
        await rename(tmp, p);
        await unlink(path);
      }
      return info(p);
    },
    async stat(key) {
      return info(pathOf(key)).catch(() => null);
    },
    stream(key, range) {
      return createReadStream(pathOf(key), range);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      // A job may still be writing into the folder; retries absorb the ENOTEMPTY race.
      await rm(pathOf(prefix), { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    },
    url: (key) => `${publicBase}/media/${key}`,
    localPath: pathOf,
  };
}
