import { createHmac, timingSafeEqual } from 'node:crypto';

/** `~` starts the token's path segment: /media/videos/{id}/~{token}/hls/master.m3u8. */
export const TOKEN_SEGMENT_MARK = '~';
// `p` after the version marks a preview token (the owner's, a team member's, an admin's own players).
const TOKEN_RE = /^(\d{10})\.(\d{1,9})(p?)\.([A-Za-z0-9_-]{43})$/;

/** What a token opens: seconds it has left (0: nothing) and whether it is a preview token. */
export interface TokenAccess {
  secondsLeft: number;
  preview: boolean;
}

/**
 * Playback tokens: `{expiry}.{privacy version}.{signature}`, the signature an HMAC-SHA256 over the
 * video id, the expiry (Unix seconds) and the video's privacy version, with a key of this purpose
 * derived from a secret every API process shares. Bound to one video; short-lived; a change of
 * the video's visibility or password bumps its version, so tokens signed before stop at once
 * where the version is known (the API) and at their expiry everywhere else (a CDN or nginx
 * checking the signature alone). Carried in the URL path, so relative playlist entries carry it too.
 * A preview token (`{expiry}.{version}p.{signature}`, the signature also over "preview") is handed
 * only to signed-in answers of people who may see the video in the app: its bytes are not charged
 * to the plan. The flag is inside the signature, so adding `p` to a viewer's token breaks it.
 */
export function playbackTokens(secret: string, ttlSeconds: number, now: () => number = Date.now) {
  const key = createHmac('sha256', secret).update('reelbase/playback-token/v1').digest();
  const sign = (videoId: string, exp: number, version: number, preview: boolean) =>
    createHmac('sha256', key)
      .update(`${videoId.toLowerCase()}\n${exp}\n${version}${preview ? '\npreview' : ''}`)
      .digest('base64url');

  /** The token's parts, when it is well formed and its signature is this server's for this video. */
  function read(videoId: string, token: string | null | undefined): { exp: number; version: number; preview: boolean } | null {
    const m = typeof token === 'string' ? TOKEN_RE.exec(token) : null;
    if (!m) return null;
    const exp = Number(m[1]);
    const version = Number(m[2]);
    const preview = m[3] === 'p';
    const expected = Buffer.from(sign(videoId, exp, version, preview));
    const given = Buffer.from(m[4]);
    return given.length === expected.length && timingSafeEqual(given, expected) ? { exp, version, preview } : null;
  }

  function access(videoId: string, version: number, token: string | null | undefined): TokenAccess {
    const t = read(videoId, token);
    if (!t || t.version !== version) return { secondsLeft: 0, preview: false };
    const secondsLeft = Math.max(0, t.exp - Math.floor(now() / 1000));
    return { secondsLeft, preview: secondsLeft > 0 && t.preview };
  }

  return {
    ttlSeconds,
    issue(videoId: string, version: number, opts: { preview?: boolean } = {}): { token: string; expiresAt: string; exp: number } {
      const exp = Math.floor(now() / 1000) + ttlSeconds;
      const preview = !!opts.preview;
      return { token: `${exp}.${version}${preview ? 'p' : ''}.${sign(videoId, exp, version, preview)}`, expiresAt: new Date(exp * 1000).toISOString(), exp };
    },
    access,
    /** Seconds the token has left: > 0 only for a token of this video, unexpired, of its current privacy version. */
    secondsLeft(videoId: string, version: number, token: string | null | undefined): number {
      return access(videoId, version, token).secondsLeft;
    },
    /** When the token ends (ISO), for a token `read` accepts. */
    expiresAt(videoId: string, token: string): string | null {
      const t = read(videoId, token);
      return t ? new Date(t.exp * 1000).toISOString() : null;
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
