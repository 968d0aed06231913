import pino from 'pino';
import { loadConfig } from './config.ts';
import { startCore } from './core.ts';

// A worker on its own, for more processing power: same database and storage as the API.
const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL });
if (!config.DATABASE_URL) {
  log.fatal('a standalone worker needs DATABASE_URL (the API process already runs one worker)');
  process.exit(1);
}
const core = await startCore(config, log, config.DATABASE_URL);
await core.startWorkers();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log.info({ signal }, 'worker stopping');
    core.close().finally(() => process.exit(0));
  });
}
