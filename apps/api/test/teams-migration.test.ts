import { Migrator } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { entities } from '../src/modules/entities.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { freshDatabase, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * The teams migration on a database that already holds an account: its rows are written with
 * every migration before teams, then the server starts and applies the rest. Every id, URL, embed
 * and statistic of the account keeps working, now as a one-person team it owns.
 */
const BEFORE_TEAMS = 'Migration20261227000001PlanSeats';
const userId = crypto.randomUUID();
const videoId = crypto.randomUUID();
const folderId = crypto.randomUUID();
const email = `old${userId.slice(0, 8)}@example.com`;
let s: TestServer;

beforeAll(async () => {
  const databaseUrl = await freshDatabase();
  const orm = await MikroORM.init({ clientUrl: databaseUrl, entities, extensions: [Migrator], migrations: { migrationsList: migrations, transactional: true, snapshot: false }, debug: false });
  await orm.migrator.up({ to: BEFORE_TEAMS });
  const sql = (q: string, p: unknown[] = []) => orm.em.fork().getConnection().execute(q, p);
  expect(await sql("select to_regclass('teams') as t")).toEqual([{ t: null }]);
  await sql(
    `insert into users (id, email, password_hash, first_name, last_name, color_scheme, features, is_confirmed_email, payment_method, payment_method_label, created_at)
     values (?, ?, ?, 'Old', 'Account', '{}', '{}', true, 'card', 'Visa •••• 4242', now() - interval '1 year')`,
    [userId, email, await hashPassword('secret123')],
  );
  await sql('insert into folders (id, user_id, name, created_at) values (?, ?, ?, now())', [folderId, userId, 'Clients']);
  await sql(
    `insert into videos (id, user_id, folder_id, name, source, size, status, is_main_ready, is_hls_ready, player_config, created_at)
     values (?, ?, ?, 'Launch film', 'upload', 1000, 'ready', true, true, '{}', now() - interval '1 month')`,
    [videoId, userId, folderId],
  );
  const today = new Date().toISOString().slice(0, 10);
  await sql(`insert into video_stat_counts (video_id, day, kind, name, count) values (?, ?, 'dropOff', '0', 7), (?, ?, 'viewers', '', 5), (?, ?, 'country', 'FR', 7)`, [
    videoId,
    today,
    videoId,
    today,
    videoId,
    today,
  ]);
  await orm.close();
  s = await startTestServer({}, {}, { databaseUrl });
}, 120_000);
afterAll(() => s?.stop());

test('a pre-existing account becomes the owner of a one-person team with its own id, and keeps its videos, embeds and statistics', async () => {
  const login = await s.api('POST', '/api/auth/login', { body: { email, password: 'secret123' } });
  expect(login.status).toBe(200);
  const token = login.body.accessToken;

  const teams = await s.api('GET', '/api/teams', { token });
  expect(teams.body).toMatchObject({ defaultTeamId: userId, items: [{ id: userId, name: 'Old Account', role: 'owner', isOwn: true, memberCount: 1, owner: { id: userId, email } }] });

  const list = await s.api('GET', '/api/videos', { token });
  expect(list.body.items).toHaveLength(1);
  expect(list.body.items[0]).toMatchObject({ id: videoId, name: 'Launch film', folderId, folderName: 'Clients', uploadedBy: { id: userId, name: 'Old Account' } });
  // The same with the team named explicitly.
  expect((await s.api('GET', `/api/videos/${videoId}`, { token, headers: { 'X-Team-Id': userId } })).body.id).toBe(videoId);

  // The public embed and its playback call answer as before (same video id in the URL).
  expect((await s.api('GET', `/api/playback/${videoId}`)).status).toBe(200);
  expect((await fetch(`${s.url}/embed/hls/${videoId}`)).status).toBe(200);
  const code = await s.api('GET', `/api/videos/${videoId}/embed`, { token });
  expect(code.body.embed).toContain(`/embed/hls/${videoId}`);

  const stats = await s.api('GET', `/api/statistics/video/${videoId}?range=all`, { token });
  expect(stats.status).toBe(200);
  expect(stats.body.totals).toMatchObject({ plays: 7, uniqueViewers: 5 });

  // Accounts made after the migration get their team too (the trigger).
  const reg = await s.api('POST', '/api/users', { body: { firstName: 'New', lastName: 'Comer', email: `new${videoId.slice(0, 8)}@example.com`, password: 'secret123' } });
  const [row] = await s.services.orm.em.fork().getConnection().execute('select t.owner_id, m.role from teams t join team_members m on m.team_id = t.id where t.id = ?', [reg.body.id]);
  expect(row).toEqual({ owner_id: reg.body.id, role: 'owner' });
});
