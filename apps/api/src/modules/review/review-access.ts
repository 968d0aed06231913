import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A review link's token: 32 random URL-safe characters; only its SHA-256 is stored. */
export function newLinkToken(): { token: string; hash: string; prefix: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: hashLinkToken(token), prefix: token.slice(0, 6) };
}
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** How long a password link's unlock holds (the reviewer's page keeps it in the tab's memory). */
const ACCESS_SECONDS = 12 * 3600;

/**
 * The access a password link's right password answers: `<exp>.<hmac(link, exp)>`, checked
 * without a database row. It names its link, so it opens no other.
 */
export function reviewAccess(secret: string, now: () => number = Date.now) {
  const sign = (linkId: string, exp: number) => createHmac('sha256', secret).update(`review-access\n${linkId}\n${exp}`).digest('base64url');
  return {
    issue(linkId: string): { access: string; expiresAt: string } {
      const exp = Math.floor(now() / 1000) + ACCESS_SECONDS;
      return { access: `${exp}.${sign(linkId, exp)}`, expiresAt: new Date(exp * 1000).toISOString() };
    },
    valid(linkId: string, access: string | undefined): boolean {
      const m = access ? /^(\d{1,12})\.([\w-]{43})$/.exec(access) : null;
      if (!m) return false;
      const exp = Number(m[1]);
      if (exp <= Math.floor(now() / 1000)) return false;
      const a = Buffer.from(m[2]);
      const b = Buffer.from(sign(linkId, exp));
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}
export type ReviewAccessSigner = ReturnType<typeof reviewAccess>;
