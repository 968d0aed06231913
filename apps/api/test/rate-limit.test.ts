import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

const TOO_MANY = { message: 'Too many failed sign-in attempts. Try again in 15 minutes.', code: 'RATE_LIMITED_ERROR' };
const login = (s: TestServer, email: string, password: string) => s.api('POST', '/api/auth/login', { body: { email, password } });

// From one address (these tests' 127.0.0.1); security-login-limits.test.ts covers other addresses and devices.
describe('per account from one address (LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 3)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: '3', LOGIN_MAX_FAILURES_PER_ACCOUNT: '10', LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' });
  });
  afterAll(() => s.stop());

  test('after 3 failures the next attempt answers 429, even with the right password', async () => {
    const u = await signUpAndLogin(s);
    for (let i = 0; i < 3; i++) {
      const res = await login(s, u.email, 'wrong-password');
      expect(res.status).toBe(401);
    }
    const blocked = await login(s, u.email, u.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(TOO_MANY);
    expect(blocked.body).not.toHaveProperty('accessToken');
  });

  test('an address that does not exist is limited exactly the same way', async () => {
    const email = `ghost-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await login(s, email, 'whatever1')).status);
    expect(answers).toEqual([401, 401, 401, 429]);
    expect((await login(s, email, 'whatever1')).body).toEqual(TOO_MANY);
  });

  test('the count is per typed address, whatever its case', async () => {
    const u = await signUpAndLogin(s);
    await login(s, u.email, 'wrong-password');
    await login(s, u.email.toUpperCase(), 'wrong-password');
    await login(s, ` ${u.email} `, 'wrong-password');
    expect((await login(s, u.email, u.password)).status).toBe(429);
  });

  test("one account's failures do not lock out another account", async () => {
    const victim = await signUpAndLogin(s);
    const other = await signUpAndLogin(s);
    for (let i = 0; i < 3; i++) await login(s, victim.email, 'wrong-password');
    expect((await login(s, victim.email, victim.password)).status).toBe(429);
    expect((await login(s, other.email, other.password)).status).toBe(200);
  });

  test('a successful sign-in clears the count', async () => {
    const u = await signUpAndLogin(s);
    await login(s, u.email, 'wrong-password');
    await login(s, u.email, 'wrong-password');
    expect((await login(s, u.email, u.password)).status).toBe(200);
    await login(s, u.email, 'wrong-password');
    await login(s, u.email, 'wrong-password');
    expect((await login(s, u.email, u.password)).status).toBe(200);
  });

  test('a blocked account can still refresh an existing session', async () => {
    const u = await signUpAndLogin(s);
    for (let i = 0; i < 3; i++) await login(s, u.email, 'wrong-password');
    expect((await login(s, u.email, u.password)).status).toBe(429);
    expect((await s.api('POST', '/auth/refresh', { body: { refreshToken: u.refreshToken } })).status).toBe(200);
  });
});

describe('per address (LOGIN_MAX_FAILURES_PER_ADDRESS = 4)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '100', LOGIN_MAX_FAILURES_PER_ADDRESS: '4' });
  });
  afterAll(() => s.stop());

  test('failures spread over many accounts from one address block that address', async () => {
    const u = await signUpAndLogin(s);
    for (let i = 0; i < 4; i++) expect((await login(s, `spray${i}@example.com`, 'whatever1')).status).toBe(401);
    const res = await login(s, u.email, u.password);
    expect(res.status).toBe(429);
    expect(res.body).toEqual(TOO_MANY);
    // A forged X-Forwarded-For does not give the caller a fresh address.
    const forwarded = await s.api('POST', '/api/auth/login', { body: { email: u.email, password: u.password }, headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forwarded.status).toBe(429);
  });
});

describe('window (LOGIN_FAILURE_WINDOW_SECONDS = 1)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: '2', LOGIN_FAILURE_WINDOW_SECONDS: '1' });
  });
  afterAll(() => s.stop());

  test('the block lifts once the failures are older than the window', async () => {
    const u = await signUpAndLogin(s);
    await login(s, u.email, 'wrong-password');
    await login(s, u.email, 'wrong-password');
    expect((await login(s, u.email, u.password)).status).toBe(429);
    await new Promise((r) => setTimeout(r, 1050));
    expect((await login(s, u.email, u.password)).status).toBe(200);
  });
});
