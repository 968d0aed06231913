import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';

/** The durable job queue on the same PostgreSQL (pg-boss keeps its tables in its own schema). */
export async function startQueue(databaseUrl: string, log: Logger) {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4 });
  let lastError: Error | null = null;
  boss.on('error', (err: Error) => {
    lastError = err;
    log.error({ err }, 'queue error');
  });
  await boss.start();
  return {
    boss,
    /** 'ok' when the queue's schema answers; the last error otherwise. */
    async status(): Promise<string> {
      try {
        return (await boss.isInstalled()) ? 'ok' : 'not installed';
      } catch (err) {
        return `error: ${(err as Error).message ?? lastError?.message}`;
      }
    },
    stop: () => boss.stop({ graceful: true, timeout: 5_000 }),
  };
}
export type Queue = Awaited<ReturnType<typeof startQueue>>;
