import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The embed code's redirect is signed where it is made (GET /api/videos/{id}/embed): an HMAC over
 * the video id and the target with the server's own embed-redirect secret, carried as `sig` beside
 * `redirect` in the embed URL. The embed page hands the player a redirect only when its signature
 * matches, so a link to our origin with a `redirect` of someone else's choosing sends nobody there.
 */
export function redirectSigner(secret: string) {
  // A key of its own purpose, so this signature can stand in for nothing else.
  const key = createHmac('sha256', secret).update('reelbase/embed-redirect/v1').digest();
  const sign = (videoId: string, target: string) => createHmac('sha256', key).update(`${videoId}\n${target}`).digest('base64url');
  return {
    sign,
    /** True only for the signature this server made for this video and exactly this target. */
    verify(videoId: string, target: unknown, sig: unknown): target is string {
      if (typeof target !== 'string' || typeof sig !== 'string' || !target) return false;
      const expected = Buffer.from(sign(videoId, target));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type RedirectSigner = ReturnType<typeof redirectSigner>;
