import { RESUME_END_SHARE, RESUME_MAX_AGE_DAYS } from '@reelbase/api-client/viewer-constants';
import { readJson, writeJson } from './storage.ts';

/** Where a viewer was in a video, and when (ms since 1970). */
export interface ResumeEntry {
  t: number;
  at: number;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;

export const RESUME_KEY_PREFIX = 'rb-resume:';
const DAY_MS = 86_400_000;

/** Whether a position is in the video's last RESUME_END_SHARE (the viewer had finished it). */
export function nearEnd(position: number, duration: number): boolean {
  return Number.isFinite(duration) && duration > 0 && position >= duration * (1 - RESUME_END_SHARE);
}

/**
 * Where to start a returning viewer: the kept position when it is under RESUME_MAX_AGE_DAYS old and
 * not in the last RESUME_END_SHARE of the video; else null (from the start).
 */
export function resumePosition(entry: ResumeEntry | null, duration: number, now = Date.now()): number | null {
  if (!entry || !(entry.t > 0) || !Number.isFinite(entry.at)) return null;
  if (now - entry.at > RESUME_MAX_AGE_DAYS * DAY_MS) return null;
  if (nearEnd(entry.t, duration)) return null;
  return entry.t;
}

export function readResume(storage: Store, videoId: string): ResumeEntry | null {
  return readJson<ResumeEntry>(storage, RESUME_KEY_PREFIX + videoId);
}

/** Keeps the position, or forgets it at the end of the video (the next visit starts over). */
export function saveResume(storage: Store, videoId: string, position: number, duration: number, now = Date.now()): void {
  const done = nearEnd(position, duration) || !(position > 0);
  writeJson(storage, RESUME_KEY_PREFIX + videoId, done ? null : { t: Math.round(position * 10) / 10, at: now });
}

/** Forgets positions older than RESUME_MAX_AGE_DAYS, so storage does not grow with every video watched. */
export function pruneResume(storage: (Store & Pick<Storage, 'key' | 'length'>) | null, now = Date.now()): void {
  if (!storage) return;
  try {
    for (let i = storage.length - 1; i >= 0; i--) {
      const key = storage.key(i);
      if (!key?.startsWith(RESUME_KEY_PREFIX)) continue;
      const entry = readJson<ResumeEntry>(storage, key);
      if (!entry || now - entry.at > RESUME_MAX_AGE_DAYS * DAY_MS) storage.removeItem(key);
    }
  } catch {
    // Storage refused.
  }
}
