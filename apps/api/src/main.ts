import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from './config.ts';
import { startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { startServer } from './server.ts';

const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL });

// No DATABASE_URL: run the PostgreSQL that ships inside npm, with its data in DATA_DIR.
const embedded = config.DATABASE_URL ? null : await startEmbeddedPostgres(join(config.DATA_DIR, 'postgres'), (m) => log.debug({ pg: m }));
let databaseUrl = config.DATABASE_URL;
if (embedded) {
  databaseUrl = embedded.url.replace(/\/postgres$/, '/reelbase');
  await embedded.createDatabase('reelbase').catch(() => {}); // already there after the first start
  log.info('embedded PostgreSQL started');
}

const server = await startServer(config, log, databaseUrl as string);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
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
