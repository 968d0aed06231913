import type { Logger } from 'pino';
import type { Sql } from '../../db/sql.ts';
import { listenChannel } from '../../db/listen.ts';
import { videoQueries } from './videos.queries.ts';

const CHANNEL = 'reelbase_serving';

/**
 * Tells every API process that videos may no longer be served (a block, a ban, a deletion), so
 * their delivery caches drop the answers at once instead of after DELIVERY_STATUS_CACHE_SECONDS.
 * Sent inside the change's transaction: PostgreSQL delivers it on commit, and never on rollback.
 * Without ids, every cached answer goes (a ban touches all of a user's videos).
 */
export async function announceServingChange(sql: Sql, videoIds?: string[]): Promise<void> {
  await videoQueries.notify(sql, CHANNEL, JSON.stringify({ ids: videoIds ?? null }));
}

/**
 * Listens for those announcements on a connection of its own. If the connection drops it comes
 * back after a second; meanwhile the cache's own expiry still bounds how long an answer lives.
 */
export function listenServingChanges(databaseUrl: string, log: Logger, forget: (videoIds?: string[]) => void) {
  return listenChannel(databaseUrl, log, CHANNEL, (payload) => {
    // Null: the connection dropped, anything may have changed while nobody listened.
    if (payload === null) return forget();
    try {
      const { ids } = JSON.parse(payload || '{}') as { ids?: string[] | null };
      forget(ids ?? undefined);
    } catch (err) {
      log.warn({ err }, 'unreadable serving change');
    }
  });
}
