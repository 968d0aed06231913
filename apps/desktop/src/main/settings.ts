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

/** The app's settings as a JSON file in its user-data folder. */
export function settingsFile(file: string, env: NodeJS.ProcessEnv = process.env) {
  const fallback = (): Settings => ({ apiBaseUrl: null, updateFeedUrl: env.REELBASE_UPDATE_URL || null });
  return {
    async load(): Promise<Settings> {
      try {
        return { ...fallback(), ...(JSON.parse(await readFile(file, 'utf8')) as Partial<Settings>) };
      } catch {
        return fallback();
      }
    },
    async save(s: Settings): Promise<void> {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(`${file}.tmp`, JSON.stringify(s, null, 2));
      await rename(`${file}.tmp`, file);
    },
  };
}
export type SettingsFile = ReturnType<typeof settingsFile>;
