import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { User } from '../src/modules/users/user.entity.ts';
import { makeClip } from './support/clips.ts';
import { type SignedIn, signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * The share page /watch/{id} as a stranger (a link preview bot, a viewer) sees it, for each
 * visibility: the player, the owner's logo, link previews and structured data for public and
 * unlisted videos (noindex for unlisted), nothing of a private or password video but its message,
 * and no player for a video that plays only on its embed domains.
 */
let s: TestServer;
let owner: SignedIn;
let video: any;
const NAME = 'Spring </script><script>alert(1)</script> & "sale"';

beforeAll(async () => {
  s = await startTestServer();
  owner = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 320, height: 180, seconds: 2, audio: true });
  const up = await s.upload(owner.accessToken, clip, { name: NAME });
  video = await s.waitForVideo(owner.accessToken, up.body.id, (v) => v.isMainReady && v.isHlsReady && !!v.imageUrl);
  await s.services.orm.em.fork().nativeUpdate(User, { id: owner.id }, { playerLogo: `${s.url}/media/images/${owner.id}/logo.png` });
}, 120_000);
afterAll(() => s?.stop());

const privacy = async (body: Record<string, unknown>) => {
  const res = await s.api('PUT', `/api/videos/${video.id}/privacy`, { token: owner.accessToken, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const watch = async (id = video.id) => {
  const res = await fetch(`${s.url}/watch/${id}`);
  return { res, html: await res.text() };
};
const metaOf = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key.replaceAll('.', '\\.')}" content="([^"]*)">`).exec(html)?.[1];
const jsonLdOf = (html: string) => {
  const m = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]) : null;
};

test('a public video: player, logo, title, Open Graph, Twitter player card, JSON-LD, canonical and oEmbed links, indexable', async () => {
  await privacy({ visibility: 'public' });
  const { res, html } = await watch();
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const csp = res.headers.get('content-security-policy') as string;
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/style-src 'self' 'sha256-[\w+/=]+'/);
  expect(csp).toContain("script-src 'self'");
  // No app bundle: the player's module and stylesheet, the playback answer inline.
  expect(html.match(/<script type="module" src="\/embed-assets\/reelbase-player\.js\?v=[\w-]+"><\/script>/)).not.toBeNull();
  expect(html).not.toContain('/assets/');
  expect(html).toContain(`data-video-id="${video.id}"`);
  const inline = JSON.parse(/<script type="application\/json" id="reelbase-playback">([^<]*)<\/script>/.exec(html)![1]);
  expect(inline).toMatchObject({ id: video.id, name: NAME, hlsSource: video.hlsSource, processing: false });
  // The name never closes a script or an attribute.
  expect(html).not.toContain('</script><script>alert');
  expect(html).toContain('<h1>Spring &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;sale&quot;</h1>');
  expect(html).toContain(`<img class="rb-share-logo" src="${s.url}/media/images/${owner.id}/logo.png" alt="">`);

  const canonical = `${s.url}/watch/${video.id}`;
  const embedUrl = `${s.url}/embed/hls/${video.id}`;
  expect(html).toContain(`<link rel="canonical" href="${canonical}">`);
  expect(html).not.toContain('noindex');
  expect(html).toContain(`<link rel="alternate" type="application/json+oembed" href="${s.url}/oembed?url=${encodeURIComponent(canonical)}&amp;format=json"`);
  expect(metaOf(html, 'og:title')).toBe('Spring &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;sale&quot;');
  expect(metaOf(html, 'og:url')).toBe(canonical);
  expect(metaOf(html, 'og:image')).toBe(video.imageUrl);
  expect(metaOf(html, 'og:video')).toBe(embedUrl);
  expect(metaOf(html, 'og:video:type')).toBe('text/html');
  expect(metaOf(html, 'og:video:width')).toBe('320');
  expect(metaOf(html, 'og:video:height')).toBe('180');
  expect(metaOf(html, 'twitter:card')).toBe('player');
  expect(metaOf(html, 'twitter:player')).toBe(embedUrl);
  expect(metaOf(html, 'twitter:player:width')).toBe('320');
  expect(metaOf(html, 'twitter:image')).toBe(video.imageUrl);

  expect(jsonLdOf(html)).toEqual({
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: NAME,
    description: NAME,
    thumbnailUrl: video.imageUrl,
    uploadDate: video.createdAt,
    duration: 'PT2S',
    contentUrl: video.videoSource,
    embedUrl,
    width: 320,
    height: 180,
  });
  // Revalidation: an unchanged page answers 304.
  const again = await fetch(`${s.url}/watch/${video.id}`, { headers: { 'If-None-Match': res.headers.get('etag') as string, 'Cache-Control': 'max-age=0' } });
  expect(again.status).toBe(304);
});

test('an unlisted video plays with its previews but is noindex', async () => {
  await privacy({ visibility: 'unlisted' });
  const { res, html } = await watch();
  expect(res.status).toBe(200);
  expect(html).toContain('<meta name="robots" content="noindex">');
  expect(metaOf(html, 'og:video')).toBe(`${s.url}/embed/hls/${video.id}`);
  expect(html).toContain('id="reelbase-playback"');
  // Its files need a token: the preview image a chat app fetches carries one, and is served.
  const image = metaOf(html, 'og:image') as string;
  expect(image).toMatch(/\/~[^/]+\//);
  expect((await fetch(image.replaceAll('&amp;', '&'))).status).toBe(200);
});

test('a private or password video gets what its embed shows (the private notice, the password form) and nothing of the video, noindex', async () => {
  for (const [body, status] of [
    [{ visibility: 'private' }, 403],
    [{ visibility: 'password', password: 'open sesame' }, 200],
  ] as const) {
    await privacy(body);
    const { res, html } = await watch();
    expect(res.status, body.visibility).toBe(status);
    // The player draws the embed's screen for it: "This video is private", or the password form.
    expect(html).toContain(`<div data-reelbase-player data-video-id="${video.id}" data-embed-type="hls" data-locked="${body.visibility}"></div>`);
    expect(html).toContain('<script type="module"');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('Spring');
    expect(html).not.toContain(video.imageUrl);
    expect(html).not.toContain('og:');
    expect(html).not.toContain('application/ld+json');
    expect(html).not.toContain('reelbase-playback');
    expect(html).not.toContain('/media/videos/');
  }
  await privacy({ visibility: 'public' });
});

test('a video with an embed allowlist does not play on the share page: it says so, and previews offer no player', async () => {
  await privacy({ visibility: 'public', allowedDomains: ['shop.example.com'] });
  const { res, html } = await watch();
  expect(res.status).toBe(403);
  expect(html).toContain('<div class="rb-message" role="alert">This video cannot be played on this site</div>');
  expect(html).not.toContain('<script type="module"');
  expect(html).not.toContain('reelbase-playback');
  expect(metaOf(html, 'og:video')).toBeUndefined();
  expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
  await privacy({ visibility: 'public', allowedDomains: [] });
});

test('a missing, malformed or blocked video: 404 with the not-available message', async () => {
  for (const id of [crypto.randomUUID(), 'nope', '%E2%82']) {
    const res = await fetch(`${s.url}/watch/${id}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('This video is not available.');
    expect(html).toContain('noindex');
  }
  await s.services.orm.em.fork().getConnection().execute('update videos set ban = true where id = ?', [video.id]);
  const blocked = await watch();
  expect(blocked.res.status).toBe(404);
  expect(blocked.html).not.toContain('Spring');
  await s.services.orm.em.fork().getConnection().execute('update videos set ban = false where id = ?', [video.id]);
});

test('before the first frame the share page loads at most 40 KB gzipped: the page (playback answer inline), the player and its stylesheet', async () => {
  const { html } = await watch();
  const page = gzipSync(html).length;
  const linked = [...html.matchAll(/(?:src|href)="(\/embed-assets\/[^"]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&'));
  expect(linked).toHaveLength(2);
  // The served bytes as they go over the wire (gzip): the asset route sets their length.
  const assets = await Promise.all(linked.map(async (path) => Number((await fetch(s.url + path, { headers: { 'Accept-Encoding': 'gzip' } })).headers.get('content-length'))));
  const total = page + assets.reduce((a, b) => a + b, 0);
  console.log(`share page before the first frame (native HLS): page ${page} + player ${assets.join(' + ')} = ${total} bytes gzip`);
  expect(assets.every((n) => n > 0)).toBe(true);
  expect(total).toBeLessThanOrEqual(40_000);
});
