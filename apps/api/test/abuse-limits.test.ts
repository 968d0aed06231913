import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../src/db/embedded-postgres.ts';
import { CARD } from './support/card.ts';
import { makeClip } from './support/clips.ts';
import { type Proc, startNode } from './support/processes.ts';
import { migratedDatabase } from './support/test-server.ts';

/*
 * Abuse limits live in PostgreSQL: two API processes on one database share every count, and a
 * restarted process still knows it. Behind a proxy (TRUST_PROXY) the address is the last
 * X-Forwarded-For entry, which lets one test speak from several addresses, IPv6 ones included.
 */
const MAIN = join(import.meta.dirname, '..', 'src', 'main.ts');
const TOO_MANY = { message: 'Too many requests. Try again later.', code: 'RATE_LIMITED_ERROR' };

let tmp: string;
let env: Record<string, string>;
const apis: { proc: Proc; url: string }[] = [];

async function startApi(i: number) {
  const port = await freePort();
  const proc = startNode(MAIN, { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: join(tmp, `api${i}`) });
  await proc.waitForLog((l) => l.msg === 'Reelbase is listening', 'listening');
  apis[i] = { proc, url: `http://127.0.0.1:${port}` };
}

async function call(i: number, method: string, path: string, opts: { body?: unknown; from?: string; token?: string; form?: FormData } = {}) {
  const res = await fetch(apis[i].url + path, {
    method,
    headers: {
      ...(opts.body !== undefined && { 'content-type': 'application/json' }),
      'x-forwarded-for': opts.from ?? '203.0.113.1',
      ...(opts.token && { authorization: `Bearer ${opts.token}` }),
    },
    body: opts.form ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any, retryAfter: res.headers.get('retry-after') };
}

const register = (i: number, from: string, email = `r${crypto.randomUUID().slice(0, 8)}@example.com`, paymentMethod: object = { type: 'paypal' }) =>
  call(i, 'POST', '/api/users', { from, body: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'secret123', paymentMethod } });

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'reelbase-limits-'));
  env = {
    DATABASE_URL: await migratedDatabase(),
    HOST: '127.0.0.1',
    RUN_WORKER: 'false',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'info',
    JWT_SECRET: 'limits-secret-limits-secret-limits-0123',
    RATE_LIMIT_REGISTRATION_PER_ADDRESS: '3/3600',
    LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: '3',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '10',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
    RATE_LIMIT_FORGOT_PASSWORD_PER_ACCOUNT: '2/3600',
    RATE_LIMIT_PLATFORM_SIGN_IN_PER_ADDRESS: '2/900',
    RATE_LIMIT_IMPORT_PER_ACCOUNT: '2/3600',
    RATE_LIMIT_UPLOAD_PER_ACCOUNT: '2/3600',
  };
  // One after the other, on a database already migrated.
  await startApi(0);
  await startApi(1);
}, 300_000);

afterAll(async () => {
  await Promise.all(apis.map((a) => a?.proc.stop()));
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test('registrations from one address are counted across both processes, and a stranger elsewhere is not affected', async () => {
  const from = '198.51.100.7';
  expect((await register(0, from)).status).toBe(201);
  expect((await register(1, from)).status).toBe(201);
  expect((await register(0, from)).status).toBe(201);
  const refused = await register(1, from);
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual(TOO_MANY);
  expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  expect((await register(0, from)).status).toBe(429);
  expect((await register(1, '198.51.100.8')).status).toBe(201);
});

test('IPv6 addresses count by their /64', async () => {
  expect((await register(0, '2001:db8:1:2::5')).status).toBe(201);
  expect((await register(1, '2001:db8:1:2:ffff::9')).status).toBe(201);
  expect((await register(0, '2001:db8:1:2:abcd:1:2:3')).status).toBe(201);
  expect((await register(1, '2001:db8:1:2::77')).status).toBe(429);
  expect((await register(1, '2001:db8:1:3::5')).status).toBe(201);
});

test('failed sign-ins on both processes add up, and the block outlives a restart', async () => {
  const email = `login${crypto.randomUUID().slice(0, 8)}@example.com`;
  await register(0, '192.0.2.10', email);
  for (const i of [0, 1, 0]) expect((await call(i, 'POST', '/api/auth/login', { body: { email, password: 'wrong-one' } })).status).toBe(401);
  const blocked = await call(1, 'POST', '/api/auth/login', { body: { email, password: 'secret123' } });
  expect(blocked.status).toBe(429);
  expect(blocked.body).toEqual({ message: 'Too many failed sign-in attempts. Try again in 15 minutes.', code: 'RATE_LIMITED_ERROR' });

  await apis[1].proc.stop();
  await startApi(1);
  expect((await call(1, 'POST', '/api/auth/login', { body: { email, password: 'secret123' } })).status).toBe(429);
}, 300_000);

test('forgot-password mails per account and platform sign-ins per address are limited across processes', async () => {
  const email = `forgot${crypto.randomUUID().slice(0, 8)}@example.com`;
  expect((await call(0, 'POST', '/api/auth/forgot-password', { from: '192.0.2.20', body: { email } })).status).toBe(200);
  expect((await call(1, 'POST', '/api/auth/forgot-password', { from: '192.0.2.21', body: { email } })).status).toBe(200);
  // Another address does not help: the account is the key.
  expect((await call(0, 'POST', '/api/auth/forgot-password', { from: '192.0.2.22', body: { email } })).status).toBe(429);

  const from = '192.0.2.30';
  const platform = (i: number) => call(i, 'POST', '/api/auth/platform', { from, body: { platform: 'google', token: 'not-a-real-token' } });
  expect((await platform(0)).status).toBe(401);
  expect((await platform(1)).status).toBe(401);
  expect(await platform(0)).toMatchObject({ status: 429, body: TOO_MANY });
});

test('imports and uploads per account are limited across processes, before any byte is stored', async () => {
  const email = `media${crypto.randomUUID().slice(0, 8)}@example.com`;
  // A card: uploads and imports need a payment method, which PayPal is only once a payment is approved.
  expect((await register(0, '192.0.2.40', email, { type: 'card', cardInfo: CARD })).status).toBe(201);
  const token = (await call(0, 'POST', '/api/auth/login', { body: { email, password: 'secret123' } })).body.accessToken as string;

  // A refused address still counts: each attempt costs a lookup and a connection.
  const importFrom = (i: number) => call(i, 'POST', '/api/videos/import', { token, body: { url: 'http://127.0.0.1:1/clip.mp4' } });
  expect((await importFrom(0)).status).toBe(422);
  expect((await importFrom(1)).status).toBe(422);
  expect(await importFrom(0)).toMatchObject({ status: 429, body: TOO_MANY });

  const clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: false });
  const { openAsBlob } = await import('node:fs');
  const upload = async (i: number, from: string) => {
    const form = new FormData();
    form.append('name', 'Clip');
    form.append('video', await openAsBlob(clip, { type: 'video/mp4' }), 'clip.mp4');
    return call(i, 'POST', '/api/videos', { token, form, from });
  };
  expect((await upload(0, '192.0.2.41')).status).toBe(201);
  expect((await upload(1, '192.0.2.42')).status).toBe(201);
  expect(await upload(1, '192.0.2.43')).toMatchObject({ status: 429, body: TOO_MANY });
  // A resumable upload is an upload too.
  const tus = await fetch(`${apis[0].url}/api/uploads`, {
    method: 'POST',
    headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${token}`, 'Upload-Length': '100', 'Upload-Metadata': `filetype ${Buffer.from('video/mp4').toString('base64')}` },
  });
  expect(tus.status).toBe(429);
  const list = await call(0, 'GET', '/api/videos', { token });
  expect(list.body.meta.totalItems).toBe(2);
}, 60_000);
