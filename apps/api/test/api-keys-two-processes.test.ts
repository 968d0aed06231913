import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_KEY_ERROR_CODES } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../src/db/embedded-postgres.ts';
import { CARD } from './support/card.ts';
import { type Proc, startNode } from './support/processes.ts';
import { migratedDatabase } from './support/test-server.ts';

/*
 * Two API processes on one database: a key revoked through one is refused at its very next
 * request to the other. No process caches keys: each request looks the key up in PostgreSQL.
 */
const SRC = join(import.meta.dirname, '..', 'src');
let tmp: string;
let apis: { proc: Proc; url: string }[] = [];

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'reelbase-keys-'));
  const databaseUrl = await migratedDatabase();
  const ports = [await freePort(), await freePort()];
  apis = ports.map((port, i) => {
    const env = { DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', RUN_WORKER: 'false', LOG_LEVEL: 'info', DATA_DIR: join(tmp, `api${i}`), PUBLIC_URL: `http://127.0.0.1:${port}` };
    return { url: `http://127.0.0.1:${port}`, proc: startNode(join(SRC, 'main.ts'), env) };
  });
  await Promise.all(apis.map((a) => a.proc.waitForLog((l) => l.msg === 'Reelbase is listening', 'listening')));
}, 300_000);

afterAll(async () => {
  await Promise.all(apis.map((a) => a.proc.stop()));
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function call(base: string, method: string, path: string, o: { token?: string; body?: unknown } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { ...(o.body !== undefined && { 'content-type': 'application/json' }), ...(o.token && { authorization: `Bearer ${o.token}` }) },
    body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

test('a key revoked through one API process is refused at its next request to the other', async () => {
  const [a, b] = apis;
  const email = `k${crypto.randomUUID().slice(0, 8)}@example.com`;
  expect((await call(a.url, 'POST', '/api/users', { body: { firstName: 'Key', lastName: 'Owner', email, password: 'secret123', paymentMethod: { type: 'card', cardInfo: CARD } } })).status).toBe(201);
  const token = (await call(a.url, 'POST', '/api/auth/login', { body: { email, password: 'secret123' } })).body.accessToken as string;
  const created = await call(a.url, 'POST', '/api/api-keys', { token, body: { name: 'two processes', scopes: ['videos:read'] } });
  expect(created.status).toBe(201);
  const { id, key } = created.body as { id: string; key: string };

  // Made in A, it works in B at once, again and again.
  for (let i = 0; i < 3; i++) expect((await call(b.url, 'GET', '/api/videos', { token: key })).status).toBe(200);
  expect((await call(a.url, 'DELETE', `/api/api-keys/${id}`, { token })).status).toBe(200);
  const refused = await call(b.url, 'GET', '/api/videos', { token: key });
  expect(refused.status).toBe(401);
  expect(refused.body.code).toBe(API_KEY_ERROR_CODES.invalid);
  expect((await call(a.url, 'GET', '/api/videos', { token: key })).status).toBe(401);
  // The sign-in token is untouched.
  expect((await call(b.url, 'GET', '/api/videos', { token })).status).toBe(200);
}, 60_000);
