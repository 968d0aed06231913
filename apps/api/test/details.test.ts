import { DESCRIPTION_MAX_LENGTH, DETAILS_MESSAGES, TAG_MAX_LENGTH, TAGS_MAX } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addMember, inTeam } from './support/teams.ts';
import { type SignedIn, signUpAndLogin, startWithOwnerAndOther, type TestServer } from './support/test-server.ts';

/* Issue 34 item 1: a video's description and tags, My videos' tag filter and search, and the share page. */

let s: TestServer;
let owner: SignedIn;
let other: SignedIn;

/** A ready-looking video row (no file is needed for its details or the share page's text). */
async function videoOf(userId: string, name: string, visibility = 'public') {
  const id = crypto.randomUUID();
  await s.services.orm.em
    .fork()
    .getConnection()
    .execute(`insert into videos (id, user_id, name, source, size, status, duration_sec, player_config, visibility, created_at) values (?, ?, ?, 'upload', 1000, 'ready', 60, '{}', ?, now())`, [id, userId, name, visibility]);
  return id;
}
const put = (id: string, body: unknown, o: { token?: string; headers?: Record<string, string> } = {}) =>
  s.api('PUT', `/api/videos/${id}/details`, { token: o.token ?? owner.accessToken, headers: o.headers, body });
const list = async (q: string) => {
  const res = await s.api('GET', `/api/videos?${q}`, { token: owner.accessToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { names: (res.body.items as { name: string }[]).map((v) => v.name).sort(), total: res.body.meta.totalItems as number };
};

beforeAll(async () => {
  ({ s, owner, other } = await startWithOwnerAndOther());
}, 120_000);
afterAll(() => s.stop());

test('the owner saves a description and tags: trimmed, deduplicated whatever the case, in the video answer', async () => {
  const id = await videoOf(owner.id, 'Harbour tour');
  const fresh = await s.api('GET', `/api/videos/${id}`, { token: owner.accessToken });
  expect(fresh.body).toMatchObject({ description: '', tags: [] });
  const saved = await put(id, { description: '  A walk along the quay.\r\nBook at https://shop.example.com/tour  ', tags: [' Travel ', 'boats', 'travel', 'BOATS', '', 'Sea   life'] });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body).toMatchObject({ id, description: 'A walk along the quay.\nBook at https://shop.example.com/tour', tags: ['Travel', 'boats', 'Sea life'] });
  expect((await s.api('GET', `/api/videos/${id}`, { token: owner.accessToken })).body.tags).toEqual(['Travel', 'boats', 'Sea life']);
  // Either may be left out to keep it.
  const tagsOnly = await put(id, { tags: ['Travel'] });
  expect(tagsOnly.body).toMatchObject({ description: 'A walk along the quay.\nBook at https://shop.example.com/tour', tags: ['Travel'] });
  // At the limits exactly, it is accepted.
  const full = await put(id, { description: 'x'.repeat(DESCRIPTION_MAX_LENGTH), tags: Array.from({ length: TAGS_MAX }, (_, i) => `${i}`.padEnd(TAG_MAX_LENGTH, 't')) });
  expect(full.status, JSON.stringify(full.body)).toBe(200);
  expect(full.body.tags).toHaveLength(TAGS_MAX);
});

test('past the limits or junk: 422 with the field message, never 500', async () => {
  const id = await videoOf(owner.id, 'Limits');
  const cases: [unknown, string, string][] = [
    [{ description: 'x'.repeat(DESCRIPTION_MAX_LENGTH + 1) }, 'description', DETAILS_MESSAGES.description],
    [{ description: 42 }, 'description', DETAILS_MESSAGES.description],
    [{ tags: Array.from({ length: TAGS_MAX + 1 }, (_, i) => `tag ${i}`) }, 'tags', DETAILS_MESSAGES.tooMany],
    [{ tags: ['x'.repeat(TAG_MAX_LENGTH + 1)] }, 'tags.0', DETAILS_MESSAGES.tag],
    [{ tags: ['ok', 'two\nlines'] }, 'tags.1', DETAILS_MESSAGES.tag],
    [{ tags: [7] }, 'tags.0', DETAILS_MESSAGES.tag],
    [{ tags: 'travel' }, 'tags', DETAILS_MESSAGES.tags],
    [{}, 'description', DETAILS_MESSAGES.nothing],
  ];
  for (const [body, key, message] of cases) {
    const res = await put(id, body);
    expect(res.status, `${key}: ${JSON.stringify(res.body)}`).toBe(422);
    expect(res.body.errors[key], JSON.stringify(res.body.errors)).toBe(message);
  }
  // Twenty tags after deduplication are fine, even if more were sent.
  const dup = await put(id, { tags: [...Array.from({ length: TAGS_MAX }, (_, i) => `t${i}`), 'T0', 'T1'] });
  expect(dup.status).toBe(200);
  expect(dup.body.tags).toHaveLength(TAGS_MAX);
});

test("another team's video answers 404; a team viewer may read but not change the details, an editor may", async () => {
  const id = await videoOf(owner.id, 'Team video');
  expect((await put(id, { description: 'Not mine' }, { token: other.accessToken })).status).toBe(404);
  expect((await put(crypto.randomUUID(), { description: 'Nobody' })).status).toBe(404);
  const viewer = await signUpAndLogin(s);
  const editor = await signUpAndLogin(s);
  await addMember(s, owner.id, viewer.id, 'viewer');
  await addMember(s, owner.id, editor.id, 'editor');
  expect((await put(id, { description: 'Viewer was here' }, { token: viewer.accessToken, headers: inTeam(owner.id) })).status).toBe(403);
  const edited = await put(id, { description: 'Editor was here', tags: ['team'] }, { token: editor.accessToken, headers: inTeam(owner.id) });
  expect(edited.status).toBe(200);
  const read = await s.api('GET', `/api/videos/${id}`, { token: viewer.accessToken, headers: inTeam(owner.id) });
  expect(read.body).toMatchObject({ description: 'Editor was here', tags: ['team'] });
});

test('My videos filters by a tag (any case) and its search matches the description and a tag', async () => {
  const kayak = await videoOf(owner.id, 'Paddle day');
  const ferry = await videoOf(owner.id, 'Crossing');
  const other1 = await videoOf(owner.id, 'Unrelated');
  await put(kayak, { description: 'Sunrise on the fjord, 100% calm', tags: ['Kayak', 'Norway'] });
  await put(ferry, { description: 'The night ferry to Bergen', tags: ['norway'] });
  await put(other1, { description: 'Nothing to see', tags: [] });
  expect(await list('tag=Norway')).toEqual({ names: ['Crossing', 'Paddle day'], total: 2 });
  expect(await list('tag=kayak')).toEqual({ names: ['Paddle day'], total: 1 });
  expect(await list('tag=nor')).toEqual({ names: [], total: 0 });
  // search: the description (contains, any case; % is literal) or a tag equal to it.
  expect((await list('search=FJORD')).names).toEqual(['Paddle day']);
  expect((await list('search=100%25')).names).toEqual(['Paddle day']);
  expect((await list('search=bergen')).names).toEqual(['Crossing']);
  expect((await list('search=kayak')).names).toEqual(['Paddle day']);
  // Both: the tag narrows the search.
  expect((await list('search=night&tag=norway')).names).toEqual(['Crossing']);
  // Another team's tags are not found.
  expect((await s.api('GET', '/api/videos?tag=Norway', { token: other.accessToken })).body.meta.totalItems).toBe(0);
});

test('the list queries use the indexes: the tags GIN index, the description trigram index', async () => {
  const conn = s.services.orm.em.fork().getConnection();
  await conn.execute('set enable_seqscan = off');
  try {
    const plan = async (where: string, params: unknown[]) =>
      JSON.stringify(await conn.execute(`explain (format json) select id from videos where ${where}`, params));
    expect(await plan('video_tags_key(tags) @> array[lower(?)]', ['Norway'])).toContain('videos_tags_key_idx');
    expect(await plan("description ilike ? escape '\\'", ['%fjord%'])).toContain('videos_description_trgm_idx');
  } finally {
    await conn.execute('set enable_seqscan = on');
  }
});

test('the share page shows the description with safe links; its meta tags and JSON-LD carry it and the tags', async () => {
  const id = await videoOf(owner.id, 'Spring sale');
  const description = 'Our <b>spring</b> sale & more.\nBook: https://shop.example.com/spring?x=1&y=2.\n\njavascript:alert(1) and "quotes" https://e.example/a"onmouseover=alert(1)';
  expect((await put(id, { description, tags: ['Sale', 'Spring'] })).status).toBe(200);
  const page = await fetch(`${s.url}/watch/${id}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('<section class="rb-share-description"><p>Our &lt;b&gt;spring&lt;/b&gt; sale &amp; more.<br>Book: <a href="https://shop.example.com/spring?x=1&amp;y=2" rel="nofollow ugc noopener" target="_blank">https://shop.example.com/spring?x=1&amp;y=2</a>.</p>');
  expect(html).not.toContain('<b>spring</b>');
  expect(html).not.toContain('href="javascript:');
  // A quote ends a link; nothing of the text becomes an attribute.
  expect(html).toContain('<a href="https://e.example/a" rel="nofollow ugc noopener" target="_blank">https://e.example/a</a>&quot;onmouseover=alert(1)');
  const flat = 'Our &lt;b&gt;spring&lt;/b&gt; sale &amp; more. Book: https://shop.example.com/spring?x=1&amp;y=2.';
  expect(html).toContain(`<meta property="og:description" content="${flat}`);
  expect(html).toContain(`<meta name="twitter:description" content="${flat}`);
  const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1] ?? 'null');
  expect(ld).toMatchObject({ '@type': 'VideoObject', name: 'Spring sale', description: description.replace('\r', ''), keywords: 'Sale, Spring' });
  // A private video's page says nothing of it.
  const hidden = await videoOf(owner.id, 'Hidden', 'private');
  await put(hidden, { description: 'Secret plans' });
  expect(await (await fetch(`${s.url}/watch/${hidden}`)).text()).not.toContain('Secret plans');
});
