import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from './config.ts';
import { startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { startServer } from './server.ts';

const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL });

// No DATABASE_URL: run the PostgreSQL that ships inside npm, with its data in DATA_DIR.
const embedded = config.DATABASE_URL ? null : await startEmbeddedPostgres(join(config.DATA_DIR, 'postgres'), (m, notice) => (notice ? log.info({ pg: m }) : log.debug({ pg: m })));
let databaseUrl = config.DATABASE_URL;
if (embedded) {
  databaseUrl = embedded.url.replace(/\/postgres$/, '/reelbase');
  await embedded.createDatabase('reelbase').catch(() => {}); // already there after the first start
  log.info('embedded PostgreSQL started');
}

let stopping = false;
const server = await startServer(config, log, databaseUrl as string);
// The one plain line among the JSON log: what a person who ran `npm start` needs next.
process.stdout.write(`Reelbase is ready: open ${config.PUBLIC_URL}\n`);

// One worker beside the API, in its own process: media jobs never share the API's memory or
// event loop, and a crashed worker is restarted without taking the API down.
let worker: ChildProcess | null = null;
function startWorker() {
  worker = spawn(process.execPath, [...process.execArgv, join(import.meta.dirname, 'worker.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: 'inherit',
  });
  worker.on('exit', (code, signal) => {
    if (stopping) return;
    log.error({ code, signal }, 'worker exited; restarting in 2 s');
    setTimeout(startWorker, 2_000).unref();
  });
}
if (config.RUN_WORKER) startWorker();

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  if (worker && worker.exitCode === null) {
    const exited = new Promise((r) => worker?.once('exit', r));
    worker.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  }
  await server.close().catch((err) => log.error({ err }, 'close failed'));
  await embedded?.stop().catch((err) => log.error({ err }, 'embedded PostgreSQL stop failed'));
  process.exit(0);
}
// Connections the database drops while it stops are expected then, not a crash.
process.on('uncaughtException', (err) => {
  if (!stopping) throw err;
  log.debug({ err }, 'error while stopping');
});
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
