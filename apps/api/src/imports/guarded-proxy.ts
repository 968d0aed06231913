import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net, { type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { type HostPolicy, pinnedLookup, type ResolveAll, resolveVetted } from './host-vetting.ts';
import { ImportRefusedError, tooLargeMessage } from './import-error.ts';

/**
 * A short-lived HTTP proxy on 127.0.0.1 that applies the import guard to a program we do not
 * control (yt-dlp): every CONNECT tunnel and every plain request is resolved and checked like a
 * guarded fetch and connected to the checked address, and the bytes relayed are counted against
 * one limit. Redirects are new requests, so each hop is checked too. Answers only to a random
 * password, so other local processes cannot borrow it.
 */

export interface GuardedProxyOptions {
  allowedHosts: readonly string[];
  /** Bytes relayed from servers to the client, over every connection, before everything is cut. */
  maxBytes: number;
  resolveAll?: ResolveAll;
}

export interface GuardedProxy {
  /** http://user:password@127.0.0.1:port, for the client's proxy setting. */
  url: string;
  /** The first request refused (address or size), to explain why the client failed. */
  refusal(): ImportRefusedError | null;
  close(): Promise<void>;
}

export async function startGuardedProxy(options: GuardedProxyOptions): Promise<GuardedProxy> {
  const policy: HostPolicy = { allowedHosts: options.allowedHosts, resolveAll: options.resolveAll };
  const password = randomBytes(18).toString('base64url');
  const expectedAuth = `Basic ${Buffer.from(`import:${password}`).toString('base64')}`;
  const open = new Set<Duplex>();
  let relayed = 0;
  let firstRefusal: ImportRefusedError | null = null;

  const track = (socket: Duplex) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  const count = (bytes: number) => {
    relayed += bytes;
    if (relayed > options.maxBytes) {
      firstRefusal ??= new ImportRefusedError('too-large', tooLargeMessage(options.maxBytes));
      for (const socket of open) socket.destroy();
    }
  };
  const vet = async (hostname: string) => {
    try {
      return await resolveVetted(hostname, policy);
    } catch (err) {
      if (err instanceof ImportRefusedError && err.code === 'address') firstRefusal ??= err;
      return null;
    }
  };

  const server = http.createServer(async (req, res) => {
    track(req.socket);
    if (req.headers['proxy-authorization'] !== expectedAuth) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="import"' }).end();
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (url.protocol !== 'http:') {
      res.writeHead(400).end();
      return;
    }
    const addresses = await vet(url.hostname);
    if (!addresses) {
      res.writeHead(403).end();
      return;
    }
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = http.request(
      {
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || 80,
        path: `${url.pathname}${url.search}`,
        method: req.method,
        headers,
        lookup: pinnedLookup(addresses),
        agent: false,
      },
      (upstreamRes) => {
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, upstreamRes.rawHeaders);
        upstreamRes.on('data', (chunk: Buffer) => count(chunk.byteLength));
        upstreamRes.pipe(res);
      },
    );
    upstream.on('socket', track);
    upstream.on('error', () => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502).end();
    });
    req.pipe(upstream);
  });

  server.on('connect', async (req: http.IncomingMessage, client: Socket, head: Buffer) => {
    track(client);
    client.on('error', () => {});
    if (req.headers['proxy-authorization'] !== expectedAuth) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="import"\r\n\r\n');
      return;
    }
    let target: URL;
    try {
      target = new URL(`http://${req.url}`);
    } catch {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const addresses = await vet(target.hostname);
    if (!addresses) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = net.connect({
      host: target.hostname.replace(/^\[|\]$/g, ''),
      port: Number(target.port || 80),
      lookup: pinnedLookup(addresses),
    });
    track(upstream);
    let connected = false;
    upstream.on('error', () => {
      if (!connected && client.writable) client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      else client.destroy();
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => {
      if (connected) client.destroy();
    });
    upstream.once('connect', () => {
      connected = true;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.on('data', (chunk: Buffer) => count(chunk.byteLength));
      upstream.pipe(client);
      client.pipe(upstream);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `http://import:${password}@127.0.0.1:${port}`,
    refusal: () => firstRefusal,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
