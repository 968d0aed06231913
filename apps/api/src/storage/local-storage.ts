import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from './storage.ts';

const KEY_RE = /^[a-zA-Z0-9][a-zA-Z0-9._/-]*$/;

/** Local-disk storage under DATA_DIR/media; writes land in a temp file and are renamed in whole. */
export function localStorage(root: string, mediaBase: string): Storage {
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
    kind: 'local',
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
    async getFile(key, path) {
      await mkdir(dirname(path), { recursive: true });
      // Stored files are only ever replaced by rename, never changed in place, so a hard link
      // is a safe copy; across file systems it falls back to a real one.
      await link(pathOf(key), path).catch(() => copyFile(pathOf(key), path));
    },
    async copy(fromKey, toKey) {
      const to = pathOf(toKey);
      await mkdir(dirname(to), { recursive: true });
      // As in getFile: a hard link, since stored files are replaced by rename and never changed.
      await link(pathOf(fromKey), to).catch(() => copyFile(pathOf(fromKey), to));
      return info(to);
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
    async *list(prefix) {
      const dir = pathOf(prefix);
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        if (!e.isFile() || e.name.endsWith('.part')) continue;
        const p = join(e.parentPath, e.name);
        yield { key: relative(root, p).split(sep).join('/'), size: (await stat(p)).size };
      }
    },
    url: (key) => `${mediaBase}/media/${key}`,
  };
}
