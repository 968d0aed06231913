import { afterAll, beforeAll, expect, test } from 'vitest';
import { Video } from '../src/modules/videos/video.entity.ts';
import { type ListQuery, videoListQuery } from '../src/modules/videos/catalogue/catalogue.queries.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * The list's one query against 3,000 videos of one account (and 30,000 of another beside them): it answers
 * exactly what the ORM query it replaced answered, and PostgreSQL reads each order from its index
 * (no sort of the account) and name search from the trigram index, the words said in captions from
 * the cues' full-text index (no scan).
 */
let s: TestServer;
let userId: string;
let token: string;
let folderId: string;
const sql = (text: string, params: unknown[] = []) => s.services.orm.em.fork().execute(text, params) as Promise<any[]>;

beforeAll(async () => {
  s = await startTestServer();
  const me = await signUpAndLogin(s);
  token = me.accessToken;
  const other = await signUpAndLogin(s);
  userId = me.id;
  folderId = (await s.api('POST', '/api/folders', { token, body: { name: 'Promos' } })).body.folder.id;
  // Names repeat (ties broken by id), sizes repeat, every 7th is in the folder.
  // Ids from our own API (uuids), inlined: the seed is one statement per account.
  const insert = (owner: string, folder: string | null, count = 3000) => `insert into videos (id, user_id, folder_id, name, source, size, player_config, created_at)
    select gen_random_uuid(), '${owner}', case when i % 7 = 0 then ${folder ? `'${folder}'` : 'null'}::uuid end,
      (array['Spring sale', 'summer Promo', 'Autumn', 'winter_clip', '100% off'])[1 + i % 5] || ' ' || (i % 400),
      'upload', (i * 7919) % 5000, '{}', now() - make_interval(mins => i)
    from generate_series(1, ${count}) i`;
  await sql(insert(userId, folderId));
  // Other accounts hold most rows, as on a real server: a name search must not read them all.
  await sql(insert(other.id, null, 30_000));
  // And their videos carry captions (a track of 20 spoken lines on every tenth): a search of the
  // words said must not read them all either.
  await sql(`insert into caption_tracks (id, video_id, user_id, language, label, kind, cue_count)
    select gen_random_uuid(), id, user_id, 'en', 'English', 'uploaded', 20 from videos where user_id = '${other.id}' and size % 10 = 0`);
  await sql(`insert into caption_cues (track_id, seq, video_id, start_sec, end_sec, text, plain)
    select t.id, n, t.video_id, n * 2, n * 2 + 1.5, w, w from caption_tracks t, generate_series(0, 19) n,
      lateral (select 'line ' || n || ' of the quarterly report on ' || (array['boats', 'sales', 'winter', 'harbours'])[1 + n % 4] as w) x`);
  await sql('vacuum analyze videos');
  await sql('vacuum analyze caption_cues');
});
afterAll(() => s?.stop());

/** What the list answered before: the ORM's find with the same criteria and order. */
async function ormList(q: ListQuery) {
  const where: Record<string, unknown> = { userId };
  if (q.folder_id !== undefined) where.folderId = q.folder_id;
  if (q.search) where.name = { $ilike: `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` };
  const em = s.services.orm.em.fork();
  const [rows, total] = await em.findAndCount(Video, where, { orderBy: { [q.field]: q.direction, id: q.direction }, limit: q.limit, offset: (q.page - 1) * q.limit });
  return { ids: rows.map((v) => v.id), total };
}

const query = (q: Partial<ListQuery>): ListQuery => ({ limit: 10, page: 1, direction: 'ASC', field: 'createdAt', ...q });
const url = (q: ListQuery) => `/api/videos?${new URLSearchParams(Object.entries(q).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]]))).toString()}`;

test('every order, direction, page, folder and search answers the items the ORM query answered', async () => {
  const cases: ListQuery[] = [];
  for (const field of ['createdAt', 'name', 'size'] as const) {
    for (const direction of ['ASC', 'DESC'] as const) {
      for (const page of [1, 2, 150]) cases.push(query({ field, direction, page, limit: 20 }));
    }
  }
  cases.push(query({ search: 'promo', field: 'name' }), query({ search: '100%', field: 'size', direction: 'DESC' }), query({ search: 'winter_', page: 3 }));
  cases.push(query({ folder_id: folderId, field: 'name', page: 2 }), query({ search: 'sale', folder_id: folderId }), query({ page: 999 }));
  cases.push(query({ folder_id: null, page: 3 }), query({ folder_id: null, search: 'autumn' }));
  for (const q of cases) {
    const res = await s.api('GET', url(q), { token });
    expect(res.status, `${url(q)} ${JSON.stringify(res.body)}`).toBe(200);
    const before = await ormList(q);
    expect(res.body.items.map((v: { id: string }) => v.id), url(q)).toEqual(before.ids);
    expect(res.body.meta.totalItems, url(q)).toBe(before.total);
  }
  // The search wildcards are literal: '100%' matches names with '100%', not every name with '100'.
  const percent = await s.api('GET', url(query({ search: '100%', limit: 100 })), { token });
  expect(percent.body.meta.totalItems).toBe(600);
});

test('the totals stay true while videos move between folders, a folder is deleted and videos are deleted', async () => {
  const api = (method: string, path: string, body?: unknown) => s.api(method, path, { token, body });
  const folder = async (name: string, parentId?: string) => (await api('POST', '/api/folders', { name, parentId })).body.folder.id as string;
  const ids = async (folder: string | null, limit: number) => (await ormList(query({ folder_id: folder, limit }))).ids;
  const clients = await folder('Clients');
  const archive = await folder('Archive', folderId);
  expect((await api('POST', '/api/videos/bulk', { action: 'addToFolder', folderId: clients, ids: await ids(null, 30) })).status).toBe(200);
  expect((await api('POST', '/api/videos/bulk', { action: 'addToFolder', folderId: archive, ids: await ids(folderId, 20) })).status).toBe(200);
  // Promos goes; its videos and the Archive folder move up to the top level.
  expect((await api('DELETE', `/api/folders/${folderId}`)).status).toBe(200);
  expect((await api('POST', '/api/videos/bulk', { action: 'delete', ids: await ids(clients, 10) })).status).toBe(200);

  const expected = { all: 3000 - 10, top: 3000 - 20 - 30, clients: 20, archive: 20 };
  for (const [key, folder] of [['all', undefined], ['top', null], ['clients', clients], ['archive', archive]] as const) {
    const q = query({ folder_id: folder });
    const res = await s.api('GET', url(q), { token });
    expect(res.body.meta.totalItems, key).toBe(expected[key]);
    expect((await ormList(q)).total, key).toBe(expected[key]);
  }
  const top = (await api('GET', '/api/folders')).body.items as { id: string; countVideo: number }[];
  expect(top.filter((f) => f.id === clients || f.id === archive).map((f) => f.countVideo)).toEqual([20, 20]);
});

test('each order is read from its index (the page stops after its rows) and name search uses the trigram index', async () => {
  const plan = async (q: ListQuery) => {
    const { text, params } = videoListQuery(userId, q);
    return (await sql(`explain ${text}`, params)).map((r) => r['QUERY PLAN']).join('\n');
  };
  const indexes = { createdAt: 'videos_user_created_idx', name: 'videos_user_name_id_idx', size: 'videos_user_size_id_idx' };
  for (const [field, index] of Object.entries(indexes)) {
    for (const direction of ['ASC', 'DESC'] as const) {
      const p = await plan(query({ field: field as ListQuery['field'], direction }));
      // The page's ids are read in order from the index alone, so a deep page skips index entries.
      expect(p, `${field} ${direction}`).toContain(`Index Only Scan${direction === 'DESC' ? ' Backward' : ''} using ${index}`);
    }
  }
  // A selective term, as searches for a name are (a tenth of all rows would be read in full anyway).
  const search = await plan(query({ search: 'winter_clip 13' }));
  // The matches are found through the trigram index (the page may instead walk the account's own
  // index in its order and stop after ten matches); no plan reads the table through.
  expect(search).toContain('Bitmap Index Scan on videos_name_trgm_idx');
  // The words said, through the full-text index of the cues.
  expect(search).toContain('Bitmap Index Scan on caption_cues_search_idx');
  expect(search).not.toContain('Seq Scan');
});
