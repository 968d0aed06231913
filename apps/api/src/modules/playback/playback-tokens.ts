import { createHmac, timingSafeEqual } from 'node:crypto';

/** `~` starts the token's path segment: /media/videos/{id}/~{token}/hls/master.m3u8. */
export const TOKEN_SEGMENT_MARK = '~';
const TOKEN_RE = /^(\d{10})\.(\d{1,9})\.([A-Za-z0-9_-]{43})$/;

/**
 * Playback tokens: `{expiry}.{privacy version}.{signature}`, the signature an HMAC-SHA256 over the
 * video id, the expiry (Unix seconds) and the video's privacy version, with a key of this purpose
 * derived from a secret every API process shares. Bound to one video; short-lived; a change of
 * the video's visibility or password bumps its version, so tokens signed before stop at once
 * where the version is known (the API) and at their expiry everywhere else (a CDN or nginx
 * checking the signature alone). Carried in the URL path, so relative playlist entries carry it too.
 */
export function playbackTokens(secret: string, ttlSeconds: number, now: () => number = Date.now) {
  const key = createHmac('sha256', secret).update('reelbase/playback-token/v1').digest();
  const sign = (videoId: string, exp: number, version: number) => createHmac('sha256', key).update(`${videoId.toLowerCase()}\n${exp}\n${version}`).digest('base64url');

  /** The token's parts, when it is well formed and its signature is this server's for this video. */
  function read(videoId: string, token: string | null | undefined): { exp: number; version: number } | null {
    const m = typeof token === 'string' ? TOKEN_RE.exec(token) : null;
    if (!m) return null;
    const exp = Number(m[1]);
    const version = Number(m[2]);
    const expected = Buffer.from(sign(videoId, exp, version));
    const given = Buffer.from(m[3]);
    return given.length === expected.length && timingSafeEqual(given, expected) ? { exp, version } : null;
  }

  return {
    ttlSeconds,
    issue(videoId: string, version: number): { token: string; expiresAt: string; exp: number } {
      const exp = Math.floor(now() / 1000) + ttlSeconds;
      return { token: `${exp}.${version}.${sign(videoId, exp, version)}`, expiresAt: new Date(exp * 1000).toISOString(), exp };
    },
    /** Seconds the token has left: > 0 only for a token of this video, unexpired, of its current privacy version. */
    secondsLeft(videoId: string, version: number, token: string | null | undefined): number {
      const t = read(videoId, token);
      if (!t || t.version !== version) return 0;
      return Math.max(0, t.exp - Math.floor(now() / 1000));
    },
  };
}
export type PlaybackTokens = ReturnType<typeof playbackTokens>;

/**
 * A media URL of this video with the token in its path: `{base}/videos/{id}/rest` becomes
 * `{base}/videos/{id}/~{token}/rest`. Other URLs (the owner's logo, another video's files) stay.
 */
export function withToken(url: string, videoId: string, token: string): string {
  const at = url.indexOf(`/videos/${videoId}/`);
  if (at < 0) return url;
  const cut = at + `/videos/${videoId}/`.length;
  return `${url.slice(0, cut)}${TOKEN_SEGMENT_MARK}${token}/${url.slice(cut)}`;
}
