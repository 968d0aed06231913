// The product as `npm start` runs it (API with its worker, embedded PostgreSQL in a fresh data
// folder), for the benchmarks, with one signed-in subscriber.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../src/db/embedded-postgres.ts';

export const BENCH_USER = { firstName: 'Bench', lastName: 'Mark', email: 'bench@example.com', password: 'bench-password' };

export async function startProduct(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Same flags as the package's start script: a 1 MB young generation and two malloc arenas keep
  // the resident set small (the API streams bytes; it builds no large object graphs).
  const api = spawn(process.execPath, ['--max-semi-space-size=1', join(import.meta.dirname, '../src/main.ts')], {
    env: { ...process.env, MALLOC_ARENA_MAX: '2', PORT: String(port), DATA_DIR: dataDir, ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'bench-password', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (api.exitCode !== null) return;
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
  };
  process.on('exit', () => api.exitCode === null && api.kill('SIGTERM'));

  async function call(method: string, path: string, body?: unknown, token?: string) {
    const res = await fetch(base + path, { method, headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) }, body: body === undefined ? undefined : JSON.stringify(body) });
    return res.json() as Promise<any>;
  }
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)) break;
    if (i > 600) throw new Error('API did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  await call('POST', '/api/users', { ...BENCH_USER, paymentMethod: { type: 'card', cardInfo: { cardNumber: '4242424242424242', cvc: '123', expMonth: '12', expYear: '34', firstName: 'Bench', lastName: 'User' } } });
  const { accessToken: token } = await call('POST', '/api/auth/login', { email: BENCH_USER.email, password: BENCH_USER.password });
  return { api, base, port, token: token as string, call, stop };
}
