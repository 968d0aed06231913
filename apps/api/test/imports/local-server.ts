import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  port: number;
  /** http://127.0.0.1:port + path */
  url(path: string): string;
  /** Paths requested so far. */
  hits: string[];
  close(): Promise<void>;
}

type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A plain HTTP server on 127.0.0.1 answering from a path -> handler table (404 otherwise). */
export async function startServer(routes: Record<string, Route>): Promise<LocalServer> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.push(path);
    const route = routes[path];
    if (route) route(req, res);
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const send =
  (body: string | Buffer, headers: Record<string, string> = {}): Route =>
  (_req, res) => {
    res.writeHead(200, { 'content-length': String(Buffer.byteLength(body)), ...headers }).end(body);
  };

export const redirect =
  (location: string, status = 302): Route =>
  (_req, res) => {
    res.writeHead(status, { location }).end();
  };
