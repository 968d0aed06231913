import { randomBytes } from 'node:crypto';
import { readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * A fresh id for one run's temporary and segment names, so a retry never writes over a file in use.
 * 64 random bits: segment URLs are cached for a year by nginx or a CDN without asking the API, so
 * their names must not be guessable once the playlist that lists them is refused (blocked video).
 */
export function newRunId(): string {
  return randomBytes(8).toString('hex');
}

/** The temporary name of `path` for run `runId`, in the same folder so the final rename is atomic. */
export function tempPath(path: string, runId: string): string {
  return join(dirname(path), `.${basename(path)}.${runId}.tmp`);
}

const TEMP_NAME = /^\..+\.[0-9a-f]{16}\.tmp$/;

/** Whether a file name is one of our temporary names (left behind when a run was killed). */
export function isTempName(name: string): boolean {
  return TEMP_NAME.test(name);
}

/** Writes a text file so readers see the old content or the new, never a part. */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const temp = tempPath(path, newRunId());
  try {
    await writeFile(temp, text);
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/** Removes the files of `dir` that `keep` rejects; a missing folder is fine. */
export async function removeFilesExcept(dir: string, keep: (name: string) => boolean): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  await Promise.all(names.filter((n) => !keep(n)).map((n) => rm(join(dir, n), { force: true })));
}
