import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticWeb } from '../../api/src/http/static-web.ts';

let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelbase-dist-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Reelbase</title>');
  await writeFile(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(join(dir, 'favicon.svg'), '<svg/>');
  const app = new Koa();
  app.use(staticWeb(dir));
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = { message: 'Not found' };
  });
  server = await new Promise((r) => {
    const s = app.listen(0, '127.0.0.1', () => r(s));
  });
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await rm(dir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('staticWeb', () => {
  it('serves hashed assets with a long cache', async () => {
    const res = await fetch(`${base}/assets/index-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log(1)');
  });

  it('serves index.html without caching, for / and for client routes that accept HTML', async () => {
    for (const path of ['/', '/settings', '/3f0c7a5e-1111-4222-8333-944445555666', '/admin/users', '/index.html']) {
      const res = await fetch(base + path, { headers: html });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>Reelbase</title>');
    }
  });

  it('serves the app page at / whatever the Accept header (curl, health checkers)', async () => {
    const res = await fetch(`${base}/`, { headers: { accept: '*/*' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Reelbase</title>');
  });

  it('answers 304 to a revalidation of an unchanged file', async () => {
    const first = await fetch(`${base}/settings`, { headers: html });
    // node:http, because fetch adds `Cache-Control: no-cache` to conditional requests.
    const status = await new Promise<number | undefined>((done, fail) =>
      get(`${base}/settings`, { headers: { ...html, 'if-none-match': first.headers.get('etag') ?? '' } }, (res) => {
        res.resume();
        done(res.statusCode);
      }).on('error', fail),
    );
    expect(status).toBe(304);
  });

  it('leaves API, refresh, media and embed paths to the API', async () => {
    for (const path of ['/api/videos', '/auth/refresh', '/media/videos/x/main.mp4', '/embed/mp4/x', '/api']) {
      const res = await fetch(base + path, { headers: html });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not found' });
    }
  });

  it('does not answer non-HTML requests, missing assets, other methods or paths outside dist', async () => {
    expect((await fetch(`${base}/settings`, { headers: { accept: 'application/json' } })).status).toBe(404);
    expect((await fetch(`${base}/assets/missing.js`, { headers: html })).status).toBe(404);
    expect((await fetch(`${base}/settings`, { method: 'POST', headers: html })).status).toBe(404);
    const res = await fetch(`${base}/%2e%2e/%2e%2e/etc/passwd`, { headers: { accept: 'text/plain' } });
    expect(res.status).toBe(404);
  });

  it('serves other files of dist with a short cache', async () => {
    const res = await fetch(`${base}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });
});
