import type { Logger } from 'pino';
import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { OneTimeToken, RefreshToken } from '../modules/auth/token.entities.ts';
import { CaptionTrack } from '../modules/captions/caption.entity.ts';
import { Gif } from '../modules/gifs/gif.entity.ts';
import { User } from '../modules/users/user.entity.ts';
import { Video } from '../modules/videos/video.entity.ts';
import { migrations } from './migrations/index.ts';

export const entities = [User, RefreshToken, OneTimeToken, Video, Gif, CaptionTrack];

/** Connects, then applies committed migrations (never schema auto-sync). */
export async function openDatabase(clientUrl: string, log?: Logger) {
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
