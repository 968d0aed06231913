import { afterAll, beforeAll, expect, test } from 'vitest';
import { Video } from '../src/modules/videos/video.entity.ts';
import { makeClip } from './support/clips.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
let video: any;
beforeAll(async () => {
  s = await startTestServer();
  owner = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 320, height: 180, seconds: 2, audio: true });
  const up = await s.upload(owner.accessToken, clip, { name: 'Promo </script><script>alert(1)</script> & more' });
  video = await s.waitForVideo(owner.accessToken, up.body.id, (v) => v.isMainReady && v.isHlsReady);
});
afterAll(() => s.stop());

// fetch() adds 'Cache-Control: no-cache' to a conditional request unless one is given (a browser revalidating sends max-age=0).
const revalidate = (res: Response) => ({ 'If-None-Match': res.headers.get('etag') as string, 'Cache-Control': 'max-age=0' });

const inlineOf = (html: string) => {
  const m = /<script type="application\/json" id="reelbase-playback">([^<]*)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]) : null;
};

test('the embed page carries the player and the playback answer inline, and may be framed anywhere', async () => {
  const res = await fetch(`${s.url}/embed/hls/${video.id}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(res.headers.get('x-frame-options')).toBeNull();
  const csp = res.headers.get('content-security-policy') as string;
  expect(csp).toContain('frame-ancestors *');
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("style-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  const html = await res.text();
  // Only the player bundle: one stylesheet and one module, both from this server.
  expect(html.match(/<script type="module" src="\/embed-assets\/reelbase-player\.js\?v=[\w-]+"><\/script>/)).not.toBeNull();
  expect(html.match(/<link rel="stylesheet" href="\/embed-assets\/reelbase-player\.css\?v=[\w-]+">/)).not.toBeNull();
  expect(html.match(/<script/g)).toHaveLength(2);
  // The name cannot break out of the title or the inline JSON.
  expect(html).toContain('<title>Promo &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</title>');
  expect(html).not.toContain('</script><script>alert');
  expect(html).toContain('\\u003c/script>');
  const inline = inlineOf(html);
  expect(inline).toMatchObject({ id: video.id, name: 'Promo </script><script>alert(1)</script> & more', hlsSource: video.hlsSource, mp4Source: video.videoSource, processing: false });
  expect(html).toContain(`data-video-id="${video.id}" data-embed-type="hls"`);
  // Revalidation: an unchanged page answers 304.
  const again = await fetch(`${s.url}/embed/hls/${video.id}`, { headers: revalidate(res) });
  expect(again.status).toBe(304);
});

test('an mp4 embed plays the mp4 only', async () => {
  const res = await fetch(`${s.url}/embed/mp4/${video.id}?redirect=https%3A%2F%2Fexample.com&new-window=1`);
  expect(res.status).toBe(200);
  expect(inlineOf(await res.text())).toMatchObject({ hlsSource: null, mp4Source: video.videoSource, processing: false });
});

test('a missing or blocked video gets a 404 page without inline data, where the player shows its message', async () => {
  for (const id of [crypto.randomUUID(), 'nope']) {
    const res = await fetch(`${s.url}/embed/hls/${id}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('data-reelbase-player');
    expect(inlineOf(html)).toBeNull();
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors *');
  }
  await s.services.orm.em.fork().nativeUpdate(Video, { id: video.id }, { ban: true });
  expect((await fetch(`${s.url}/embed/hls/${video.id}`)).status).toBe(404);
  await s.services.orm.em.fork().nativeUpdate(Video, { id: video.id }, { ban: false });
});

test('a processing video is inlined as processing', async () => {
  await s.services.orm.em.fork().nativeUpdate(Video, { id: video.id }, { isMainReady: false, isHlsReady: false });
  const res = await fetch(`${s.url}/embed/hls/${video.id}`);
  expect(res.status).toBe(200);
  expect(inlineOf(await res.text())).toMatchObject({ processing: true, hlsSource: null, mp4Source: null });
  await s.services.orm.em.fork().nativeUpdate(Video, { id: video.id }, { isMainReady: true, isHlsReady: true });
});

test('an unknown embed type is 404', async () => {
  expect((await fetch(`${s.url}/embed/webm/${video.id}`)).status).toBe(404);
});

test('player files: gzip, a year of cache for hashed names, revalidation for entries without their hash', async () => {
  const html = await (await fetch(`${s.url}/embed/hls/${video.id}`)).text();
  const script = /src="(\/embed-assets\/reelbase-player\.js\?v=[\w-]+)"/.exec(html)![1];
  const versioned = await fetch(s.url + script, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(versioned.status).toBe(200);
  expect(versioned.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(versioned.headers.get('vary')).toContain('Accept-Encoding');
  // fetch() decodes gzip itself; the header tells it was compressed.
  expect(versioned.headers.get('content-encoding')).toBe('gzip');
  const code = await versioned.text();
  expect(code).toContain('ReelbasePlayer');
  const chunk = /reelbase-hls-[\w-]+\.js/.exec(code)![0];

  const plain = await fetch(`${s.url}/embed-assets/reelbase-player.js`, { headers: { 'Accept-Encoding': 'identity' } });
  expect(plain.headers.get('cache-control')).toBe('no-cache');
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(await plain.text()).toBe(code);
  const revalidated = await fetch(`${s.url}/embed-assets/reelbase-player.js`, { headers: { 'Accept-Encoding': 'identity', ...revalidate(plain) } });
  expect(revalidated.status).toBe(304);

  const hls = await fetch(`${s.url}/embed-assets/${chunk}`, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(hls.status).toBe(200);
  expect(hls.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(hls.headers.get('access-control-allow-origin')).toBe('*');

  // Brotli (for HTTPS browsers) is made on first demand; that request and any before it is done get gzip.
  const br = () => fetch(`${s.url}/embed-assets/${chunk}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect((await br()).headers.get('content-encoding')).toBe('gzip');
  await expect.poll(async () => (await br()).headers.get('content-encoding'), { timeout: 15_000, interval: 200 }).toBe('br');

  const css = await fetch(`${s.url}/embed-assets/reelbase-player.css`);
  expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  for (const bad of ['../package.json', 'missing.js', 'index.html']) expect((await fetch(`${s.url}/embed-assets/${bad}`)).status).toBe(404);
});
