import pg from 'pg';
import type { Logger } from 'pino';
import type { Sql } from '../folders/folder-access.ts';

const CHANNEL = 'reelbase_serving';
const RECONNECT_MS = 1_000;

/**
 * Tells every API process that videos may no longer be served (a block, a ban, a deletion), so
 * their delivery caches drop the answers at once instead of after DELIVERY_STATUS_CACHE_SECONDS.
 * Sent inside the change's transaction: PostgreSQL delivers it on commit, and never on rollback.
 * Without ids, every cached answer goes (a ban touches all of a user's videos).
 */
export async function announceServingChange(sql: Sql, videoIds?: string[]): Promise<void> {
  await sql('select pg_notify(?, ?)', [CHANNEL, JSON.stringify({ ids: videoIds ?? null })]);
}

/**
 * Listens for those announcements on a connection of its own. If the connection drops it comes
 * back after a second; meanwhile the cache's own expiry still bounds how long an answer lives.
 */
export async function listenServingChanges(databaseUrl: string, log: Logger, forget: (videoIds?: string[]) => void) {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect() {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (n) => {
      try {
        const { ids } = JSON.parse(n.payload ?? '{}') as { ids?: string[] | null };
        forget(ids ?? undefined);
      } catch (err) {
        log.warn({ err }, 'unreadable serving change');
      }
    });
    const reconnect = (err?: unknown) => {
      if (closed || client !== c) return;
      client = null;
      if (err) log.warn({ err }, 'serving-change listener lost its connection');
      // Anything may have changed while nobody listened.
      forget();
      retry = setTimeout(() => void connect().catch(reconnect), RECONNECT_MS);
    };
    c.on('error', reconnect);
    c.on('end', () => reconnect());
    client = c;
    await c.connect();
    await c.query(`listen ${CHANNEL}`);
  }

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
