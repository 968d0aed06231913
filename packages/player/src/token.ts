/** A playback token as the API hands it out: in the media URLs' path as `/~{token}/`. */
export interface PlaybackTokenInfo {
  token: string;
  expiresAt: string;
}

const TOKEN_IN_PATH = /\/~[^/]+\//;

/** The URL with `token` in place of the one it carries (a URL without one stays as it is). */
export function swapToken(url: string, token: string | null): string {
  return token ? url.replace(TOKEN_IN_PATH, `/~${token}/`) : url;
}

/** The playback answer's address (with a token, the answer for that token). */
export function playbackUrl(apiBase: string, videoId: string, token?: string): string {
  return `${apiBase.replace(/\/+$/, '')}/api/playback/${encodeURIComponent(videoId)}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

/**
 * When to renew a token: at 70% of the life it has left (so a slow answer still lands in time),
 * at least a second from now. A clock far off the server's (an expiry in the past or days away)
 * falls back to once a minute.
 */
export function renewalDelayMs(expiresAt: string, now = Date.now()): number {
  const left = Date.parse(expiresAt) - now;
  if (!Number.isFinite(left) || left <= 0 || left > 86_400_000) return 60_000;
  return Math.max(1000, Math.floor(left * 0.7));
}

/**
 * A fresh token for the same video: the playback call answers one for a token still valid, and
 * for an unlisted video without any (a tab that slept past its token's end plays on).
 */
export async function fetchRenewal(apiBase: string, videoId: string, current: string, fetchImpl: typeof fetch = fetch): Promise<PlaybackTokenInfo | null> {
  for (const token of [current, '']) {
    try {
      const res = await fetchImpl(playbackUrl(apiBase, videoId, token), { headers: { accept: 'application/json' } });
      if (res.ok) return ((await res.json()) as { token?: PlaybackTokenInfo | null }).token ?? null;
    } catch {
      // Tried again below without the token, or at the next renewal.
    }
  }
  return null;
}
