import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const TRUST_DAYS = 365;
const COOKIE_PREFIX = 'rb_device_';
const UUID = /^[0-9a-f-]{36}$/;

/**
 * Device tokens of the OWASP device-cookie scheme: `userId.deviceId.expiry.signature`, signed
 * with a key derived from the JWT secret, so any API process checks them without a lookup. The
 * signature also covers the account's password hash: a new password (a reset after an intrusion)
 * distrusts every device token issued before, including any an intruder collected. A
 * browser keeps its token in an HttpOnly cookie named per account (several accounts in one
 * browser each keep theirs); the desktop app keeps it in the keychain and sends it in a header.
 */
export function deviceTokens(secret: string, publicUrl: string) {
  const key = createHmac('sha256', secret).update('reelbase device token').digest();
  const sign = (payload: string, passwordHash: string) => createHmac('sha256', key).update(`${payload}\0${passwordHash}`).digest('base64url');
  const secure = new URL(publicUrl).protocol === 'https:';
  const cookieName = (userId: string) => `${COOKIE_PREFIX}${createHash('sha256').update(userId).digest('hex').slice(0, 16)}`;

  return {
    /**
     * The device token every sign-in answers (password, Google or Facebook, a verification link).
     * An account without a password signs over the empty hash: setting a password later distrusts
     * it, as a new password does.
     */
    issue(user: { id: string; passwordHash?: string | null }): string {
      const payload = `${user.id}.${randomBytes(16).toString('base64url')}.${Math.floor(Date.now() / 1000) + TRUST_DAYS * 86_400}`;
      return `${payload}.${sign(payload, user.passwordHash ?? '')}`;
    },

    /** The id of the device among `tokens` that signed in to `user` (with its current password) before; null when none is valid. */
    deviceOf(tokens: string[], user: { id: string; passwordHash: string }): string | null {
      const userId = user.id;
      for (const token of tokens) {
        const [tokenUser, deviceId, expiry, signature, ...rest] = token.split('.');
        if (rest.length || tokenUser !== userId || !UUID.test(tokenUser) || !signature || !(Number(expiry) * 1000 > Date.now())) continue;
        const expected = Buffer.from(sign(`${tokenUser}.${deviceId}.${expiry}`, user.passwordHash));
        const given = Buffer.from(signature);
        if (given.length === expected.length && timingSafeEqual(given, expected)) return deviceId;
      }
      return null;
    },

    /** The device tokens a request carries: the header's and the cookies' (a bounded few). */
    fromRequest(header: string | undefined, cookieHeader: string | undefined): string[] {
      const cookies = (cookieHeader ?? '')
        .split(';')
        .map((c) => c.trim())
        .filter((c) => c.startsWith(COOKIE_PREFIX))
        .map((c) => c.slice(c.indexOf('=') + 1));
      return [header, ...cookies].filter((t): t is string => !!t && t.length <= 200).slice(0, 10);
    },

    /** The Set-Cookie value keeping `token` in this browser, sent only to the sign-in routes. */
    cookie(token: string): string {
      const userId = token.split('.')[0];
      return `${cookieName(userId)}=${token}; Path=/api/auth; Max-Age=${TRUST_DAYS * 86_400}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
    },
  };
}
export type DeviceTokens = ReturnType<typeof deviceTokens>;
