import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { RefreshToken } from '../src/modules/auth/token.entities.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

const refresh = (refreshToken: unknown) => s.api('POST', '/auth/refresh', { body: { refreshToken } });
const profileWith = (token: string) => s.api('GET', '/api/profile', { token });

test('POST /auth/refresh (no /api prefix) rotates: new tokens, both working', async () => {
  const u = await signUpAndLogin(s);
  const res = await refresh(u.refreshToken);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
  expect(res.body.refreshToken).not.toBe(u.refreshToken);
  expect((await profileWith(res.body.accessToken)).body.id).toBe(u.id);
  // The chain goes on.
  const next = await refresh(res.body.refreshToken);
  expect(next.status).toBe(200);
  expect((await profileWith(next.body.accessToken)).status).toBe(200);
});

/** Moves a token's rotation into the past, beyond the reuse grace (30 s). */
async function rotatedLongAgo(refreshToken: string) {
  const tokenHash = createHash('sha256').update(refreshToken).digest('hex');
  await s.services.orm.em.fork().nativeUpdate(RefreshToken, { tokenHash }, { usedAt: new Date(Date.now() - 60_000) });
}

test('reusing a rotated refresh token revokes the whole chain', async () => {
  const u = await signUpAndLogin(s);
  const second = await refresh(u.refreshToken);
  expect(second.status).toBe(200);
  const third = await refresh(second.body.refreshToken);
  expect(third.status).toBe(200);
  expect((await profileWith(third.body.accessToken)).status).toBe(200);

  // An attacker replays the first token (its successor has been used since).
  const replay = await refresh(u.refreshToken);
  expect(replay.status).toBe(401);
  expect(replay.body.code).toBe('INVALID_TOKEN_ERROR');

  // The newest refresh token and every access token of the session stop working.
  expect((await refresh(third.body.refreshToken)).status).toBe(401);
  for (const token of [third.body.accessToken, second.body.accessToken, u.accessToken]) {
    const res = await profileWith(token);
    expect(res.status).toBe(401);
    expect(res.body.code).not.toBe('TOKEN_EXPIRED_ERROR');
  }
});

test("revoking one session's chain leaves the user's other sessions alone", async () => {
  const u = await signUpAndLogin(s);
  const other = await s.api('POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
  await refresh(u.refreshToken);
  await rotatedLongAgo(u.refreshToken);
  expect((await refresh(u.refreshToken)).status).toBe(401);

  expect((await profileWith(other.body.accessToken)).status).toBe(200);
  expect((await refresh(other.body.refreshToken)).status).toBe(200);
});

test('two simultaneous refreshes with one token (two tabs) both go on: the sign-in survives', async () => {
  const u = await signUpAndLogin(s);
  const answers = await Promise.all([refresh(u.refreshToken), refresh(u.refreshToken)]);
  expect(answers.map((a) => a.status)).toEqual([200, 200]);
  for (const a of answers) expect((await refresh(a.body.refreshToken)).status).toBe(200);
});

test('a rotation whose answer was lost: the same token again within seconds gets a fresh pair, and the chain goes on', async () => {
  const u = await signUpAndLogin(s);
  const lost = await refresh(u.refreshToken); // the page navigated away before this answer arrived
  expect(lost.status).toBe(200);
  const again = await refresh(u.refreshToken);
  expect(again.status).toBe(200);
  expect(again.body.refreshToken).not.toBe(lost.body.refreshToken);
  expect((await profileWith(again.body.accessToken)).status).toBe(200);
  expect((await refresh(again.body.refreshToken)).status).toBe(200);
});

test('after the grace, or once a newer token of the chain was used, the old token is a leak', async () => {
  const late = await signUpAndLogin(s);
  const next = await refresh(late.refreshToken);
  await rotatedLongAgo(late.refreshToken);
  expect((await refresh(late.refreshToken)).status).toBe(401);
  expect((await refresh(next.body.refreshToken)).status).toBe(401);

  const moved = await signUpAndLogin(s);
  const second = await refresh(moved.refreshToken);
  const third = await refresh(second.body.refreshToken); // the client moved on
  expect((await refresh(moved.refreshToken)).status).toBe(401);
  expect((await refresh(third.body.refreshToken)).status).toBe(401);
});

test('an unknown, empty or missing refresh token answers 401 or 422', async () => {
  const unknown = await refresh('definitely-not-a-token');
  expect(unknown.status).toBe(401);
  expect(unknown.body.message).toEqual(expect.any(String));
  expect((await refresh('')).status).toBe(422);
  const missing = await s.api('POST', '/auth/refresh', { body: {} });
  expect(missing.status).toBe(422);
  expect(missing.body.errors).toEqual({ refreshToken: 'Refresh token is required.' });
});

test('an access token is not accepted as a refresh token', async () => {
  const u = await signUpAndLogin(s);
  expect((await refresh(u.accessToken)).status).toBe(401);
});

test('an expired refresh token answers 401', async () => {
  const u = await signUpAndLogin(s);
  const tokenHash = createHash('sha256').update(u.refreshToken).digest('hex');
  const changed = await s.services.orm.em.fork().nativeUpdate(RefreshToken, { tokenHash }, { expiresAt: new Date(Date.now() - 1000) });
  expect(changed).toBe(1);
  expect((await refresh(u.refreshToken)).status).toBe(401);
});

test('a sign-in ends REFRESH_FAMILY_MAX_DAYS after it began, however often it is refreshed', async () => {
  const short = await startTestServer({ REFRESH_FAMILY_MAX_DAYS: '2', REMEMBER_ME_TTL_DAYS: '30' });
  try {
    const u = await signUpAndLogin(short);
    const login = await short.api('POST', '/api/auth/login', { body: { email: u.email, password: u.password, rememberMe: true } });
    const hash = (t: string) => createHash('sha256').update(t).digest('hex');
    const em = short.services.orm.em.fork();
    // Remember Me asks for 30 days; the family allows 2.
    const issued = await em.findOneOrFail(RefreshToken, { tokenHash: hash(login.body.refreshToken) });
    expect(issued.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(2 * 86_400_000);
    const rotated = await short.api('POST', '/auth/refresh', { body: { refreshToken: login.body.refreshToken } });
    expect(rotated.status).toBe(200);

    // Three days later (the family began then), a fresh-looking token of it no longer refreshes.
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    await em.nativeUpdate(RefreshToken, { familyId: issued.familyId }, { familyStartedAt: threeDaysAgo, expiresAt: new Date(Date.now() + 86_400_000) });
    const ended = await short.api('POST', '/auth/refresh', { body: { refreshToken: rotated.body.refreshToken } });
    expect(ended.status).toBe(401);
    expect(ended.body.code).toBe('INVALID_TOKEN_ERROR');
  } finally {
    await short.stop();
  }
});
