import { errors, jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  isAdmin: boolean;
}

export type AccessCheck = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

/** Short-lived HS256 JWTs; the session id ties one to its refresh-token family for logout. */
export function accessTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    sign(c: AccessClaims): Promise<string> {
      return new SignJWT({ sid: c.sessionId, adm: c.isAdmin })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(c.userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    async verify(token: string): Promise<AccessCheck> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return { ok: false, expired: false };
        return { ok: true, claims: { userId: payload.sub, sessionId: payload.sid, isAdmin: payload.adm === true } };
      } catch (err) {
        return { ok: false, expired: err instanceof errors.JWTExpired };
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof accessTokens>;
