import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEAM_ERROR_CODES, TEAM_HEADER } from '@reelbase/api-client';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../src/db/embedded-postgres.ts';
import { CARD } from './support/card.ts';
import { mailsTo } from './support/mail.ts';
import { type Proc, startNode } from './support/processes.ts';
import { migratedDatabase } from './support/test-server.ts';

/*
 * Two API processes on one database: a member removed (or demoted) through one is refused (or
 * limited) at their very next request to the other. Sessions are not trusted past a request:
 * every team request reads the membership from PostgreSQL.
 */
const SRC = join(import.meta.dirname, '..', 'src');
let tmp: string;
let databaseUrl: string;
let apis: { proc: Proc; url: string; dataDir: string }[] = [];

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'reelbase-teams-'));
  databaseUrl = await migratedDatabase();
  const ports = [await freePort(), await freePort()];
  apis = ports.map((port, i) => {
    const dataDir = join(tmp, `api${i}`);
    const env = { DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', RUN_WORKER: 'false', LOG_LEVEL: 'info', DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` };
    return { url: `http://127.0.0.1:${port}`, dataDir, proc: startNode(join(SRC, 'main.ts'), env) };
  });
  await Promise.all(apis.map((a) => a.proc.waitForLog((l) => l.msg === 'Reelbase is listening', 'listening')));
}, 300_000);

afterAll(async () => {
  await Promise.all(apis.map((a) => a.proc.stop()));
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function call(base: string, method: string, path: string, o: { token?: string; body?: unknown; team?: string } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { ...(o.body !== undefined && { 'content-type': 'application/json' }), ...(o.token && { authorization: `Bearer ${o.token}` }), ...(o.team && { [TEAM_HEADER]: o.team }) },
    body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

async function person(base: string) {
  const email = `p${crypto.randomUUID().slice(0, 8)}@example.com`;
  const reg = await call(base, 'POST', '/api/users', { body: { firstName: 'Team', lastName: 'Mate', email, password: 'secret123', paymentMethod: { type: 'card', cardInfo: CARD } } });
  expect(reg.status).toBe(201);
  return { id: reg.body.id as string, email, token: (await call(base, 'POST', '/api/auth/login', { body: { email, password: 'secret123' } })).body.accessToken as string };
}

test('a member removed through one API process is refused at once by the other; a demoted one is limited at once', async () => {
  const [a, b] = apis;
  const owner = await person(a.url);
  const member = await person(a.url);
  // Silver: three seats (a subscription sets the plan; here the database does).
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("update users set payment_plan_id = 'silver-1m' where id = $1", [owner.id]);
  await client.end();
  expect((await call(a.url, 'POST', `/api/teams/${owner.id}/invitations`, { token: owner.token, body: { email: member.email, role: 'editor' } })).status).toBe(201);
  const mail = (await mailsTo(a.dataDir, member.email)).find((m) => m.template === 'team-invitation');
  const token = new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] as string).searchParams.get('token');
  // Accepted through the other process.
  expect((await call(b.url, 'POST', '/api/invitations/accept', { token: member.token, body: { token } })).status).toBe(200);

  // The member works in the team through B.
  expect((await call(b.url, 'POST', '/api/folders', { token: member.token, team: owner.id, body: { name: 'From B' } })).status).toBe(201);
  // Demoted through A: B refuses the next edit.
  expect((await call(a.url, 'PUT', `/api/teams/${owner.id}/members/${member.id}`, { token: owner.token, body: { role: 'viewer' } })).status).toBe(200);
  const limited = await call(b.url, 'POST', '/api/folders', { token: member.token, team: owner.id, body: { name: 'Refused' } });
  expect(limited.status).toBe(403);
  expect(limited.body.code).toBe(TEAM_ERROR_CODES.permission);
  expect((await call(b.url, 'GET', '/api/folders', { token: member.token, team: owner.id })).status).toBe(200);

  // Removed through A: B refuses the very next request, with the same access token.
  expect((await call(a.url, 'DELETE', `/api/teams/${owner.id}/members/${member.id}`, { token: owner.token })).status).toBe(200);
  const refused = await call(b.url, 'GET', '/api/videos', { token: member.token, team: owner.id });
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe(TEAM_ERROR_CODES.notMember);
  // Their own team still works.
  expect((await call(b.url, 'GET', '/api/videos', { token: member.token })).status).toBe(200);
}, 60_000);
