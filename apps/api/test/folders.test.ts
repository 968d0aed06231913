import { FOLDER_CYCLE, FOLDER_NAME_MAX, FOLDER_NAME_TOO_LONG } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
let alice: { id: string; accessToken: string };
let bob: { id: string; accessToken: string };
let clip: string;

beforeAll(async () => {
  s = await startTestServer();
  alice = await signUpAndLogin(s);
  bob = await signUpAndLogin(s);
  clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: false });
});
afterAll(() => s.stop());

const as = (u: { accessToken: string }) => ({
  create: async (name: string, parentId?: string | null) => {
    const r = await s.api('POST', '/api/folders', { token: u.accessToken, body: { name, parentId } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.folder.id as string;
  },
  list: (query = '') => s.api('GET', `/api/folders${query}`, { token: u.accessToken }),
  call: (method: string, path: string, body?: unknown) => s.api(method, path, { token: u.accessToken, body }),
});

test('a tree is created, listed by level with counts (A-z or Z-a), renamed, moved and deleted into its parent', async () => {
  const a = as(alice);
  const made = await a.call('POST', '/api/folders', { name: '  Clients  ' });
  expect(made.body).toMatchObject({ message: 'Folder created successfully!', folder: { name: 'Clients', parentId: null, countVideo: 0, countFolder: 0 } });
  const clients = made.body.folder.id;
  const acme = await a.create('acme', clients);
  const zeta = await a.create('Zeta', clients);
  await a.create('beta', clients);
  const archive = await a.create('Archive');

  const up = await s.upload(alice.accessToken, clip, { name: 'In acme' });
  await a.call('POST', '/api/videos/bulk', { action: 'addToFolder', folderId: acme, ids: [up.body.id] });

  const top = await a.list();
  expect(top.body.items.map((f: any) => [f.name, f.countFolder])).toEqual([['Archive', 0], ['Clients', 3]]);
  expect(top.body.breadcrumbs).toEqual([]);
  const level = await a.list(`?parent_id=${clients}`);
  expect(level.body.items.map((f: any) => f.name)).toEqual(['acme', 'beta', 'Zeta']);
  expect(level.body.items[0].countVideo).toBe(1);
  expect(level.body.breadcrumbs).toEqual([{ id: clients, name: 'Clients' }]);
  const za = await a.list(`?parent_id=${clients}&direction=desc`);
  expect(za.body.items.map((f: any) => f.name)).toEqual(['Zeta', 'beta', 'acme']);

  const renamed = await a.call('PUT', `/api/folders/${zeta}`, { name: 'Zulu' });
  expect(renamed.body).toMatchObject({ message: 'Folder updated successfully!', folder: { name: 'Zulu', parentId: clients } });
  const moved = await a.call('PUT', `/api/folders/${acme}`, { parentId: archive });
  expect(moved.body.folder).toMatchObject({ name: 'acme', parentId: archive, countVideo: 1 });
  expect((await a.call('GET', `/api/folders/${acme}`)).body.breadcrumbs.map((c: any) => c.name)).toEqual(['Archive', 'acme']);
  // Back to the top level with null.
  expect((await a.call('PUT', `/api/folders/${zeta}`, { parentId: null })).body.folder.parentId).toBeNull();

  // Deleting Archive: acme (with its video) moves up to the top level; nothing else is touched.
  const del = await a.call('DELETE', `/api/folders/${archive}`);
  expect(del.body).toEqual({ message: 'Folder deleted successfully!' });
  expect((await a.list()).body.items.map((f: any) => f.name)).toEqual(['acme', 'Clients', 'Zulu']);
  expect((await a.call('GET', `/api/folders/${acme}`)).body).toMatchObject({ parentId: null, countVideo: 1 });
  expect((await a.call('GET', `/api/videos/${up.body.id}`)).body.folderId).toBe(acme);
  // A deleted folder's videos keep their place one level up.
  await a.call('DELETE', `/api/folders/${acme}`);
  expect((await a.call('GET', `/api/videos/${up.body.id}`)).body.folderId).toBeNull();
  expect((await a.call('GET', `/api/folders/${acme}`)).status).toBe(404);
});

test('a folder cannot move into itself or below itself; names are checked', async () => {
  const a = as(alice);
  const root = await a.create('Root');
  const child = await a.create('Child', root);
  const grandchild = await a.create('Grandchild', child);
  for (const target of [root, child, grandchild]) {
    const r = await a.call('PUT', `/api/folders/${root}`, { parentId: target });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ parentId: FOLDER_CYCLE });
  }
  expect((await a.call('GET', `/api/folders/${root}`)).body.parentId).toBeNull();
  // Moving a subtree up is fine.
  expect((await a.call('PUT', `/api/folders/${grandchild}`, { parentId: root })).status).toBe(200);

  expect((await a.call('POST', '/api/folders', { name: '   ' })).body.errors).toEqual({ name: 'Must NOT have fewer than 1 characters.' });
  expect((await a.call('POST', '/api/folders', { name: 'x'.repeat(FOLDER_NAME_MAX + 1) })).body.errors).toEqual({ name: FOLDER_NAME_TOO_LONG });
  expect((await a.call('POST', '/api/folders', { name: 'x'.repeat(FOLDER_NAME_MAX) })).status).toBe(201);
  expect((await a.call('PUT', `/api/folders/${root}`, {})).status).toBe(422);
  expect((await a.call('POST', '/api/folders', { name: 'ok', parentId: 'nope' })).body.errors).toEqual({ parentId: 'Must be a folder id.' });
});

test("another user's folder answers 404 everywhere, also as a parent, move target or list filter", async () => {
  const mine = await as(alice).create('Private');
  const video = (await s.upload(alice.accessToken, clip, { name: 'Alice clip' })).body.id;
  const b = as(bob);
  const own = await b.create('Bob folder');
  const bobVideo = (await s.upload(bob.accessToken, clip, { name: 'Bob clip' })).body.id;
  const answers = [
    await b.call('GET', `/api/folders/${mine}`),
    await b.list(`?parent_id=${mine}`),
    await b.call('PUT', `/api/folders/${mine}`, { name: 'taken' }),
    await b.call('DELETE', `/api/folders/${mine}`),
    await b.call('POST', '/api/folders', { name: 'inside', parentId: mine }),
    await b.call('PUT', `/api/folders/${own}`, { parentId: mine }),
    await b.call('GET', `/api/videos?folder_id=${mine}`),
    await b.call('POST', '/api/videos/bulk', { action: 'addToFolder', folderId: mine, ids: [bobVideo] }),
    await b.call('POST', '/api/videos/bulk', { action: 'addToFolder', folderId: own, ids: [video] }),
  ];
  expect(answers.map((r) => r.status)).toEqual(answers.map(() => 404));
  expect(answers[0].body).toEqual({ message: 'Folder not found' });
  // Nothing moved, nothing renamed.
  expect((await as(alice).call('GET', `/api/folders/${mine}`)).body).toMatchObject({ name: 'Private', countFolder: 0 });
  expect((await b.call('GET', `/api/videos/${bobVideo}`)).body.folderId).toBeNull();
  expect((await as(alice).call('GET', `/api/videos/${video}`)).body.folderId).toBeNull();
  expect((await b.list()).body.items.map((f: any) => f.name)).toEqual(['Bob folder']);
});

test('breadcrumbs of a folder 10 levels deep come from one query, as for a top-level folder', async () => {
  const a = as(alice);
  const chain: string[] = [];
  for (let i = 1; i <= 10; i++) chain.push(await a.create(`Level ${i}`, chain.at(-1) ?? null));
  const conn = s.services.orm.em.getConnection();
  const spy = vi.spyOn(conn, 'execute');
  const folderQueries = async (id: string) => {
    spy.mockClear();
    const r = await a.call('GET', `/api/folders/${id}`);
    return { body: r.body, queries: spy.mock.calls.filter(([q]) => /\bfolders\b/.test(String(q))).length };
  };
  const deep = await folderQueries(chain[9]);
  const shallow = await folderQueries(chain[0]);
  spy.mockRestore();
  expect(deep.body.breadcrumbs.map((c: any) => c.name)).toEqual(chain.map((_, i) => `Level ${i + 1}`));
  expect(deep.body.breadcrumbs.at(-1)).toEqual({ id: chain[9], name: 'Level 10' });
  expect(shallow.body.breadcrumbs).toEqual([{ id: chain[0], name: 'Level 1' }]);
  // The folder row and its trail: two queries whatever the depth.
  expect(deep.queries).toBe(2);
  expect(shallow.queries).toBe(2);
});

test('the video list is scoped to a folder (or the top level) with search and pages inside it', async () => {
  const a = as(alice);
  const f = await a.create('Scoped');
  const ids: string[] = [];
  for (const name of ['promo one', 'promo two', 'other']) ids.push((await s.upload(alice.accessToken, clip, { name })).body.id);
  await a.call('POST', '/api/videos/bulk', { action: 'addToFolder', folderId: f, ids });
  const inside = await a.call('GET', `/api/videos?folder_id=${f}&search=promo&limit=1&page=2`);
  expect(inside.body.items.map((v: any) => v.name)).toEqual(['promo two']);
  expect(inside.body.meta).toMatchObject({ totalItems: 2, totalPages: 2 });
  const top = await a.call('GET', '/api/videos?folder_id=null&limit=100');
  expect(top.body.items.map((v: any) => v.id)).not.toContain(ids[0]);
  expect(top.body.items.every((v: any) => v.folderId === null)).toBe(true);
  // Without folder_id the search covers every folder.
  expect((await a.call('GET', '/api/videos?search=promo')).body.items.map((v: any) => v.name)).toEqual(['promo one', 'promo two']);
  expect((await a.list()).body.items.find((x: any) => x.id === f).countVideo).toBe(3);
});

test("an upload goes straight into a folder; another user's folder is refused (form and resumable)", async () => {
  const f = await as(alice).create('Uploads');
  const into = await s.upload(alice.accessToken, clip, { name: 'Into folder', folderId: f });
  expect(into.status).toBe(201);
  expect(into.body.folderId).toBe(f);
  // Somebody else's folder: refused, and no video is made.
  const refused = await s.upload(bob.accessToken, clip, { folderId: f });
  expect(refused.status).toBe(404);
  expect(refused.body).toEqual({ message: 'Folder not found' });
  expect((await s.api('GET', '/api/videos', { token: bob.accessToken })).body.items.map((v: any) => v.name)).not.toContain('My clip');
  const tus = await fetch(`${s.url}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bob.accessToken}`, 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', 'Upload-Metadata': `filetype ${btoa('video/mp4')},folderId ${btoa(f)}` },
  });
  expect(tus.status).toBe(404);
});

test('a canceled account may look but not change folders or videos (403)', async () => {
  const carol = await signUpAndLogin(s);
  const c = as(carol);
  const f = await c.create('Before');
  const v = (await s.upload(carol.accessToken, clip, { name: 'kept' })).body.id;
  await s.services.orm.em.fork().execute('update users set is_active = false where id = ?', [carol.id]);
  const refused = [
    await c.call('POST', '/api/folders', { name: 'After' }),
    await c.call('PUT', `/api/folders/${f}`, { name: 'Renamed' }),
    await c.call('DELETE', `/api/folders/${f}`),
    await c.call('POST', '/api/videos/bulk', { action: 'delete', ids: [v] }),
    await c.call('PUT', `/api/videos/${v}/edit`, { name: 'x' }),
    await c.call('DELETE', `/api/videos/${v}`),
    await s.upload(carol.accessToken, clip),
  ];
  expect(refused.map((r) => r.status)).toEqual(refused.map(() => 403));
  expect(refused[0].body).toEqual({ message: 'Your account is canceled. Reactivate it to make changes.' });
  expect((await c.list()).body.items.map((x: any) => x.name)).toEqual(['Before']);
  expect((await c.call('GET', `/api/videos/${v}`)).body.name).toBe('kept');
});
