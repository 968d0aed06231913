import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { offerSecret, storedSecretValue } from './db/app-secrets.queries.ts';
import type { Orm } from './db/orm.ts';
import { sqlOf } from './db/sql.ts';

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
  return storedSecret(orm, 'jwt', earlier);
}

/**
 * A secret generated once and kept in the database under `name`, shared by every process.
 * Each use has its own (the embed redirect key lives on customers' pages for years, so rotating
 * the JWT secret must not end it).
 */
export async function storedSecret(orm: Orm, name: string, candidate = randomBytes(48).toString('base64url')): Promise<string> {
  const sql = sqlOf(orm.em.getConnection());
  // The first process to get here stores its candidate; everyone reads back the one stored.
  await offerSecret(sql, name, candidate);
  return storedSecretValue(sql, name);
}
