import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

const TEST_SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-0123');

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

const profileWith = (token: string) => s.api('GET', '/api/profile', { token });

describe('logout', () => {
  test('ends the session: its access token and refresh token answer 401 afterwards', async () => {
    const u = await signUpAndLogin(s);
    const out = await s.api('POST', '/api/auth/logout', { token: u.accessToken });
    expect(out.status).toBe(200);

    const after = await profileWith(u.accessToken);
    expect(after.status).toBe(401);
    // Not "expired": the client must not try to refresh its way back in.
    expect(after.body.code).not.toBe('TOKEN_EXPIRED_ERROR');
    expect((await s.api('POST', '/auth/refresh', { body: { refreshToken: u.refreshToken } })).status).toBe(401);
  });

  test('also ends access tokens issued by earlier refreshes of that session', async () => {
    const u = await signUpAndLogin(s);
    const rotated = await s.api('POST', '/auth/refresh', { body: { refreshToken: u.refreshToken } });
    await s.api('POST', '/api/auth/logout', { token: rotated.body.accessToken });
    expect((await profileWith(u.accessToken)).status).toBe(401);
    expect((await profileWith(rotated.body.accessToken)).status).toBe(401);
    expect((await s.api('POST', '/auth/refresh', { body: { refreshToken: rotated.body.refreshToken } })).status).toBe(401);
  });

  test("leaves the user's other sessions signed in", async () => {
    const u = await signUpAndLogin(s);
    const other = await s.api('POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
    await s.api('POST', '/api/auth/logout', { token: u.accessToken });
    expect((await profileWith(other.body.accessToken)).status).toBe(200);
    expect((await s.api('POST', '/auth/refresh', { body: { refreshToken: other.body.refreshToken } })).status).toBe(200);
  });

  test('without a token answers 401', async () => {
    expect((await s.api('POST', '/api/auth/logout')).status).toBe(401);
  });
});

describe('access token checks', () => {
  test('an expired access token answers 401 with code TOKEN_EXPIRED_ERROR, and refreshing recovers', async () => {
    const u = await signUpAndLogin(s);
    const claims = decodeJwt(u.accessToken);
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await new SignJWT({ sid: claims.sid, adm: claims.adm })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub as string)
      .setIssuedAt(past - 900)
      .setExpirationTime(past)
      .sign(TEST_SECRET);

    const res = await profileWith(expired);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('TOKEN_EXPIRED_ERROR');

    // What the client does next: refresh once and retry.
    const fresh = await s.api('POST', '/auth/refresh', { body: { refreshToken: u.refreshToken } });
    expect((await profileWith(fresh.body.accessToken)).status).toBe(200);
  });

  test('an expired token signed with another key is invalid, not expired', async () => {
    const u = await signUpAndLogin(s);
    const claims = decodeJwt(u.accessToken);
    const forged = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub as string)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode('another-secret-another-secret-another-00'));
    const res = await profileWith(forged);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_TOKEN_ERROR');
  });

  test('a token signed with another key, or unsigned, or mangled is refused', async () => {
    const u = await signUpAndLogin(s);
    const claims = decodeJwt(u.accessToken);
    const otherKey = await new SignJWT({ sid: claims.sid, adm: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub as string)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-00'));
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: claims.sub, sid: claims.sid, exp: claims.exp })}.`;
    const [h, p, sig] = u.accessToken.split('.');
    const tampered = `${h}.${b64({ ...claims, adm: true })}.${sig}`;
    for (const token of [otherKey, unsigned, tampered, `${h}.${p}.`, 'garbage']) {
      const res = await profileWith(token);
      expect(res.status, token).toBe(401);
      expect(res.body.code, token).toBe('INVALID_TOKEN_ERROR');
    }
  });

  test('no Authorization header, or a non-Bearer one, answers 401', async () => {
    const u = await signUpAndLogin(s);
    expect((await s.api('GET', '/api/profile')).status).toBe(401);
    expect((await s.api('GET', '/api/profile', { headers: { authorization: `Basic ${u.accessToken}` } })).status).toBe(401);
  });

  test('a valid token for a deleted account answers 401', async () => {
    const u = await signUpAndLogin(s);
    await s.services.orm.em.fork().execute('delete from users where id = ?', [u.id]);
    expect((await profileWith(u.accessToken)).status).toBe(401);
  });
});

describe('with ACCESS_TOKEN_TTL_SECONDS = 1', () => {
  let short: TestServer;
  beforeAll(async () => {
    short = await startTestServer({ ACCESS_TOKEN_TTL_SECONDS: '1' });
  });
  afterAll(() => short.stop());

  test('a real access token expires and reports TOKEN_EXPIRED_ERROR; the refresh token still works', async () => {
    const u = await signUpAndLogin(short);
    expect((await short.api('GET', '/api/profile', { token: u.accessToken })).status).toBe(200);
    const exp = decodeJwt(u.accessToken).exp as number;
    // JWT times are whole seconds; the token counts as expired from its exp second on.
    await new Promise((r) => setTimeout(r, Math.max(0, exp * 1000 - Date.now()) + 100));
    const res = await short.api('GET', '/api/profile', { token: u.accessToken });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'TOKEN_EXPIRED_ERROR' });
    const fresh = await short.api('POST', '/auth/refresh', { body: { refreshToken: u.refreshToken } });
    expect(fresh.status).toBe(200);
    expect((await short.api('GET', '/api/profile', { token: fresh.body.accessToken })).status).toBe(200);
  });
});
