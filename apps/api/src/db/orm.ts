import type { Logger } from 'pino';
import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { migrations } from './migrations/index.ts';

/**
 * Connects, then applies committed migrations (never schema auto-sync). The entities are the
 * modules' (modules/entities.ts), handed in by the composition root: the database layer knows no module.
 */
export async function openDatabase(clientUrl: string, entities: Options['entities'], log?: Logger) {
  const orm = await MikroORM.init({
    clientUrl,
    entities,
    extensions: [Migrator],
    migrations: { migrationsList: migrations, transactional: true, allOrNothing: true, snapshot: false },
    pool: { min: 0, max: 10 },
    debug: false,
    logger: (message: string) => log?.debug({ orm: message }),
  });
  await orm.migrator.up();
  return orm;
}

export type Orm = Awaited<ReturnType<typeof openDatabase>>;
