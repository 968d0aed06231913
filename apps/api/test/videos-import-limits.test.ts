import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServer as startOrigin, type LocalServer } from './imports/local-server.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Imports from servers that hold a worker: one that drips a byte a second (cut at the import's
 * deadline, or at once by the minimum rate) and one that sends part of a file and stalls (its
 * bytes count against the owner's storage while it runs).
 */
let origin: LocalServer;
const open = new Set<ServerResponse>();
const drip = (_req: unknown, res: ServerResponse) => {
  open.add(res);
  res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(1024 * 1024) });
  const timer = setInterval(() => res.write('x'), 1000);
  res.write('x');
  res.on('close', () => {
    clearInterval(timer);
    open.delete(res);
  });
};
const stallAfter = (bytes: number) => (_req: unknown, res: ServerResponse) => {
  open.add(res);
  res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(4 * bytes) });
  res.write(Buffer.alloc(bytes, 1));
  res.on('close', () => open.delete(res));
};

beforeAll(async () => {
  origin = await startOrigin({ '/drip.mp4': drip, '/drip-again.mp4': drip, '/stall.mp4': stallAfter(600 * 1024) });
});
afterAll(() => origin.close());

/** A server allowed to import from the origin, with these settings, and a signed-in account. */
async function withServer(env: Record<string, string>, run: (s: TestServer, token: string) => Promise<void>) {
  const s = await startTestServer({ IMPORT_ALLOWED_HOSTS: '127.0.0.1', ...env });
  try {
    await run(s, (await signUpAndLogin(s)).accessToken);
  } finally {
    await s.stop();
  }
}

async function importFailure(s: TestServer, token: string, id: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const st = await s.api('GET', `/api/videos/${id}/import`, { token });
    if (st.body.error) return st.body.error as string;
    if (Date.now() > deadline) throw new Error(`import ${id} did not fail: ${JSON.stringify(st.body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('an import that drips a byte a second is cut at its deadline, not retried, and the next import may start', () =>
  withServer({ IMPORT_TIMEOUT_SECONDS: '3', IMPORT_MIN_BYTES_PER_SECOND: '0', JOB_RETRY_DELAY_SECONDS: '1' }, async (s, token) => {
    const started = Date.now();
    const first = await s.api('POST', '/api/videos/import', { token, body: { url: origin.url('/drip.mp4') } });
    expect(first.status).toBe(202);
    // One running import per account, whatever the link.
    const second = await s.api('POST', '/api/videos/import', { token, body: { url: origin.url('/drip-again.mp4') } });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('An import is already running for your account. Wait until it finishes.');

    expect(await importFailure(s, token, first.body.id)).toBe('The import took too long and was stopped.');
    expect(Date.now() - started).toBeLessThan(60_000); // at 1 byte a second the file would take 12 days
    const requests = origin.hits.filter((p) => p === '/drip.mp4').length;
    await new Promise((r) => setTimeout(r, 3_000)); // past the retry delay: no second try
    expect(origin.hits.filter((p) => p === '/drip.mp4').length).toBe(requests);
    expect(open.size).toBe(0); // the connection was closed

    const next = await s.api('POST', '/api/videos/import', { token, body: { url: origin.url('/drip-again.mp4') } });
    expect(next.status).toBe(202);
    await importFailure(s, token, next.body.id);
  }));

test('two imports sent at once: one runs, the other is refused', () =>
  withServer({ IMPORT_TIMEOUT_SECONDS: '2', IMPORT_MIN_BYTES_PER_SECOND: '0' }, async (s, token) => {
    const answers = await Promise.all([1, 2, 3].map(() => s.api('POST', '/api/videos/import', { token, body: { url: origin.url('/drip.mp4') } })));
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409, 409]);
    await importFailure(s, token, answers.find((a) => a.status === 202)?.body.id);
  }));

test('an import slower than the minimum rate is stopped at the end of a measuring window', () =>
  withServer({ IMPORT_MIN_BYTES_PER_SECOND: '1024', IMPORT_RATE_WINDOW_SECONDS: '2' }, async (s, token) => {
    const res = await s.api('POST', '/api/videos/import', { token, body: { url: origin.url('/drip.mp4') } });
    expect(await importFailure(s, token, res.body.id, 30_000)).toBe('The server sent the file too slowly (under 1 KB a second) and the import was stopped.');
  }));

test('the bytes of a running import count against the storage limit', () =>
  withServer({ IMPORT_TIMEOUT_SECONDS: '8', IMPORT_MIN_BYTES_PER_SECOND: '0', STORAGE_LIMIT_BYTES_PER_ACCOUNT: String(1024 * 1024) }, async (s, token) => {
    const clip = new File([Buffer.alloc(500 * 1024, 2)], 'clip.mp4', { type: 'video/mp4' });
    const upload = async () => {
      const form = new FormData();
      form.append('video', clip);
      return fetch(`${s.url}/api/videos`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    };
    const res = await s.api('POST', '/api/videos/import', { token, body: { url: origin.url('/stall.mp4') } });
    expect(res.status).toBe(202);
    // 600 KB of 2.4 MB are sent, then the server stalls.
    for (let i = 0; i < 100 && open.size === 0; i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1_500));
    // Those 600 KB are reserved while the import runs: 500 KB more do not fit in 1 MB.
    const refused = await upload();
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { message: string }).message).toBe('Your storage limit is reached. Delete videos or change your plan to upload more.');
    expect((await s.api('GET', `/api/videos/${res.body.id}/import`, { token })).body.error).toBeNull();
    // Once the import has ended (its deadline), the space is free again.
    expect(await importFailure(s, token, res.body.id)).toBe('The import took too long and was stopped.');
    expect((await upload()).status).toBe(201);
  }));
