import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { copyMedia } from './copy-media.ts';
import { openStorage } from './open-storage.ts';

/*
 * `pnpm --filter @reelbase/api storage:migrate [--to s3|local] [--env-file path]`
 * Copies all media and images from the other storage into `--to` (default s3, using the S3_*
 * settings), then switches STORAGE in the env file when one is given. Run it once while the
 * service runs, then stop the API and workers, run it again (it copies only what is new),
 * and start them with the new setting.
 */
const { values } = parseArgs({ options: { to: { type: 'string', default: 's3' }, 'env-file': { type: 'string' } } });
const log = pino({ level: 'info' });
const to = values.to === 'local' ? 'local' : 's3';
const from = to === 's3' ? 'local' : 's3';
// One side is always the bucket, so its settings are checked as STORAGE=s3 would.
const config = loadConfig({ ...process.env, STORAGE: 's3' });
const source = await openStorage(config, from);
const target = await openStorage(config, to);
let n = 0;
const result = await copyMedia(source, target, () => {
  if (++n % 100 === 0) log.info({ copied: n }, 'copying');
});
log.info({ from, to, ...result }, 'media copied');
await source.close?.();
await target.close?.();

const envFile = values['env-file'];
if (envFile) {
  const text = await readFile(envFile, 'utf8').catch(() => '');
  const line = `STORAGE=${to}`;
  const next = /^STORAGE=.*$/m.test(text) ? text.replace(/^STORAGE=.*$/m, line) : `${text}${text && !text.endsWith('\n') ? '\n' : ''}${line}\n`;
  await writeFile(envFile, next);
  log.info({ envFile, setting: line }, 'setting switched: restart the API and workers');
} else {
  log.info(`now set STORAGE=${to} for the API and every worker, and restart them`);
}
