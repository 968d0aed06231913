import pg from 'pg';

// Any fixed number: every Reelbase process takes the same one.
const STARTUP_LOCK = 7_424_815;

/**
 * Runs `fn` while holding a PostgreSQL advisory lock, so API processes and workers started at
 * the same moment on several machines apply migrations and create the queues one at a time.
 * The lock lives in its own session; closing that session releases it even if `fn` throws.
 */
export async function withStartupLock<T>(databaseUrl: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await fn();
  } finally {
    await client.end();
  }
}
