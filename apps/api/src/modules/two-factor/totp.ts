import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@reelbase/api-client';
import { generateSecret, generateURI, verify } from 'otplib';
import { sha256 } from '../auth/secrets.ts';

const ISSUER = 'Reelbase';
/** One step either side of now: an authenticator app's clock a little off, or a code typed as it turned. */
const TOLERANCE_SECONDS = 30;
const CODE = /^\d{6}$/;
/** Recovery codes: no 0/o, 1/l/i, so a code written on paper reads back the same. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * The TOTP secrets at rest: AES-256-GCM under a key derived from a stored app secret, so a copy of
 * the users' rows alone (a backup, a read-only injection) does not yield working codes.
 */
export function secretBox(appSecret: string) {
  const key = createHash('sha256').update(`reelbase totp\0${appSecret}`).digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed: string): string {
      const [, iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof secretBox>;

/** A new base32 secret (160 bits) and the otpauth:// URL an authenticator app scans (SHA-1, 6 digits, 30 s: what every app expects). */
export function newTotpSecret(account: string): { secret: string; otpauthUrl: string } {
  const secret = generateSecret();
  return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label: account, secret }) };
}

/** The code as typed, without spaces and dashes, lower case. */
export const normalizeCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
export const isTotpCode = (code: string) => CODE.test(normalizeCode(code));

/** The time step `code` belongs to (now, or one step either side), or null when it is not one of the secret's codes. */
export async function totpStep(secret: string, code: string): Promise<number | null> {
  const token = normalizeCode(code);
  if (!CODE.test(token)) return null;
  try {
    const r = await verify({ secret, token, epochTolerance: TOLERANCE_SECONDS });
    return r.valid && 'timeStep' in r ? r.timeStep : null;
  } catch {
    return null;
  }
}

/** Ten single-use codes, shown once (xxxxx-xxxxx, about 49 bits each); only their SHA-256 is kept. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const one = () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const c = one();
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
  return { codes, hashes: codes.map(recoveryHash) };
}
export const recoveryHash = (code: string) => sha256(`recovery\0${normalizeCode(code)}`);
