import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Orm } from './db/orm.ts';

/**
 * The JWT secret: from the setting, else generated once and kept in the database, so every API
 * process on every machine signs and checks tokens alike and restarts keep sessions. An install
 * that kept it in DATA_DIR/secrets.json (before several machines) carries that one over.
 */
export async function jwtSecret(orm: Orm, dataDir: string, configured?: string): Promise<string> {
  if (configured) return configured;
  const earlier = await readFile(join(dataDir, 'secrets.json'), 'utf8')
    .then((t) => JSON.parse(t).jwtSecret as string | undefined)
    .catch(() => undefined);
  const conn = orm.em.getConnection();
  // The first process to get here stores its candidate; everyone reads back the one stored.
  await conn.execute('insert into app_secrets (name, value) values (?, ?) on conflict (name) do nothing', ['jwt', earlier ?? randomBytes(48).toString('base64url')]);
  const [row] = await conn.execute<{ value: string }[]>('select value from app_secrets where name = ?', ['jwt']);
  return row.value;
}
