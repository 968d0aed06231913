import pg from 'pg';
import type { Logger } from 'pino';

const RECONNECT_MS = 1_000;

/**
 * Listens to a NOTIFY channel on a connection of its own. If the connection drops it comes back
 * after a second, and `onMessage(null)` says that anything may have been missed meanwhile.
 */
export async function listenChannel(databaseUrl: string, log: Logger, channel: string, onMessage: (payload: string | null) => void) {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect() {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (n) => onMessage(n.payload ?? ''));
    const reconnect = (err?: unknown) => {
      if (closed || client !== c) return;
      client = null;
      if (err) log.warn({ err, channel }, 'listener lost its connection');
      onMessage(null);
      retry = setTimeout(() => void connect().catch(reconnect), RECONNECT_MS);
    };
    c.on('error', reconnect);
    c.on('end', () => reconnect());
    client = c;
    await c.connect();
    await c.query(`listen ${channel}`);
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
