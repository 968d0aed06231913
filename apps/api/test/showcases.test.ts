import { SHOWCASE_MESSAGES } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { inTeam, teamOfFour } from './support/teams.ts';
import { type SignedIn, signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
let owner: SignedIn;
let viewer: SignedIn;
let teamId: string;
let other: SignedIn;
let videos: string[];
let othersVideo: string;

const slug = () => `show-${crypto.randomUUID().slice(0, 8)}`;
const input = (o: Record<string, unknown> = {}) => ({ name: 'Spring reel', slug: slug(), description: 'Our work.\nSee https://example.com', visibility: 'public', videoIds: videos, ...o });
const call = (u: { accessToken: string }, method: string, path: string, body?: unknown, headers?: Record<string, string>) => s.api(method, path, { token: u.accessToken, body, headers });
const page = (path: string, init?: RequestInit) => fetch(`${s.url}${path}`, { redirect: 'manual', ...init });

beforeAll(async () => {
  s = await startTestServer();
  const team = await teamOfFour(s);
  ({ owner, viewer, teamId } = team);
  other = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: false });
  videos = [];
  for (const name of ['First', 'Second', 'Third']) videos.push((await s.upload(owner.accessToken, clip, { name })).body.id);
  othersVideo = (await s.upload(other.accessToken, clip, { name: 'Not yours' })).body.id;
});
afterAll(() => s.stop());

test('a showcase is created, read, listed, replaced and deleted; its videos keep their order', async () => {
  const order = [videos[2], videos[0]];
  const made = await call(owner, 'POST', '/api/showcases', input({ videoIds: order, theme: { logo: null, colours: { background: '#FFFFFF', text: '#111111', accent: '#CC0000' } } }));
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const sc = made.body.showcase;
  expect(made.body.message).toBe(SHOWCASE_MESSAGES.created);
  expect(sc).toMatchObject({ name: 'Spring reel', videoIds: order, folderId: null, visibility: 'public', hasPassword: false, pageUrl: `${s.url}/s/${sc.slug}` });
  expect(sc.feedUrl).toBe(`${sc.pageUrl}/feed.xml`);
  expect(sc.embedCode).toContain(`src="${sc.pageUrl}?embed=1"`);

  expect((await call(owner, 'GET', `/api/showcases/${sc.id}`)).body).toEqual(sc);
  const list = await call(owner, 'GET', '/api/showcases');
  expect(list.body.items.map((x: { id: string }) => x.id)).toContain(sc.id);

  const replaced = await call(owner, 'PUT', `/api/showcases/${sc.id}`, input({ slug: sc.slug, name: 'Summer reel', videoIds: [videos[1], videos[2], videos[0]], visibility: 'unlisted' }));
  expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
  expect(replaced.body.showcase).toMatchObject({ name: 'Summer reel', videoIds: [videos[1], videos[2], videos[0]], visibility: 'unlisted' });

  // The page shows them in that order, each in the embed player's frame; unlisted is noindex.
  const res = await page(`/s/${sc.slug}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  const frames = [...html.matchAll(/src="\/embed\/hls\/([0-9a-f-]{36})"/g)].map((m) => m[1]);
  expect(frames).toEqual([videos[1], videos[2], videos[0]]);
  expect(html).toContain('<meta name="robots" content="noindex">');
  expect(html).toContain('Summer reel');
  // Not framable; the gallery view is.
  expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  const gallery = await page(`/s/${sc.slug}?embed=1`);
  expect(gallery.headers.get('content-security-policy')).toContain('frame-ancestors *');
  expect(gallery.headers.get('x-frame-options')).toBeNull();

  const gone = await call(owner, 'DELETE', `/api/showcases/${sc.id}`);
  expect(gone.body).toEqual({ message: SHOWCASE_MESSAGES.deleted });
  expect((await call(owner, 'GET', `/api/showcases/${sc.id}`)).status).toBe(404);
  expect((await page(`/s/${sc.slug}`)).status).toBe(404);
  expect((await page(`/s/${sc.slug}/feed.xml`)).status).toBe(404);
});

test('a public showcase is indexable and in the sitemap; the team colours and its logo are on the page', async () => {
  const made = await call(owner, 'POST', '/api/showcases', input({ theme: { logo: null, colours: { background: '#FAFAFA', text: '#202020', accent: '#0055AA' } } }));
  const html = await (await page(`/s/${made.body.showcase.slug}`)).text();
  expect(html).not.toContain('noindex');
  expect(html).toContain('background:#FAFAFA');
  expect(html).toContain('color:#0055AA');
  const sitemap = await (await page('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${made.body.showcase.pageUrl}</loc>`);
  // An unlisted or password one is not listed.
  const hidden = await call(owner, 'POST', '/api/showcases', input({ visibility: 'unlisted' }));
  expect(await (await page('/sitemap.xml')).text()).not.toContain(hidden.body.showcase.slug);
});

test('a folder showcase shows the folder videos newest first', async () => {
  const folder = await call(owner, 'POST', '/api/folders', { name: 'Reel' });
  await call(owner, 'POST', '/api/videos/bulk', { action: 'addToFolder', folderId: folder.body.folder.id, ids: [videos[0], videos[1]] });
  const made = await call(owner, 'POST', '/api/showcases', input({ videoIds: undefined, folderId: folder.body.folder.id }));
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  expect(made.body.showcase).toMatchObject({ folderId: folder.body.folder.id, videoIds: [] });
  const html = await (await page(`/s/${made.body.showcase.slug}`)).text();
  expect([...html.matchAll(/src="\/embed\/hls\/([0-9a-f-]{36})"/g)].map((m) => m[1])).toEqual([videos[1], videos[0]]);
});

test('junk and conflicts get 422 with field messages', async () => {
  const first = await call(owner, 'POST', '/api/showcases', input());
  const taken = await call(owner, 'POST', '/api/showcases', input({ slug: first.body.showcase.slug }));
  expect(taken.status).toBe(422);
  expect(taken.body.errors).toEqual({ slug: SHOWCASE_MESSAGES.slugTaken });
  // Unique across the whole site: another team cannot have it either.
  expect((await call(other, 'POST', '/api/showcases', { ...input({ slug: first.body.showcase.slug }), videoIds: [] })).body.errors).toEqual({ slug: SHOWCASE_MESSAGES.slugTaken });

  for (const bad of ['ab', 'Has-Caps', 'under_score', '-edge', 'x'.repeat(61), 'sp ace']) {
    const r = await call(owner, 'POST', '/api/showcases', input({ slug: bad }));
    expect(r.status, bad).toBe(422);
    expect(r.body.errors.slug).toBe(SHOWCASE_MESSAGES.slug);
  }
  const cases: [Record<string, unknown>, string, string][] = [
    [{ videoIds: [othersVideo] }, 'videoIds', SHOWCASE_MESSAGES.unknownVideo],
    [{ videoIds: [videos[0], videos[0]] }, 'videoIds', SHOWCASE_MESSAGES.videoIds],
    [{ videoIds: ['nope'] }, 'videoIds.0', SHOWCASE_MESSAGES.unknownVideo],
    [{ videoIds: undefined, folderId: crypto.randomUUID() }, 'folderId', SHOWCASE_MESSAGES.unknownFolder],
    [{ folderId: crypto.randomUUID() }, 'folderId', SHOWCASE_MESSAGES.oneSource],
    [{ visibility: 'private' }, 'visibility', SHOWCASE_MESSAGES.visibility],
    [{ visibility: 'password' }, 'password', SHOWCASE_MESSAGES.passwordRequired],
    [{ theme: { logo: null, colours: { background: 'red', text: '#000000', accent: '#000000' } } }, 'theme.colours.background', 'Must be a colour like #1974BB.'],
    [{ theme: { logo: 'https://elsewhere.example/logo.png' } }, 'theme.logo', SHOWCASE_MESSAGES.logo],
    [{ name: '' }, 'name', 'Must NOT have fewer than 1 characters.'],
  ];
  for (const [change, field, message] of cases) {
    const r = await call(owner, 'POST', '/api/showcases', input(change));
    expect(r.status, JSON.stringify(change)).toBe(422);
    expect(r.body.errors[field], JSON.stringify(r.body)).toBe(message);
  }
});

test("another team's showcase is a 404; a team viewer reads but may not create (403)", async () => {
  const made = await call(owner, 'POST', '/api/showcases', input());
  const id = made.body.showcase.id;
  for (const [method, body] of [['GET'], ['PUT', input()], ['DELETE']] as const) expect((await call(other, method, `/api/showcases/${id}`, body)).status).toBe(404);
  expect((await call(other, 'GET', '/api/showcases')).body.items).toEqual([]);

  const team = inTeam(teamId);
  expect((await call(viewer, 'GET', `/api/showcases/${id}`, undefined, team)).status).toBe(200);
  expect((await call(viewer, 'POST', '/api/showcases', input(), team)).status).toBe(403);
  expect((await call(viewer, 'DELETE', `/api/showcases/${id}`, undefined, team)).status).toBe(403);
});

test('a password showcase asks first; the right password unlocks it, a wrong one does not; it has no feed', async () => {
  const made = await call(owner, 'POST', '/api/showcases', input({ visibility: 'password', password: 'open sesame' }));
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const sc = made.body.showcase;
  expect(sc).toMatchObject({ hasPassword: true, feedUrl: null });
  // Stored hashed (argon2id), never as typed.
  const [row] = await s.services.orm.em.fork().getConnection().execute('select password_hash from showcases where id = ?', [sc.id]);
  expect(row.password_hash).toMatch(/^\$argon2id\$/);

  const locked = await (await page(`/s/${sc.slug}`)).text();
  expect(locked).toContain('type="password"');
  expect(locked).not.toContain('/embed/hls/');
  expect(locked).toContain('noindex');
  expect((await page(`/s/${sc.slug}/feed.xml`)).status).toBe(404);

  const form = (password: string) => page(`/s/${sc.slug}/unlock`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ password }).toString() });
  const wrong = await form('guess');
  expect(wrong.status).toBe(403);
  expect(await wrong.text()).toContain('Wrong password');
  const right = await form('open sesame');
  expect(right.status).toBe(303);
  expect(right.headers.get('location')).toBe(`/s/${sc.slug}`);
  const cookie = right.headers.get('set-cookie')?.split(';')[0] ?? '';
  expect(cookie).toMatch(/^rb_showcase_/);
  const open = await (await page(`/s/${sc.slug}`, { headers: { cookie } })).text();
  expect([...open.matchAll(/src="\/embed\/hls\/([0-9a-f-]{36})"/g)].map((m) => m[1])).toEqual(videos);

  // A new password ends the earlier unlocks; leaving it out keeps the one set.
  await call(owner, 'PUT', `/api/showcases/${sc.id}`, input({ slug: sc.slug, visibility: 'password', password: 'new secret' }));
  expect(await (await page(`/s/${sc.slug}`, { headers: { cookie } })).text()).toContain('type="password"');
  const kept = await call(owner, 'PUT', `/api/showcases/${sc.id}`, input({ slug: sc.slug, visibility: 'password', name: 'Renamed' }));
  expect(kept.status, JSON.stringify(kept.body)).toBe(200);
  expect((await form('new secret')).status).toBe(303);
});

test('a deleted video leaves the page; a missing showcase is a 404 page', async () => {
  const clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: false });
  const extra = (await s.upload(owner.accessToken, clip, { name: 'Short-lived' })).body.id;
  const made = await call(owner, 'POST', '/api/showcases', input({ videoIds: [extra, videos[0]] }));
  expect(await (await page(`/s/${made.body.showcase.slug}`)).text()).toContain(`/embed/hls/${extra}`);
  expect((await call(owner, 'DELETE', `/api/videos/${extra}`)).status).toBe(200);
  const html = await (await page(`/s/${made.body.showcase.slug}`)).text();
  expect(html).not.toContain(extra);
  expect(html).toContain(`/embed/hls/${videos[0]}`);
  expect((await call(owner, 'GET', `/api/showcases/${made.body.showcase.id}`)).body.videoIds).toEqual([videos[0]]);

  const missing = await page('/s/no-such-showcase');
  expect(missing.status).toBe(404);
  expect(missing.headers.get('content-type')).toContain('text/html');
});
