import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../src/client/api.ts';
import { ApiError } from '../src/client/errors.ts';

/*
 * Issue 35 item 8: the uploader waits for Retry-After after a 429 (too many uploads or queued jobs
 * just now) before sending again, on the multipart path and on the resumable (tus) path; a long
 * Retry-After is the caller's 429 at once. A real local HTTP server answers 429 first.
 */
interface Seen {
  method: string;
  path: string;
  at: number;
}
let server: Server | null = null;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

const VIDEO = { id: 'a0000000-0000-4000-8000-000000000001', name: 'Harbour tour' };
const TOO_MANY = JSON.stringify({ message: 'Too many requests. Try again later.', code: 'RATE_LIMITED' });

/** A server whose first `refusals` upload requests answer 429 with `retryAfter`, then accept. */
async function serve(retryAfter: string, refusals = 1) {
  const seen: Seen[] = [];
  let refused = 0;
  const drain = (req: IncomingMessage) => new Promise<void>((r) => req.on('data', () => {}).on('end', () => r()));
  server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      seen.push({ method: req.method ?? '', path, at: Date.now() });
      await drain(req);
      const creates = (req.method === 'POST' && path === '/api/videos') || (req.method === 'POST' && path === '/api/uploads');
      if (creates && refused < refusals) {
        refused++;
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter, 'tus-resumable': '1.0.0' });
        return res.end(TOO_MANY);
      }
      if (req.method === 'POST' && path === '/api/videos') {
        res.writeHead(201, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(VIDEO));
      }
      if (req.method === 'POST' && path === '/api/uploads') {
        res.writeHead(201, { location: '/api/uploads/u1', 'tus-resumable': '1.0.0' });
        return res.end();
      }
      if (req.method === 'PATCH' && path === '/api/uploads/u1') {
        res.writeHead(204, { 'upload-offset': req.headers['content-length'] ?? '0', 'x-video-id': VIDEO.id, 'tus-resumable': '1.0.0' });
        return res.end();
      }
      if (req.method === 'GET' && path === `/api/videos/${VIDEO.id}`) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(VIDEO));
      }
      res.writeHead(404).end();
    })();
  });
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', () => r()));
  const client = createApiClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'rbk_test' });
  return { client, seen };
}

const file = (bytes: number) => new Blob([new Uint8Array(bytes)], { type: 'video/mp4' });
const creations = (seen: Seen[], path: string) => seen.filter((s) => s.method === 'POST' && s.path === path);

describe('uploads after a 429', () => {
  it('a form upload waits Retry-After, then sends again and resolves with the video', async () => {
    const { client, seen } = await serve('1');
    const video = await client.videos.upload({ file: file(1024), filename: 'harbour.mp4' });
    expect(video).toMatchObject({ id: VIDEO.id, name: 'Harbour tour' });
    const [refused, accepted] = creations(seen, '/api/videos');
    expect(creations(seen, '/api/videos')).toHaveLength(2);
    // Not sooner than the server asked (a lower bound only: later is always allowed).
    expect(accepted.at - refused.at).toBeGreaterThanOrEqual(1000);
  });

  it('a resumable (tus) upload waits Retry-After before creating the upload again, then finishes', async () => {
    const { client, seen } = await serve('2');
    // retryDelays of 0: without Retry-After the retry would follow at once.
    const id = await client.videos.resumableUpload({ file: Buffer.alloc(2048), filename: 'harbour.mp4', filetype: 'video/mp4', name: 'Harbour tour', retryDelays: [0, 0, 0] });
    expect(id).toBe(VIDEO.id);
    const [refused, accepted] = creations(seen, '/api/uploads');
    expect(creations(seen, '/api/uploads')).toHaveLength(2);
    expect(accepted.at - refused.at).toBeGreaterThanOrEqual(2000);
  });

  it('a Retry-After longer than a minute is the caller\'s 429 at once, with the server\'s message and its wait', async () => {
    const { client, seen } = await serve('3600', 2);
    const err = await client.videos.upload({ file: file(1024), filename: 'harbour.mp4' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 429, message: 'Too many requests. Try again later.', retryAfterSeconds: 3600 });
    expect(creations(seen, '/api/videos')).toHaveLength(1);

    const tusErr = await client.videos.resumableUpload({ file: Buffer.alloc(2048), filename: 'harbour.mp4', filetype: 'video/mp4', name: 'Harbour tour' }).catch((e: unknown) => e);
    expect(tusErr).toMatchObject({ status: 429 });
    expect(creations(seen, '/api/uploads')).toHaveLength(1);
  });

  it('a cancelled upload stops waiting at once', async () => {
    const { client, seen } = await serve('30');
    const abort = new AbortController();
    const upload = client.videos.upload({ file: file(1024), filename: 'harbour.mp4', signal: abort.signal }).catch((e: unknown) => e);
    // Cancel once the 429 has arrived (the wait has begun).
    while (!creations(seen, '/api/videos').length) await new Promise((r) => setTimeout(r, 10));
    abort.abort();
    expect(await upload).toMatchObject({ name: 'AbortError' });
    expect(creations(seen, '/api/videos')).toHaveLength(1);
  });
});
