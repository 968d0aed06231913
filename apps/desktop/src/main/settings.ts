import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface Settings {
  /** Chosen at first start and kept; null until then. */
  apiBaseUrl: string | null;
  updateFeedUrl: string | null;
}

/** Proposed at first start: REELBASE_API_URL when set, else a Reelbase on this computer. */
export const defaultApiBaseUrl = (env: NodeJS.ProcessEnv = process.env) => env.REELBASE_API_URL || 'http://localhost:3000';

/** An http(s) origin, or a RangeError in words the first-start screen can show. */
export function normalizeApiUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new RangeError('Enter the address of your Reelbase server, e.g. https://videos.example.com');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RangeError('The address must start with https:// or http://');
  return url.origin;
}

/**
 * The update feed, only over https: what it serves is installed and run, so a feed anyone on the
 * network path could answer is refused (a RangeError). Empty: no feed.
 */
export function httpsFeedUrl(input: string | null | undefined): string | null {
  if (!input) return null;
  let url: URL | null = null;
  try {
    url = new URL(input);
  } catch {}
  if (url?.protocol !== 'https:') throw new RangeError(`The update feed must be an https:// address; ${JSON.stringify(input)} is not used.`);
  return url.href;
}

/** The app's settings as a JSON file in its user-data folder (a user may edit it while the app is closed). */
export function settingsFile(file: string, env: NodeJS.ProcessEnv = process.env, warn: (message: string) => void = console.warn) {
  const feed = (input: string | null | undefined) => {
    try {
      return httpsFeedUrl(input);
    } catch (err) {
      warn((err as Error).message);
      return null;
    }
  };
  const read = async (): Promise<Partial<Settings>> => {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as Partial<Settings>;
    } catch {
      return {};
    }
  };
  return {
    async load(): Promise<Settings> {
      const saved = await read();
      return { apiBaseUrl: saved.apiBaseUrl ?? null, updateFeedUrl: feed(saved.updateFeedUrl ?? env.REELBASE_UPDATE_URL) };
    },
    async save(s: Settings): Promise<void> {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(`${file}.tmp`, JSON.stringify(s, null, 2));
      await rename(`${file}.tmp`, file);
    },
  };
}
export type SettingsFile = ReturnType<typeof settingsFile>;
