import { request } from 'node:http';
import { domainToASCII } from 'node:url';
import { DOMAIN_MESSAGES, domainNotVerifiedMessage, tooManyDomainsMessage } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { type DnsStandin, startDnsStandin } from './support/dns-standin.ts';
import { inTeam, teamOfFour } from './support/teams.ts';
import { type SignedIn, signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Custom domains on the real server: a team adds a host name, gets the TXT record to create,
 * verifies it against a DNS server of the test's own (dns2, through DNS_RESOLVER); then that name
 * serves the team's share pages and embeds, and nothing else: no other team's video, no API
 * beyond the player's calls, no web app. Embed codes point at the domain.
 */
let s: TestServer;
let dns: DnsStandin;
let team: Awaited<ReturnType<typeof teamOfFour>>;
let other: SignedIn;
let ours: { id: string };
let theirs: { id: string };
const MAX = 3;

beforeAll(async () => {
  dns = await startDnsStandin();
  s = await startTestServer({ DNS_RESOLVER: dns.address, CUSTOM_DOMAINS_MAX_PER_TEAM: String(MAX) });
  team = await teamOfFour(s);
  other = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 160, height: 90, seconds: 1, audio: false });
  const upload = async (who: SignedIn) => {
    const up = await s.upload(who.accessToken, clip, { name: 'Shop tour' });
    await s.api('PUT', `/api/videos/${up.body.id}/privacy`, { token: who.accessToken, body: { visibility: 'public' } });
    return s.waitForVideo(who.accessToken, up.body.id, (v) => v.isMainReady);
  };
  [ours, theirs] = await Promise.all([upload(team.owner), upload(other)]);
}, 120_000);
afterAll(async () => {
  await s?.stop();
  await dns?.close();
});

const add = (token: string, domain: unknown, headers: Record<string, string> = {}) => s.api('POST', '/api/domains', { token, body: { domain }, headers });
const verify = (token: string, id: string) => s.api('POST', `/api/domains/${id}/verify`, { token });

/** A request to the server as if it came for `host` (the Host header Caddy passes on). */
function onHost(host: string, path: string, method = 'GET'): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const url = new URL(s.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('a domain is made canonical (lower case, punycode, no final dot) and answers the TXT record to create; bad names are 422 with the field', async () => {
  const r = await add(team.owner.accessToken, '  Vidéos.Bäckerei-Example.COM. ');
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const ascii = domainToASCII('vidéos.bäckerei-example.com');
  expect(ascii).toMatch(/^xn--[\w-]+\.xn--[\w-]+\.com$/);
  expect(r.body).toMatchObject({ domain: ascii, status: 'pending', verifiedAt: null, checkedAt: null });
  expect(r.body.record).toEqual({ type: 'TXT', name: `_reelbase-challenge.${ascii}`, value: expect.stringMatching(/^reelbase-verify=[0-9a-f]{32}$/) });
  expect((await s.api('DELETE', `/api/domains/${r.body.id}`, { token: team.owner.accessToken })).status).toBe(200);

  const errorOf = async (domain: unknown) => {
    const res = await add(team.owner.accessToken, domain);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    return res.body.errors.domain;
  };
  expect(await errorOf('https://videos.example.com')).toBe(DOMAIN_MESSAGES.hostOnly);
  expect(await errorOf('videos.example.com:8443')).toBe(DOMAIN_MESSAGES.hostOnly);
  expect(await errorOf('videos.example.com/watch')).toBe(DOMAIN_MESSAGES.hostOnly);
  expect(await errorOf('192.168.1.10')).toBe(DOMAIN_MESSAGES.ipAddress);
  expect(await errorOf('localhost')).toBe(DOMAIN_MESSAGES.invalid);
  expect(await errorOf('bad_name.example.com')).toBe(DOMAIN_MESSAGES.invalid);
  expect(await errorOf('-x.example.com')).toBe(DOMAIN_MESSAGES.invalid);
  expect(await errorOf(42)).toBe(DOMAIN_MESSAGES.invalid);
  expect(await errorOf(`${'a'.repeat(250)}.com`)).toBe('Must NOT have more than 253 characters.');
});

test('roles: a viewer reads the list but may not add (403); an editor neither; another team\'s domain is a 404; past the limit a 422', async () => {
  const mine = await add(team.admin.accessToken, 'roles.example.com', inTeam(team.teamId));
  expect(mine.status).toBe(201);
  expect((await add(team.viewer.accessToken, 'viewer.example.com', inTeam(team.teamId))).status).toBe(403);
  expect((await add(team.editor.accessToken, 'editor.example.com', inTeam(team.teamId))).status).toBe(403);
  const listed = await s.api('GET', '/api/domains', { token: team.viewer.accessToken, headers: inTeam(team.teamId) });
  expect(listed.status).toBe(200);
  expect(listed.body.items.map((d: { domain: string }) => d.domain)).toContain('roles.example.com');
  expect((await s.api('POST', `/api/domains/${mine.body.id}/verify`, { token: team.viewer.accessToken, headers: inTeam(team.teamId) })).status).toBe(403);

  // Another team sees nothing of it.
  expect((await verify(other.accessToken, mine.body.id)).status).toBe(404);
  expect((await s.api('DELETE', `/api/domains/${mine.body.id}`, { token: other.accessToken })).status).toBe(404);
  expect((await s.api('DELETE', '/api/domains/not-a-uuid', { token: other.accessToken })).status).toBe(404);
  expect((await s.api('GET', '/api/domains', { token: other.accessToken })).body.items).toEqual([]);

  // Twice in one team: 409; the limit counts pending ones too.
  expect((await add(team.owner.accessToken, 'ROLES.example.com')).status).toBe(409);
  for (let i = 1; (await s.api('GET', '/api/domains', { token: team.owner.accessToken })).body.items.length < MAX; i++) expect((await add(team.owner.accessToken, `n${i}.example.com`)).status).toBe(201);
  const over = await add(team.owner.accessToken, 'one-more.example.com');
  expect(over.status).toBe(422);
  expect(over.body.errors.domain).toBe(tooManyDomainsMessage(MAX));
  for (const d of (await s.api('GET', '/api/domains', { token: team.owner.accessToken })).body.items) await s.api('DELETE', `/api/domains/${d.id}`, { token: team.owner.accessToken });
});

test('verify: 422 saying what DNS holds until the record is there, then verified; the ask endpoint answers 200 for it only; another team cannot take it', async () => {
  const created = (await add(team.owner.accessToken, 'videos.theirshop.example')).body;
  const name = created.record.name;
  expect((await s.api('GET', '/api/domains/allowed?domain=videos.theirshop.example')).status).toBe(404);

  const missing = await verify(team.owner.accessToken, created.id);
  expect(missing.status).toBe(422);
  expect(missing.body.errors.domain).toBe(domainNotVerifiedMessage(name, []));
  expect(dns.asked).toContain(name);

  dns.setTxt(name, 'v=spf1 -all', 'reelbase-verify=0000');
  const wrong = await verify(team.owner.accessToken, created.id);
  expect(wrong.status).toBe(422);
  expect(wrong.body.message).toBe(`The TXT record ${name} does not hold the value to create; found "v=spf1 -all", "reelbase-verify=0000".`);
  expect((await s.api('GET', '/api/domains', { token: team.owner.accessToken })).body.items[0]).toMatchObject({ status: 'pending', checkedAt: expect.any(String) });

  // The value split into two strings of one record, as some DNS hosts store long values.
  dns.setTxt(name, 'v=spf1 -all', [created.record.value.slice(0, 10), created.record.value.slice(10)]);
  const ok = await verify(team.owner.accessToken, created.id);
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  expect(ok.body).toMatchObject({ status: 'verified', verifiedAt: expect.any(String) });
  expect((await s.api('GET', '/api/domains/allowed?domain=videos.theirshop.example')).status).toBe(200);
  expect((await s.api('GET', '/api/domains/allowed?domain=VIDEOS.theirshop.example.')).status).toBe(200);
  expect((await s.api('GET', '/api/domains/allowed?domain=other.theirshop.example')).status).toBe(404);
  expect((await s.api('GET', '/api/domains/allowed')).status).toBe(422);

  // Verified by this team: another team may not add it.
  const taken = await add(other.accessToken, 'videos.theirshop.example');
  expect(taken.status).toBe(409);
  expect(taken.body.message).toBe(DOMAIN_MESSAGES.takenByOtherTeam);
});

test('on the verified host: the team\'s share page, embed and player calls; another team\'s video, /api/videos, the web app and sign-in are 404; embed codes use the domain', async () => {
  const host = 'videos.theirshop.example';
  const page = await onHost(host, `/watch/${ours.id}`);
  expect(page.status).toBe(200);
  expect(page.body).toContain(`data-video-id="${ours.id}"`);
  expect((await onHost(host, `/embed/hls/${ours.id}`)).status).toBe(200);
  expect((await onHost(host, `/api/playback/${ours.id}`)).status).toBe(200);
  const asset = /src="(\/embed-assets\/[^"]+)"/.exec(page.body)?.[1] as string;
  expect((await onHost(host, asset)).status).toBe(200);

  for (const path of [`/watch/${theirs.id}`, `/embed/hls/${theirs.id}`, `/api/playback/${theirs.id}`, '/api/videos', '/api/domains', '/', '/videos', '/login', '/api/openapi.json', '/sitemap.xml']) {
    const r = await onHost(host, path);
    expect(r.status, path).toBe(404);
  }
  expect((await onHost(host, '/auth/login', 'POST')).status).toBe(404);
  // The player's calls pass for the team's videos only.
  expect((await onHost(host, `/api/videos/${theirs.id}/sessions`, 'POST')).status).toBe(404);
  expect((await onHost(host, `/api/videos/${ours.id}/leads`, 'GET')).status).toBe(404);
  expect((await onHost(host, `/api/playback/${ours.id}`, 'OPTIONS')).status).toBe(204);
  // A showcase path passes the guard (its route checks the slug) but never falls to the web app.
  const showcase = await onHost(host, '/s/no-such-showcase');
  expect(showcase.status).toBe(404);
  expect(showcase.body).not.toContain('<div id="root"');
  // The same calls on the product's own host work as before.
  expect((await fetch(`${s.url}/watch/${theirs.id}`)).status).toBe(200);
  expect((await s.api('GET', '/api/videos', { token: other.accessToken })).status).toBe(200);

  const code = await s.api('GET', `/api/videos/${ours.id}/embed`, { token: team.owner.accessToken });
  expect(code.body.embed).toContain(`src="https://${host}/embed/hls/${ours.id}"`);
  const theirCode = await s.api('GET', `/api/videos/${theirs.id}/embed`, { token: other.accessToken });
  expect(theirCode.body.embed).toContain(`src="${s.url}/embed/hls/${theirs.id}"`);

  // Removed: the host serves nothing of the team's any more, embed codes go back to PUBLIC_URL.
  const [d] = (await s.api('GET', '/api/domains', { token: team.owner.accessToken })).body.items;
  expect((await s.api('DELETE', `/api/domains/${d.id}`, { token: team.owner.accessToken })).status).toBe(200);
  expect((await s.api('GET', `/api/domains/allowed?domain=${host}`)).status).toBe(404);
  expect((await s.api('GET', `/api/videos/${ours.id}/embed`, { token: team.owner.accessToken })).body.embed).toContain(`src="${s.url}/embed/hls/${ours.id}"`);
});
