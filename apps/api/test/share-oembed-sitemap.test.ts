import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { type SignedIn, signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * oEmbed answers public and unlisted videos only (404 for the rest, 501 for XML), sized within
 * maxwidth/maxheight; the sitemap lists public videos only, and past SITEMAP_PAGE_SIZE (2 here)
 * becomes an index of pages; robots.txt points to it.
 */
let s: TestServer;
let owner: SignedIn;
/** One video per visibility (and a public one on an embed allowlist), all made from one upload. */
const ids: Record<'public' | 'public2' | 'public3' | 'unlisted' | 'private' | 'password' | 'allowlisted', string> = {} as never;
let source: any;

beforeAll(async () => {
  s = await startTestServer({ SITEMAP_PAGE_SIZE: '2' });
  owner = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 320, height: 180, seconds: 2, audio: false });
  const up = await s.upload(owner.accessToken, clip, { name: 'Public <one> & "only"' });
  source = await s.waitForVideo(owner.accessToken, up.body.id, (v) => v.isMainReady && v.isHlsReady && !!v.imageUrl);
  ids.public = source.id;
  // The others are rows like it (the share routes read rows; no file of theirs is fetched), a second apart.
  const conn = s.services.orm.em.fork().getConnection();
  let n = 0;
  for (const [key, visibility, domains] of [
    ['public2', 'public', '[]'],
    ['public3', 'public', '[]'],
    ['unlisted', 'unlisted', '[]'],
    ['private', 'private', '[]'],
    ['password', 'password', '[]'],
    ['allowlisted', 'public', '["shop.example.com"]'],
  ] as const) {
    const id = crypto.randomUUID();
    n++;
    await conn.execute(
      `insert into videos (id, user_id, name, source, size, status, is_main_ready, is_hls_ready, renditions, image_url, thumbnails, player_config, duration_sec, width, height, visibility, password_hash, allowed_domains, created_at)
       select ?, user_id, ?, source, size, status, is_main_ready, is_hls_ready, renditions, image_url, thumbnails, player_config, duration_sec, width, height, ?, ?, ?::jsonb, created_at + (? || ' seconds')::interval from videos where id = ?`,
      [id, `Video ${key}`, visibility, visibility === 'password' ? 'not-a-real-hash' : null, domains, n, source.id],
    );
    ids[key] = id;
  }
}, 120_000);
afterAll(() => s?.stop());

const oembed = (q: Record<string, string>) => s.api('GET', `/oembed?${new URLSearchParams(q)}`);
const watchUrl = (id: string) => `${s.url}/watch/${id}`;

test('oEmbed answers a public video by its share URL: video type, iframe html, size, title, thumbnail, provider', async () => {
  const res = await oembed({ url: watchUrl(ids.public), format: 'json' });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  expect(res.body).toEqual({
    type: 'video',
    version: '1.0',
    title: 'Public <one> & "only"',
    provider_name: 'Reelbase',
    provider_url: s.url,
    html: `<iframe src="${s.url}/embed/hls/${ids.public}" title="Public &lt;one&gt; &amp; &quot;only&quot;" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen width="320" height="180" style="border:0" frameborder="0"></iframe>`,
    width: 320,
    height: 180,
    thumbnail_url: source.imageUrl,
    thumbnail_width: 320,
    thumbnail_height: 180,
  });
});

test('oEmbed honours maxwidth and maxheight, keeping the aspect ratio; embed URLs and unlisted videos work too', async () => {
  expect((await oembed({ url: watchUrl(ids.public), maxwidth: '160' })).body).toMatchObject({ width: 160, height: 90 });
  expect((await oembed({ url: watchUrl(ids.public), maxheight: '45' })).body).toMatchObject({ width: 80, height: 45 });
  expect((await oembed({ url: watchUrl(ids.public), maxwidth: '160', maxheight: '45' })).body).toMatchObject({ width: 80, height: 45 });
  // Larger limits do not blow the video up.
  expect((await oembed({ url: watchUrl(ids.public), maxwidth: '4000', maxheight: '4000' })).body).toMatchObject({ width: 320, height: 180 });
  expect((await oembed({ url: `${s.url}/embed/mp4/${ids.public}?new-window=1` })).status).toBe(200);
  const unlisted = await oembed({ url: watchUrl(ids.unlisted) });
  expect(unlisted.status).toBe(200);
  expect(unlisted.body.title).toBe('Video unlisted');
  expect(unlisted.body.html).toContain(`/embed/hls/${ids.unlisted}"`);
});

test('oEmbed: private, password, missing and foreign URLs are 404; XML is 501; bad input is 422 with field messages', async () => {
  for (const url of [watchUrl(ids.private), watchUrl(ids.password), watchUrl(crypto.randomUUID()), `https://elsewhere.example/watch/${ids.public}`, `${s.url}/${ids.public}`, 'not a url']) {
    const res = await oembed({ url });
    expect(res.status, url).toBe(404);
    expect(res.body).toEqual({ message: 'No video at this address.' });
  }
  const xml = await oembed({ url: watchUrl(ids.public), format: 'xml' });
  expect(xml.status).toBe(501);
  expect(xml.body).toEqual({ message: 'Only format=json is supported.' });

  const missing = await s.api('GET', '/oembed');
  expect(missing.status).toBe(422);
  expect(missing.body.errors.url).toMatch(/address of a video page/);
  const bad = await oembed({ url: watchUrl(ids.public), format: 'yaml', maxwidth: 'wide', maxheight: '0' });
  expect(bad.status).toBe(422);
  expect(bad.body.errors).toEqual({ format: 'Must be one of: json, xml.', maxwidth: 'maxwidth must be a whole number between 1 and 10000.', maxheight: 'maxheight must be a whole number between 1 and 10000.' });
});

const locs = (xml: string) => [...xml.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

test('the sitemap lists only public videos on no allowlist, with video tags, split into an index past the page size', async () => {
  const index = await fetch(`${s.url}/sitemap.xml`);
  expect(index.status).toBe(200);
  expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  const indexXml = await index.text();
  // Three public videos, two per page: an index of two pages.
  expect(indexXml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const pages = [...indexXml.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((m) => m[1]);
  expect(pages).toEqual([`${s.url}/sitemaps/1.xml`, `${s.url}/sitemaps/2.xml`]);

  const first = await (await fetch(pages[0])).text();
  const second = await (await fetch(pages[1])).text();
  expect(first).toContain('xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"');
  expect([...locs(first), ...locs(second)]).toEqual([watchUrl(ids.public), watchUrl(ids.public2), watchUrl(ids.public3)]);
  // The video tags of the uploaded one, its name escaped.
  const entry = /<url><loc>[^<]+<\/loc>(.*?)<\/url>/.exec(first)![1];
  expect(entry).toBe(
    `<video:video><video:thumbnail_loc>${source.imageUrl}</video:thumbnail_loc><video:title>Public &lt;one&gt; &amp; &quot;only&quot;</video:title><video:description>Public &lt;one&gt; &amp; &quot;only&quot;</video:description><video:player_loc>${s.url}/embed/hls/${ids.public}</video:player_loc><video:duration>2</video:duration><video:publication_date>${source.createdAt}</video:publication_date></video:video>`,
  );
  for (const other of [ids.unlisted, ids.private, ids.password, ids.allowlisted]) expect(first + second).not.toContain(other);

  for (const bad of ['3.xml', '0.xml', 'x.xml', '1.txt', '99999999999.xml']) {
    const res = await fetch(`${s.url}/sitemaps/${bad}`);
    expect(res.status, bad).toBe(404);
    expect(await res.json()).toEqual({ message: 'No such sitemap.' });
  }
});

test('a video made private leaves the sitemap and oEmbed at once; with one page the sitemap is a plain urlset', async () => {
  for (const id of [ids.public2, ids.public3]) await s.services.orm.em.fork().getConnection().execute(`update videos set visibility = 'private' where id = ?`, [id]);
  const xml = await (await fetch(`${s.url}/sitemap.xml`)).text();
  expect(xml).toContain('<urlset ');
  expect(locs(xml)).toEqual([watchUrl(ids.public)]);
  expect((await oembed({ url: watchUrl(ids.public2) })).status).toBe(404);
});

test('robots.txt points to the sitemap', async () => {
  const res = await fetch(`${s.url}/robots.txt`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  const text = await res.text();
  expect(text).toContain(`Sitemap: ${s.url}/sitemap.xml`);
  expect(text).toContain('User-agent: *');
});

test("signed in makes no difference: the owner's and an admin's oEmbed of a private video is 404 too, and the sitemap is the same", async () => {
  const admin = (await s.api('POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'admin-password' } })).body.accessToken as string;
  for (const token of [owner.accessToken, admin]) {
    const res = await s.api('GET', `/oembed?${new URLSearchParams({ url: watchUrl(ids.private) })}`, { token });
    expect(res.status).toBe(404);
    const sitemap = await fetch(`${s.url}/sitemap.xml`, { headers: { authorization: `Bearer ${token}` } });
    expect(await sitemap.text()).not.toContain(ids.private);
  }
});
