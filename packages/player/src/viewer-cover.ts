import type { PlaybackInfo } from './types.ts';
import { shownCovers, viewerId } from './viewer-id.ts';

/**
 * A thumbnail test runs (issue 33): this viewer's own playback answer, whose poster is the viewer's
 * cover and whose `coverId` the session names. Without a viewer id (Do Not Track, Global Privacy
 * Control) or when the call fails, the first answer stands with the video's own poster. A chunk:
 * only a video under test fetches it, so it imports nothing of the main file.
 */
export async function viewerCover<T extends { status: 'ok'; info: PlaybackInfo }>(first: T, apiBase: string, fetchImpl: typeof fetch): Promise<T> {
  const viewer = viewerId();
  if (!viewer) return first;
  const query = new URLSearchParams({ viewer });
  if (first.info.token) query.set('token', first.info.token.token);
  try {
    const res = await fetchImpl(`${apiBase}/api/playback/${encodeURIComponent(first.info.id)}?${query}`, { headers: { accept: 'application/json' } });
    if (!res.ok) return first;
    const info = (await res.json()) as PlaybackInfo;
    if (info.coverId) shownCovers.set(info.id, info.coverId);
    return { ...first, info };
  } catch {
    return first;
  }
}
