import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the API that can drop the network: `cut()` closes every connection and
 * stops listening (connections are refused, as with a lost network); `restore()` listens again.
 */
export async function startProxy(target: URL): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const make = (): Server =>
    createServer((client) => {
      const upstream = connect(Number(target.port), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  let server = make();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  const stop = () =>
    new Promise<void>((done) => {
      for (const s of sockets) s.destroy();
      server.close(() => done());
    });
  return {
    url: `http://127.0.0.1:${port}`,
    cut: stop,
    async restore() {
      server = make();
      await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
    },
    close: stop,
  };
}
