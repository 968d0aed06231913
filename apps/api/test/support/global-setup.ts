import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../src/db/embedded-postgres.ts';
import { createTemplateDatabase } from './template-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** The migrated database each test server's database is cloned from (template-database.ts). */
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL for the run (DATABASE_URL when set, else embedded) and one migrated template in
 * it; each test file makes its own databases in it (clones of the template for test servers).
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | null = null;
  let dir = '';
  let url = process.env.DATABASE_URL ?? '';
  if (!url) {
    dir = await mkdtemp(join(tmpdir(), 'reelbase-pg-'));
    // As root, PostgreSQL runs as a `postgres` user that must enter this folder.
    await chmod(dir, 0o755);
    embedded = await startEmbeddedPostgres(join(dir, 'pg'));
    url = embedded.url;
  }
  project.provide('databaseUrl', url);
  const template = await createTemplateDatabase(url).catch(async (err) => {
    await embedded?.stop();
    throw err;
  });
  project.provide('templateDatabase', template.name);
  return async () => {
    await template.drop().catch(() => {});
    await embedded?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}
