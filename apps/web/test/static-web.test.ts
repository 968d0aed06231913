import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import type { ResolvedConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticWeb } from '../../api/src/http/static-web.ts';
import { precompress } from '../build/precompress.ts';

let dir: string;
const bigScript = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 37}`))};`;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelbase-dist-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Reelbase</title>');
  await writeFile(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(join(dir, 'favicon.svg'), '<svg/>');
  await writeFile(join(dir, 'assets', 'app-def456.js'), bigScript);
  // The build's own step writes the compressed copies.
  const plugin = precompress() as unknown as { configResolved(c: ResolvedConfig): void; closeBundle(): Promise<void> };
  plugin.configResolved({ root: dir, build: { outDir: dir } } as ResolvedConfig);
  await plugin.closeBundle();
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

/** The raw answer (fetch would decode it), with its headers. */
function raw(path: string, headers: Record<string, string>) {
  return new Promise<{ status?: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((done, fail) =>
    get(base + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', fail),
  );
}

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

  it('the app page may run only our own scripts and may not be framed; assets carry no policy of their own', async () => {
    const csp = (await fetch(`${base}/settings`, { headers: html })).headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect((await fetch(`${base}/assets/index-abc123.js`)).headers.get('content-security-policy')).toBeNull();
  });

  it('the app page keeps hold of the sign-in windows it opens, and the page they return to keeps its opener', async () => {
    const coop = async (path: string) => (await fetch(`${base}${path}`, { headers: html })).headers.get('cross-origin-opener-policy');
    expect(await coop('/login')).toBe('same-origin-allow-popups');
    expect(await coop('/')).toBe('same-origin-allow-popups');
    expect(await coop('/oauth-callback')).toBe('unsafe-none');
    expect((await fetch(`${base}/oauth-callback`, { headers: html })).headers.get('content-security-policy')).toContain("script-src 'self'");
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

  it('sends the precompressed copy the client accepts (brotli first, then gzip), with Vary', async () => {
    const br = await raw('/assets/app-def456.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(bigScript.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(bigScript);

    const gz = await raw('/assets/app-def456.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(bigScript);
    // Each encoding is its own version for caches.
    expect(gz.headers.etag).not.toBe(br.headers.etag);

    for (const accept of [{} as Record<string, string>, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }]) {
      const plain = await raw('/assets/app-def456.js', accept);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(bigScript);
    }
  });

  it('keeps tiny files uncompressed (a compressed copy would not pay for itself)', async () => {
    const res = await raw('/assets/index-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe('console.log(1)');
  });

  it('serves other files of dist with a short cache', async () => {
    const res = await fetch(`${base}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });
});
