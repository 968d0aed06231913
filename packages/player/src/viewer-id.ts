import { readJson, safeStorage, writeJson } from './storage.ts';

const KEY = 'rb-viewer';
let perPage: string | null = null;

/**
 * The thumbnail-test cover each video showed this viewer, by video id (issue 33): set by the
 * viewer-cover chunk, named by the session chunk when it opens, so the play counts for it. Kept
 * here, the one module both chunks share, so the first frame's path carries none of it.
 */
export const shownCovers = new Map<string, string>();

/** The viewer's own wish not to be followed: Do Not Track or Global Privacy Control. */
export function viewerOptedOut(): boolean {
  const n = navigator as Navigator & { globalPrivacyControl?: boolean };
  return n.doNotTrack === '1' || n.globalPrivacyControl === true;
}

/**
 * The first-party viewer id (issue 33): one uuid per browser kept in this origin's local storage,
 * so the sessions of one browser on one account count as one viewer. Where storage is refused it
 * lasts for the page; null when the viewer opted out of tracking (the server then counts the
 * session anonymously).
 */
export function viewerId(): string | null {
  if (viewerOptedOut()) return null;
  const storage = safeStorage();
  const kept = readJson<string>(storage, KEY);
  if (typeof kept === 'string' && /^[0-9a-f-]{36}$/.test(kept)) return kept;
  perPage ??= crypto.randomUUID();
  writeJson(storage, KEY, perPage);
  return perPage;
}
