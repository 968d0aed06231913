import { request } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { type DnsStandin, startDnsStandin } from './support/dns-standin.ts';
import { type SignedIn, signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Showcases on a team's verified custom domain (issue 34, items 2 and 3 together): the links the
 * API hands out are on the domain, the domain serves the team's showcase (its page, password form
 * and feed) and no other team's.
 */
let s: TestServer;
let dns: DnsStandin;
let owner: SignedIn;
let other: SignedIn;
const HOST = 'videos.showshop.example';

/** A request to the server as if it came for `host` (the Host header Caddy passes on). */
function onHost(host: string, path: string, o: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
  const url = new URL(s.url);
  return new Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: o.method ?? 'GET', headers: { host, ...o.headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(o.body);
  });
}

beforeAll(async () => {
  dns = await startDnsStandin();
  s = await startTestServer({ DNS_RESOLVER: dns.address });
  owner = await signUpAndLogin(s);
  other = await signUpAndLogin(s);
  const created = (await s.api('POST', '/api/domains', { token: owner.accessToken, body: { domain: HOST } })).body;
  dns.setTxt(created.record.name, created.record.value);
  const ok = await s.api('POST', `/api/domains/${created.id}/verify`, { token: owner.accessToken });
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
}, 120_000);
afterAll(async () => {
  await s?.stop();
  await dns?.close();
});

test("the team's showcase links are on its domain, which serves its page, form and feed but not another team's showcase", async () => {
  const clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: false });
  const mine = (await s.upload(owner.accessToken, clip, { name: 'On the shop' })).body.id;
  const theirs = (await s.upload(other.accessToken, clip, { name: 'Elsewhere' })).body.id;
  const slug = `shop-${crypto.randomUUID().slice(0, 8)}`;
  const made = await s.api('POST', '/api/showcases', { token: owner.accessToken, body: { name: 'Shop', slug, visibility: 'unlisted', videoIds: [mine] } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  expect(made.body.showcase).toMatchObject({ pageUrl: `https://${HOST}/s/${slug}`, feedUrl: `https://${HOST}/s/${slug}/feed.xml` });
  expect(made.body.showcase.embedCode).toContain(`src="https://${HOST}/s/${slug}?embed=1"`);

  const page = await onHost(HOST, `/s/${slug}`);
  expect(page.status).toBe(200);
  expect(page.body).toContain(`src="/embed/hls/${mine}"`);
  expect(page.body).toContain(`<link rel="canonical" href="https://${HOST}/s/${slug}">`);
  expect((await onHost(HOST, `/embed/hls/${mine}`)).status).toBe(200);
  const feed = await onHost(HOST, `/s/${slug}/feed.xml`);
  expect(feed.status).toBe(200);
  expect(feed.body).toContain(`<link>https://${HOST}/s/${slug}</link>`);

  // Another team's showcase is not on this host (it is on ours).
  const foreignSlug = `else-${crypto.randomUUID().slice(0, 8)}`;
  await s.api('POST', '/api/showcases', { token: other.accessToken, body: { name: 'Else', slug: foreignSlug, visibility: 'public', videoIds: [theirs] } });
  expect((await onHost(HOST, `/s/${foreignSlug}`)).status).toBe(404);
  expect((await fetch(`${s.url}/s/${foreignSlug}`)).status).toBe(200);

  // A password showcase's form posts on the domain too.
  const locked = `lock-${crypto.randomUUID().slice(0, 8)}`;
  await s.api('POST', '/api/showcases', { token: owner.accessToken, body: { name: 'Locked', slug: locked, visibility: 'password', password: 'shop secret', videoIds: [mine] } });
  expect((await onHost(HOST, `/s/${locked}`)).body).toContain('type="password"');
  const unlock = await onHost(HOST, `/s/${locked}/unlock`, { method: 'POST', body: 'password=shop+secret', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(unlock.status).toBe(303);
  const cookie = String(unlock.headers['set-cookie']).split(';')[0];
  expect((await onHost(HOST, `/s/${locked}`, { headers: { cookie } })).body).toContain(`/embed/hls/${mine}`);
});
