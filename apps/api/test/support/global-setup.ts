import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../src/db/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** One PostgreSQL for the run (DATABASE_URL when set, else embedded); each test file makes its own database in it. */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | null = null;
  let dir = '';
  if (process.env.DATABASE_URL) {
    project.provide('databaseUrl', process.env.DATABASE_URL);
  } else {
    dir = await mkdtemp(join(tmpdir(), 'reelbase-pg-'));
    // As root, PostgreSQL runs as a `postgres` user that must enter this folder.
    await chmod(dir, 0o755);
    embedded = await startEmbeddedPostgres(join(dir, 'pg'));
    project.provide('databaseUrl', embedded.url);
  }
  return async () => {
    await embedded?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}
