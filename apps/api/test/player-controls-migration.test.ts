import { Migrator } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import { expect, test } from 'vitest';
import { entities } from '../src/modules/entities.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { freshDatabase } from './support/test-server.ts';

/*
 * Issue 26's player switches on a database that already holds videos: every existing video gets
 * them on (the defaults), and what its owner had set before stays as it was.
 */
/** The migration right before the controls' one: later backfills (of other features) are not this test's. */
const BEFORE = migrations[migrations.findIndex((m) => m.name === 'Migration20261244000001PlayerControls') - 1].name;

test('existing videos get the new player switches on, and keep their own settings', async () => {
  const orm = await MikroORM.init({ clientUrl: await freshDatabase(), entities, extensions: [Migrator], migrations: { migrationsList: migrations, transactional: true, snapshot: false }, debug: false });
  try {
    await orm.migrator.up({ to: BEFORE });
    const sql = (q: string, p: unknown[] = []) => orm.em.fork().getConnection().execute(q, p);
    const userId = crypto.randomUUID();
    const videoId = crypto.randomUUID();
    await sql(
      `insert into users (id, email, password_hash, first_name, last_name, color_scheme, features, is_confirmed_email, created_at)
       values (?, ?, 'x', 'Old', 'Account', '{}', '{}', true, now())`,
      [userId, `old${userId.slice(0, 8)}@example.com`],
    );
    const before = { endAction: 'loop', volumeControl: false, colorScheme: { playerCanvas: '#000000' } };
    await sql(
      `insert into videos (id, user_id, name, source, size, status, is_main_ready, is_hls_ready, player_config, created_at)
       values (?, ?, 'Launch film', 'upload', 1000, 'ready', true, true, ?::jsonb, now())`,
      [videoId, userId, JSON.stringify(before)],
    );
    // Up to the controls' migration only: later backfills (issue 34's allowDownload) are not this test's.
    await orm.migrator.up({ to: 'Migration20261244000001PlayerControls' });
    const [row] = await sql('select player_config as c from videos where id = ?', [videoId]);
    // The defaults of the migration's day, written out: later changes of PLAYER_CONTROL_DEFAULTS do not reach it.
    const on = { speedMenu: true, qualityMenu: true, pictureInPicture: true, captionsButton: true, keyboardShortcuts: true, resumePlayback: true };
    expect(row.c).toEqual({ ...before, ...on });
  } finally {
    await orm.close();
  }
}, 120_000);
