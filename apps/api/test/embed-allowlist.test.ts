import { afterAll, beforeAll, expect, test } from 'vitest';
import { hostOnAllowlist } from '../src/modules/playback/embedding.ts';
import { makeClip } from './support/clips.ts';
import { type SignedIn, signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * The embed domain allowlist on the wire: the embed page plays (with `frame-ancestors` naming the
 * domains) only when a browser frames it from a page of a listed domain or of our own origin, and
 * says "This video cannot be played on this site" otherwise; the public playback call answers the
 * same way by the calling page's origin. Junk entries are refused with the field's message.
 */
let s: TestServer;
let owner: SignedIn;
let id: string;

beforeAll(async () => {
  s = await startTestServer();
  owner = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 320, height: 180, seconds: 1, audio: false });
  id = (await s.upload(owner.accessToken, clip, { name: 'Course lesson 1' })).body.id;
  await s.waitForVideo(owner.accessToken, id, (v) => v.isMainReady);
}, 120_000);
afterAll(() => s?.stop());

const setDomains = async (allowedDomains: unknown) => s.api('PUT', `/api/videos/${id}/privacy`, { token: owner.accessToken, body: { visibility: 'public', allowedDomains } });
/** The embed page as a browser loads it in a frame of `page` (its Referer under strict-origin-when-cross-origin). */
const framedBy = async (page: string | null, dest = 'iframe') => {
  const res = await fetch(`${s.url}/embed/hls/${id}`, { headers: { 'sec-fetch-dest': dest, ...(page && { referer: page }) } });
  return { status: res.status, csp: res.headers.get('content-security-policy') as string, html: await res.text() };
};
const REFUSED = '<div class="rb-message" role="alert">This video cannot be played on this site</div>';

test('without a list the embed page plays anywhere', async () => {
  expect((await setDomains([])).status).toBe(200);
  const page = await framedBy('https://anyone.example/');
  expect(page.status).toBe(200);
  expect(page.csp).toContain('frame-ancestors *;');
  expect(page.html).toContain('id="reelbase-playback"');
});

test('with a list: plays framed by a listed domain or a subdomain of a wildcard, with frame-ancestors naming them', async () => {
  const saved = await setDomains(['Shop.Example.com', '*.school.example']);
  expect(saved.status).toBe(200);
  expect(saved.body.allowedDomains).toEqual(['shop.example.com', '*.school.example']);
  for (const page of ['https://shop.example.com/course/1', 'http://shop.example.com:8080/', 'https://learn.school.example/', 'https://a.b.school.example/x', `${s.url}/`]) {
    const framed = await framedBy(page);
    expect(framed.status, page).toBe(200);
    expect(framed.html, page).toContain('id="reelbase-playback"');
    expect(framed.html).toContain('<script type="module"');
    expect(framed.csp).toContain("frame-ancestors 'self' https://shop.example.com:* http://shop.example.com:* https://*.school.example:* http://*.school.example:*;");
  }
});

test('with a list: anywhere else, opened on its own, or without a referrer, the page says it cannot play here (no player, no sources)', async () => {
  await setDomains(['shop.example.com', '*.school.example']);
  for (const [page, dest] of [
    ['https://evil.example/', 'iframe'],
    ['https://shop.example.com.evil.example/', 'iframe'],
    ['https://example.com/', 'iframe'],
    // The wildcard covers subdomains, not the domain itself (as frame-ancestors reads it).
    ['https://school.example/', 'iframe'],
    [null, 'iframe'],
    // A listed page linking to the embed page, opened on its own: not inside the page.
    ['https://shop.example.com/', 'document'],
    ['not a url', 'iframe'],
  ] as const) {
    const framed = await framedBy(page, dest);
    expect(framed.status, `${page} ${dest}`).toBe(403);
    expect(framed.html).toContain(REFUSED);
    expect(framed.html).not.toContain('reelbase-playback');
    expect(framed.html).not.toContain('<script');
    expect(framed.html).not.toContain('Course lesson');
    expect(framed.csp).toContain('frame-ancestors *;');
  }
});

test('the playback call answers pages of listed domains and our own pages only', async () => {
  await setDomains(['shop.example.com']);
  const call = (headers: Record<string, string>) => s.api('GET', `/api/playback/${id}`, { headers });
  expect((await call({ origin: 'https://shop.example.com' })).status).toBe(200);
  expect((await call({ referer: `${s.url}/embed/hls/${id}` })).status).toBe(200);
  for (const headers of [{ origin: 'https://evil.example' }, { referer: 'https://evil.example/page' }, {}, { origin: 'null' }] as Record<string, string>[]) {
    const res = await call(headers);
    expect(res.status, JSON.stringify(headers)).toBe(403);
    expect(res.body).toEqual({ message: 'This video cannot be played on this site', code: 'notOnThisSite' });
  }
  await setDomains([]);
  expect((await call({ origin: 'https://evil.example' })).status).toBe(200);
});

test('junk entries are refused with the field message and nothing changes', async () => {
  await setDomains(['shop.example.com']);
  for (const junk of [['https://shop.example.com/path'], ['*.com'], ['exa mple.com'], ['*'], [42], 'shop.example.com']) {
    const res = await setDomains(junk);
    expect(res.status, JSON.stringify(junk)).toBe(422);
    expect(typeof res.body.errors.allowedDomains === 'string' || Object.keys(res.body.errors).some((k) => k.startsWith('allowedDomains')), JSON.stringify(res.body)).toBe(true);
  }
  expect((await s.api('GET', `/api/videos/${id}`, { token: owner.accessToken })).body.allowedDomains).toEqual(['shop.example.com']);
});

test('matching: exact hosts, subdomains of a wildcard only, case and a trailing dot ignored', () => {
  expect(hostOnAllowlist('Shop.Example.com.', ['shop.example.com'])).toBe(true);
  expect(hostOnAllowlist('a.example.com', ['*.example.com'])).toBe(true);
  expect(hostOnAllowlist('example.com', ['*.example.com'])).toBe(false);
  expect(hostOnAllowlist('badexample.com', ['*.example.com'])).toBe(false);
  expect(hostOnAllowlist('example.com.evil', ['example.com'])).toBe(false);
  expect(hostOnAllowlist('anything', [])).toBe(false);
});
