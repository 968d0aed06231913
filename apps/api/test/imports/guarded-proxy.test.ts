import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type GuardedProxy, startGuardedProxy } from '../../src/imports/guarded-proxy.ts';
import { type LocalServer, send, startServer } from './local-server.ts';

let server: LocalServer;
beforeAll(async () => {
  server = await startServer({ '/hello': send('hello'), '/big': send(Buffer.alloc(50_000)) });
});
afterAll(() => server.close());

function authOf(proxy: GuardedProxy) {
  const u = new URL(proxy.url);
  return `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}`;
}

/** CONNECT host:port through the proxy; then a plain GET inside the tunnel. Resolves to the raw answers. */
function tunnel(proxy: GuardedProxy, target: string, auth = authOf(proxy)): Promise<{ connect: string; inner: string }> {
  const p = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(p.port), p.hostname, () => {
      socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\nProxy-Authorization: ${auth}\r\n\r\n`);
    });
    let data = '';
    let connect = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      data += chunk;
      if (!connect && data.includes('\r\n\r\n')) {
        connect = data.slice(0, data.indexOf('\r\n\r\n'));
        data = '';
        if (connect.includes(' 200 ')) socket.write(`GET /hello HTTP/1.1\r\nHost: ${target}\r\nConnection: close\r\n\r\n`);
      }
    });
    socket.on('end', () => resolve({ connect, inner: data }));
    socket.on('error', reject);
  });
}

function viaProxy(proxy: GuardedProxy, url: string): Promise<{ status: number; body: string }> {
  const p = new URL(proxy.url);
  return new Promise((resolve) => {
    const req = http.request({ host: p.hostname, port: p.port, path: url, headers: { 'proxy-authorization': authOf(proxy) } }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // A connection the proxy cuts is an answer too.
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.end();
  });
}

test('tunnels and plain requests to an allowed host go through', async () => {
  const proxy = await startGuardedProxy({ allowedHosts: ['127.0.0.1'], maxBytes: 1_000_000 });
  try {
    const t = await tunnel(proxy, `127.0.0.1:${server.port}`);
    expect(t.connect).toMatch(/^HTTP\/1.1 200/);
    expect(t.inner).toMatch(/^HTTP\/1.1 200[\s\S]*hello$/);
    expect(await viaProxy(proxy, server.url('/hello'))).toEqual({ status: 200, body: 'hello' });
    expect(proxy.refusal()).toBeNull();
  } finally {
    await proxy.close();
  }
});

test('private addresses are refused and the refusal is kept for the caller', async () => {
  const proxy = await startGuardedProxy({ allowedHosts: [], maxBytes: 1_000_000 });
  try {
    server.hits.length = 0;
    expect((await tunnel(proxy, `127.0.0.1:${server.port}`)).connect).toMatch(/^HTTP\/1.1 403/);
    expect((await tunnel(proxy, `[::ffff:127.0.0.1]:${server.port}`)).connect).toMatch(/^HTTP\/1.1 403/);
    expect((await tunnel(proxy, `localhost:${server.port}`)).connect).toMatch(/^HTTP\/1.1 403/);
    expect((await viaProxy(proxy, 'http://169.254.169.254/latest/meta-data/')).status).toBe(403);
    expect(server.hits).toEqual([]);
    expect(proxy.refusal()).toMatchObject({ code: 'address', message: 'This address is not allowed for imports.' });
  } finally {
    await proxy.close();
  }
});

test('the proxy answers only with its password', async () => {
  const proxy = await startGuardedProxy({ allowedHosts: ['127.0.0.1'], maxBytes: 1_000_000 });
  try {
    expect((await tunnel(proxy, `127.0.0.1:${server.port}`, 'Basic d3Jvbmc6d3Jvbmc=')).connect).toMatch(/^HTTP\/1.1 407/);
  } finally {
    await proxy.close();
  }
});

test('bytes relayed past the limit cut the connection', async () => {
  const proxy = await startGuardedProxy({ allowedHosts: ['127.0.0.1'], maxBytes: 10_000 });
  try {
    const res = await viaProxy(proxy, server.url('/big'));
    expect(res.body.length).toBeLessThan(50_000);
    expect(proxy.refusal()).toMatchObject({ code: 'too-large' });
  } finally {
    await proxy.close();
  }
});
