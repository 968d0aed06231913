import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, expect, test } from 'vitest';
import { freePort } from '../src/db/embedded-postgres.ts';
import { type Proc, startNode } from './support/processes.ts';

/*
 * `npm start` as root with DATA_DIR inside a folder other users cannot enter (mode 700, like /root
 * or a fresh mktemp directory): the embedded PostgreSQL, which runs as the `postgres` user, still
 * starts, and its password is generated and kept in DATA_DIR.
 */
const MAIN = join(import.meta.dirname, '..', 'src', 'main.ts');
let tmp = '';
let api: Proc | null = null;
let clusterDir = '';

afterAll(async () => {
  await api?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
  if (clusterDir.startsWith('/var/lib/reelbase/')) await rm(clusterDir, { recursive: true, force: true });
});

test.skipIf(process.getuid?.() !== 0)('the product starts as root from a mode-700 folder and reports healthy', async () => {
  tmp = await mkdtemp(join(tmpdir(), 'reelbase-private-'));
  await chmod(tmp, 0o700);
  const dataDir = join(tmp, 'data');
  const port = await freePort();
  const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, RUN_WORKER: 'false', LOG_LEVEL: 'debug' };
  api = startNode(MAIN, env);
  await api.waitForLog((l) => l.msg === 'Reelbase is listening', 'listening', 90_000);

  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });

  // The cluster moved where its user can reach it; the log says where.
  const moved = api.logs.find((l) => typeof l.pg === 'string' && l.pg.includes('the cluster lives in'));
  clusterDir = String(moved?.pg ?? '').split('the cluster lives in ')[1] ?? '';
  expect(clusterDir).toMatch(/^\/var\/lib\/reelbase\/clusters\/[0-9a-f]{16}$/);
  expect((await stat(clusterDir)).mode & 0o777).toBe(0o700);

  // A generated password, readable by root alone; the old fixed one no longer opens the database.
  const passwordFile = join(dataDir, 'postgres-password');
  expect((await stat(passwordFile)).mode & 0o777).toBe(0o600);
  const password = (await readFile(passwordFile, 'utf8')).trim();
  expect(password).toMatch(/^[0-9a-f]{48}$/);
  const pgPort = Number(/port (\d+)/.exec(api.logs.map((l) => String(l.pg ?? '')).find((m) => /listening on IPv4 address "127\.0\.0\.1", port \d+/.test(m)) ?? '')?.[1]);
  expect(pgPort).toBeGreaterThan(0);
  const fixed = new pg.Client({ connectionString: `postgres://postgres:reelbase@127.0.0.1:${pgPort}/postgres` });
  await expect(fixed.connect()).rejects.toThrow(/password authentication failed/);
  const generated = new pg.Client({ connectionString: `postgres://postgres:${password}@127.0.0.1:${pgPort}/postgres` });
  await generated.connect();
  await generated.end();
}, 150_000);
