import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { passwordChecks } from '../src/modules/auth/password-checks.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Issue 21, item 2 and the argon2 part of item 6: failed sign-ins are counted before the password
 * is checked; one address cannot pause the owner elsewhere; guessing from many addresses pauses
 * new devices only (the OWASP device-cookie scheme); lockouts and new devices are mailed; the
 * password checks run in a small bounded pool. The server trusts X-Forwarded-For (TRUST_PROXY),
 * as behind nginx, so each test speaks from the addresses it chooses.
 */

const PAUSED = /^Too many failed sign-in attempts\. Try again in 15 minutes\.$/;
const LOCKED_SUBJECT = 'Sign-ins to your Reelbase account are paused';
const DEVICE_SUBJECT = 'A device was stopped from signing in to your Reelbase account';
const NEW_DEVICE_SUBJECT = 'New sign-in to your Reelbase account';

/** The product's defaults for sign-in limits (the shared test settings raise the address's), behind a "proxy". */
const SETTINGS = { TRUST_PROXY: 'true', LOGIN_MAX_FAILURES_PER_ADDRESS: '20', LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: '5', LOGIN_MAX_FAILURES_PER_ACCOUNT: '20', LOGIN_MAX_FAILURES_PER_DEVICE: '5' } as const;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer(SETTINGS);
});
afterAll(() => s.stop());

let lastOctet = 0;
/** A fresh documentation-range address per call, so tests never share an address's count. */
const newAddress = () => `198.51.${100 + Math.floor(++lastOctet / 250)}.${lastOctet % 250}`;

interface Answer {
  status: number;
  body: any;
  retryAfter: string | null;
  setCookie: string | null;
}

async function login(email: string, password: string, from: { address: string; cookie?: string; deviceToken?: string }): Promise<Answer> {
  const res = await s.api('POST', '/api/auth/login', {
    body: { email, password },
    headers: {
      'x-forwarded-for': from.address,
      'user-agent': 'security-test',
      ...(from.cookie && { cookie: from.cookie }),
      ...(from.deviceToken && { 'x-device-token': from.deviceToken }),
    },
  });
  return { status: res.status, body: res.body, retryAfter: res.headers.get('retry-after'), setCookie: res.headers.get('set-cookie') };
}

/** A registered owner who signed in once from a browser: its address and the cookie that browser keeps. */
async function owner() {
  const email = `o${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = 'owner-secret-1';
  const reg = await s.api('POST', '/api/users', { body: { firstName: 'Ada', lastName: 'Lovelace', email, password } });
  expect(reg.status).toBe(201);
  const address = newAddress();
  const first = await login(email, password, { address });
  expect(first.status).toBe(200);
  return { email, password, address, cookie: (first.setCookie as string).split(';')[0], deviceToken: first.body.deviceToken as string };
}

async function mailsTo(to: string, subject: string) {
  const dir = join(s.dataDir, 'outbox');
  const texts = await Promise.all((await readdir(dir).catch(() => [])).map((f) => readFile(join(dir, f), 'utf8')));
  return texts.filter((t) => t.includes(`To: ${to}`) && t.includes(`Subject: ${subject}`)).map((t) => t.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
}

const parallel = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));
const statuses = (answers: Answer[]) => answers.map((a) => a.status).sort();

describe('counted before the password is checked', () => {
  test('30 parallel wrong passwords get exactly 5 checks (401); the other 25 answer 429 saying when to try again', async () => {
    const o = await owner();
    const from = newAddress();
    const answers = await parallel(30, () => login(o.email, 'wrong-guess', { address: from }));
    expect(statuses(answers)).toEqual([...Array(5).fill(401), ...Array(25).fill(429)]);
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(refused.body).toEqual({ message: expect.stringMatching(PAUSED), code: 'RATE_LIMITED_ERROR' });
      expect(Number(refused.retryAfter)).toBeGreaterThan(850);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(900);
    }
    // That address stays paused for this account, right password or not.
    expect((await login(o.email, o.password, { address: from })).status).toBe(429);
  });

  test('an account that does not exist is limited exactly like one that does', async () => {
    const from = newAddress();
    const ghost = `ghost-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const answers = await parallel(12, () => login(ghost, 'whatever1', { address: from }));
    expect(statuses(answers)).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
  });
});

describe('a stranger cannot lock the owner out', () => {
  test("a stranger's 50 failures from one address do not stop the owner signing in from another address, even on a new device", async () => {
    const o = await owner();
    const stranger = newAddress();
    const answers: number[] = [];
    for (let i = 0; i < 50; i++) answers.push((await login(o.email, `guess-${i}`, { address: stranger })).status);
    expect(answers).toEqual([...Array(5).fill(401), ...Array(45).fill(429)]);

    // No cookie: a browser the account was never used on, at another address.
    const elsewhere = await login(o.email, o.password, { address: newAddress() });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.accessToken).toEqual(expect.any(String));
    // One address's failures pause nobody else, so the owner is not told of a lockout.
    expect(await mailsTo(o.email, LOCKED_SUBJECT)).toHaveLength(0);
  });

  test('guessing from many addresses pauses new devices (and mails the owner once), but a browser or the desktop that signed in before still gets in', async () => {
    const o = await owner();
    // 4 addresses x 5 failures reach the account's 20.
    for (let a = 0; a < 4; a++) {
      const from = newAddress();
      const answers = await parallel(6, (i) => login(o.email, `guess-${a}-${i}`, { address: from }));
      expect(statuses(answers)).toEqual([401, 401, 401, 401, 401, 429]);
    }
    const newDevice = await login(o.email, o.password, { address: newAddress() });
    expect(newDevice.status).toBe(429);
    expect(newDevice.body.message).toMatch(PAUSED);
    expect(newDevice.body).not.toHaveProperty('accessToken');
    // An attacker's own valid device token (for another account) does not count here.
    const attacker = await owner();
    expect((await login(o.email, o.password, { address: newAddress(), cookie: attacker.cookie, deviceToken: attacker.deviceToken })).status).toBe(429);

    const lockMails = await mailsTo(o.email, LOCKED_SUBJECT);
    expect(lockMails).toHaveLength(1);
    expect(lockMails[0]).toContain('Browsers and apps where you signed in before still get in with your password.');

    // The browser that signed in before (its cookie), from any address.
    const browser = await login(o.email, o.password, { address: newAddress(), cookie: o.cookie });
    expect(browser.status).toBe(200);
    expect((await s.api('GET', '/api/profile', { token: browser.body.accessToken })).body.email).toBe(o.email);
    // The desktop app, which sends the token it stored in the keychain.
    expect((await login(o.email, o.password, { address: newAddress(), deviceToken: o.deviceToken })).status).toBe(200);
    // More guesses keep the account paused for new devices without another mail.
    expect((await login(o.email, 'another-guess', { address: newAddress() })).status).toBe(429);
    expect(await mailsTo(o.email, LOCKED_SUBJECT)).toHaveLength(1);
  });

  test('a password reset distrusts every device token issued before, and lets new devices in again', async () => {
    const o = await owner();
    const pause = async () => {
      for (let a = 0; a < 4; a++) {
        const from = newAddress();
        await parallel(5, (i) => login(o.email, `guess-${a}-${i}`, { address: from }));
      }
      expect((await login(o.email, o.password, { address: newAddress() })).status).toBe(429);
    };
    await pause();
    // The owner follows the lockout mail's advice.
    expect((await s.api('POST', '/api/auth/forgot-password', { body: { email: o.email } })).status).toBe(200);
    const token = new URL((await s.lastMail(o.email)).link as string).searchParams.get('token');
    expect((await s.api('POST', '/api/auth/reset-password', { body: { token, password: 'brand-new-secret' } })).status).toBe(200);
    const fresh = await login(o.email, 'brand-new-secret', { address: newAddress() });
    expect(fresh.status).toBe(200);

    // Guessing starts over: the device token from before the reset is a new device now, the one after it is trusted.
    await pause();
    expect((await login(o.email, 'brand-new-secret', { address: newAddress(), deviceToken: o.deviceToken })).status).toBe(429);
    expect((await login(o.email, 'brand-new-secret', { address: newAddress(), deviceToken: fresh.body.deviceToken })).status).toBe(200);
  });

  test('a forged or altered device token is a new device', async () => {
    const o = await owner();
    for (let a = 0; a < 4; a++) {
      const from = newAddress();
      await parallel(5, (i) => login(o.email, `guess-${a}-${i}`, { address: from }));
    }
    const [userId, deviceId, expiry] = o.deviceToken.split('.');
    const forged = `${userId}.${deviceId}.${Number(expiry) + 1}.${o.deviceToken.split('.')[3]}`;
    expect((await login(o.email, o.password, { address: newAddress(), deviceToken: forged })).status).toBe(429);
    expect((await login(o.email, o.password, { address: newAddress(), deviceToken: `${o.deviceToken}x` })).status).toBe(429);
  });
});

describe('devices', () => {
  test('the device cookie is HttpOnly, SameSite=Strict, sent only to the sign-in routes, and the body carries the same token for the desktop', async () => {
    const email = `c${crypto.randomUUID().slice(0, 8)}@example.com`;
    await s.api('POST', '/api/users', { body: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'secret123' } });
    const res = await login(email, 'secret123', { address: newAddress() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), isAdmin: false, isPaymentMethodSet: false, deviceToken: expect.any(String) });
    const cookie = res.setCookie as string;
    expect(cookie).toMatch(/^rb_device_[0-9a-f]{16}=/);
    expect(cookie.split(';')[0].split('=')[1]).toBe(res.body.deviceToken);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api/auth');
    // PUBLIC_URL is http here; with https the cookie is Secure (tested below).
    expect(cookie).not.toContain('Secure');
    expect((await login(email, 'wrong-one', { address: newAddress() })).setCookie).toBeNull();
  });

  test('a device that fails 5 times is distrusted on its own and the owner is told; the account stays open to others', async () => {
    const o = await owner();
    const other = await login(o.email, o.password, { address: newAddress() });
    // Five wrong passwords from the trusted browser, from five addresses.
    for (let i = 0; i < 5; i++) expect((await login(o.email, `typo-${i}`, { address: newAddress(), cookie: o.cookie })).status).toBe(401);
    const deviceMails = await mailsTo(o.email, DEVICE_SUBJECT);
    expect(deviceMails).toHaveLength(1);
    expect(deviceMails[0]).toContain('That device is no longer trusted');
    expect(await mailsTo(o.email, LOCKED_SUBJECT)).toHaveLength(0);

    // The account is not paused: another trusted device and a new one both get in.
    expect((await login(o.email, o.password, { address: newAddress(), deviceToken: other.body.deviceToken })).status).toBe(200);
    expect((await login(o.email, o.password, { address: newAddress() })).status).toBe(200);

    // The distrusted device now signs in like a new one (so the owner hears of it again).
    const before = (await mailsTo(o.email, NEW_DEVICE_SUBJECT)).length;
    expect((await login(o.email, o.password, { address: newAddress(), cookie: o.cookie })).status).toBe(200);
    expect(await mailsTo(o.email, NEW_DEVICE_SUBJECT)).toHaveLength(before + 1);
  });

  test('a sign-in from a device the account was not used on mails the owner; a known device does not; failures alone do not', async () => {
    const o = await owner();
    // The very first sign-in (right after registering) is expected: no mail.
    expect(await mailsTo(o.email, NEW_DEVICE_SUBJECT)).toHaveLength(0);
    expect((await login(o.email, 'one-typo', { address: o.address, cookie: o.cookie })).status).toBe(401);
    expect((await login(o.email, 'one-typo', { address: newAddress() })).status).toBe(401);
    expect((await login(o.email, o.password, { address: o.address, cookie: o.cookie })).status).toBe(200);
    expect(await mailsTo(o.email, NEW_DEVICE_SUBJECT)).toHaveLength(0);

    const where = newAddress();
    expect((await login(o.email, o.password, { address: where })).status).toBe(200);
    const mails = await mailsTo(o.email, NEW_DEVICE_SUBJECT);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Address: ${where}`);
    expect(mails[0]).toContain('Browser or app: security-test');
    expect(await mailsTo(o.email, LOCKED_SUBJECT)).toHaveLength(0);
    expect(await mailsTo(o.email, DEVICE_SUBJECT)).toHaveLength(0);
  });

  test('a right password clears the account count of the address it came from', async () => {
    const o = await owner();
    const from = newAddress();
    for (let i = 0; i < 4; i++) expect((await login(o.email, `typo-${i}`, { address: from })).status).toBe(401);
    expect((await login(o.email, o.password, { address: from })).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(o.email, `typo-${i}`, { address: from })).status).toBe(401);
    expect((await login(o.email, o.password, { address: from })).status).toBe(429);
  });
});

describe('bounded password checks', () => {
  test('at most one check per address and `atOnce` in all; a full queue is refused at once', async () => {
    const pool = passwordChecks({ atOnce: 2, queue: 3 });
    let running = 0;
    let most = 0;
    const perKey = new Map<string, number>();
    let mostPerKey = 0;
    const releases: (() => void)[] = [];
    const task = (key: string) => () =>
      new Promise<string>((resolve) => {
        running++;
        perKey.set(key, (perKey.get(key) ?? 0) + 1);
        most = Math.max(most, running);
        mostPerKey = Math.max(mostPerKey, perKey.get(key) ?? 0);
        releases.push(() => {
          running--;
          perKey.set(key, (perKey.get(key) ?? 1) - 1);
          resolve(key);
        });
      });
    const results = ['a', 'a', 'b', 'c', 'd', 'e'].map((k) => pool.run(k, task(k)).then(
      (v) => ({ ok: v }),
      (err: { status: number; headers?: Record<string, string> }) => ({ refused: err.status, retryAfter: err.headers?.['Retry-After'] }),
    ));
    // 'a' and 'b' run, 'a' 'c' 'd' wait, 'e' finds the queue full.
    expect(await results[5]).toEqual({ refused: 503, retryAfter: '1' });
    while (releases.length) {
      releases.shift()?.();
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(await Promise.all(results.slice(0, 5))).toEqual(['a', 'a', 'b', 'c', 'd'].map((k) => ({ ok: k })));
    expect(most).toBe(2);
    expect(mostPerKey).toBe(1);
  });

  test('one address gets one running check and a few waiting; more from it answer 429 at once', async () => {
    const pool = passwordChecks({ atOnce: 2, queue: 100 });
    const gates: (() => void)[] = [];
    const hold = () => new Promise<void>((r) => gates.push(r));
    const results = Array.from({ length: 12 }, () => pool.run('198.51.100.1', hold).then(() => 'ran', (err: { status: number }) => err.status));
    await new Promise((r) => setTimeout(r, 5));
    expect(gates).toHaveLength(1);
    while (gates.length) {
      gates.shift()?.();
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(await Promise.all(results)).toEqual([...Array(9).fill('ran'), 429, 429, 429]);
  });

  test('over HTTP: parallel sign-ins from many addresses past the queue answer 503 quickly with Retry-After, never a pile-up', async () => {
    // One failure per account and address, so a count a refused check kept would show as a 429.
    const busy = await startTestServer({
      TRUST_PROXY: 'true',
      PASSWORD_CHECKS_AT_ONCE: '1',
      PASSWORD_CHECK_QUEUE: '1',
      LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: '1',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '2',
    });
    const attempt = (i: number) =>
      busy.api('POST', '/api/auth/login', { body: { email: `n${i}@example.com`, password: 'whatever1' }, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
    try {
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(i)));
      const elapsed = Date.now() - started;
      const refused = answers.filter((a) => a.status === 503);
      expect(answers.every((a) => a.status === 401 || a.status === 503)).toBe(true);
      expect(refused.length).toBeGreaterThan(0);
      for (const r of refused) {
        expect(r.body).toEqual({ message: 'The server is busy checking other sign-ins. Try again in a moment.' });
        expect(r.headers.get('retry-after')).toBe('1');
      }
      expect(elapsed).toBeLessThan(10_000);
      // A refused check gives its count back: that address and account get their one check later.
      const i = answers.findIndex((a) => a.status === 503);
      expect((await attempt(i)).status).toBe(401);
      expect((await attempt(i)).status).toBe(429);
    } finally {
      await busy.stop();
    }
  });
});

test('an https PUBLIC_URL makes the device cookie Secure', async () => {
  const secure = await startTestServer({ PUBLIC_URL: 'https://videos.example.com' });
  try {
    const email = `h${crypto.randomUUID().slice(0, 8)}@example.com`;
    await secure.api('POST', '/api/users', { body: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'secret123' } });
    const res = await secure.api('POST', '/api/auth/login', { body: { email, password: 'secret123' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/; Secure$/);
  } finally {
    await secure.stop();
  }
});

test('settings refuse a per-address account count that would let one address pause an account', () => {
  expect(() => loadConfig({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: '3' })).toThrow(/LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: must be below/);
});
