import type { Lead } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createLeadsService } from '../src/modules/leads/leads.service.ts';
import { playbackTokens } from '../src/modules/playback/playback-tokens.ts';
import { enableLeadForm, quietVideo } from './support/leads.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

const SECRET = 'leads-test-playback-secret-0123456789abcdef';
const PER_ADDRESS = 6;
let s: TestServer;
let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
let other: Awaited<ReturnType<typeof signUpAndLogin>>;
let open: string;

beforeAll(async () => {
  // Behind a proxy, so each test can come from its own address.
  s = await startTestServer({ TRUST_PROXY: 'true', PLAYBACK_TOKEN_SECRET: SECRET, RATE_LIMIT_LEADS_PER_ADDRESS: `${PER_ADDRESS}/3600`, RATE_LIMIT_LEADS_PER_EMAIL: '3/3600' });
  owner = await signUpAndLogin(s);
  other = await signUpAndLogin(s);
  open = await quietVideo(s, owner.id, { name: 'Spring tour' });
  await enableLeadForm(s, owner.accessToken, open, { nameField: true, consentText: 'Send me news' });
});
afterAll(() => s?.stop());

let n = 0;
/** A fresh client address per call site, so the per-address cap is hit only where a test means to. */
const address = () => `198.51.100.${++n}`;
const submit = (id: string, body: unknown, o: { from?: string; token?: string; headers?: Record<string, string> } = {}) =>
  s.api('POST', `/api/videos/${id}/leads${o.token ? `?token=${encodeURIComponent(o.token)}` : ''}`, { body, headers: { 'X-Forwarded-For': o.from ?? address(), ...o.headers } });

test('a viewer leaves an email, name and consent; the owner lists it with the page it came from', async () => {
  const res = await submit(open, { email: ' Ana@Example.COM ', name: 'Ana', consent: true, page: 'https://shop.example.com/spring?x=1' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  expect(res.body).toMatchObject({ videoId: open, videoName: 'Spring tour', email: 'ana@example.com', name: 'Ana', consentText: 'Send me news', pageOrigin: 'https://shop.example.com' });
  const list = await s.api('GET', `/api/videos/${open}/leads`, { token: owner.accessToken });
  expect(list.status).toBe(200);
  expect(list.body.items).toEqual([res.body]);
  expect(list.body.meta).toMatchObject({ totalItems: 1, currentPage: 1 });
});

test('a bad email, a missing consent and an over-long name are 422 with field messages; nothing is stored', async () => {
  const bad = await submit(open, { email: 'not-an-email', consent: true });
  expect(bad.status).toBe(422);
  expect(bad.body.errors).toEqual({ email: 'Must match format "email".' });
  const noConsent = await submit(open, { email: 'bo@example.com' });
  expect(noConsent.status).toBe(422);
  expect(noConsent.body.errors).toEqual({ consent: 'Must be ticked to continue.' });
  const long = await submit(open, { email: 'bo@example.com', name: 'x'.repeat(121), consent: true });
  expect(long.status).toBe(422);
  expect(long.body.errors.name).toBe('Must NOT have more than 120 characters.');
  const list = await s.api('GET', `/api/leads?search=bo%40`, { token: owner.accessToken });
  expect(list.body.items).toEqual([]);
});

test('a video whose lead form is off, or missing, takes no leads (404)', async () => {
  const off = await quietVideo(s, owner.id);
  const res = await submit(off, { email: 'cy@example.com' });
  expect(res.status).toBe(404);
  expect(res.body.message).toBe('This video does not collect emails.');
  expect((await submit(crypto.randomUUID(), { email: 'cy@example.com' })).status).toBe(404);
  expect((await submit('not-a-uuid', { email: 'cy@example.com' })).status).toBe(404);
  // Turned off again: refused again.
  await s.api('PUT', `/api/player-config/${open}`, { token: owner.accessToken, body: { leadForm: { enabled: false } } });
  expect((await submit(open, { email: 'cy@example.com', consent: true })).status).toBe(404);
  await enableLeadForm(s, owner.accessToken, open);
});

test('a private video answers 404; a password video takes leads only with its playback token', async () => {
  const priv = await quietVideo(s, owner.id, { visibility: 'private' });
  await enableLeadForm(s, owner.accessToken, priv);
  expect((await submit(priv, { email: 'di@example.com' })).status).toBe(404);
  const locked = await quietVideo(s, owner.id, { visibility: 'password' });
  await enableLeadForm(s, owner.accessToken, locked);
  expect((await submit(locked, { email: 'di@example.com' })).status).toBe(404);
  const forged = playbackTokens('another-secret-another-secret-0123456789', 600).issue(locked, 0).token;
  expect((await submit(locked, { email: 'di@example.com' }, { token: forged })).status).toBe(404);
  const token = playbackTokens(SECRET, 600).issue(locked, 0).token;
  const ok = await submit(locked, { email: 'di@example.com' }, { token });
  expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  // An unlisted video plays for anyone with the link, so it takes leads without a token.
  const unlisted = await quietVideo(s, owner.id, { visibility: 'unlisted' });
  await enableLeadForm(s, owner.accessToken, unlisted);
  expect((await submit(unlisted, { email: 'di@example.com' })).status).toBe(201);
});

test('the owner settings refuse bad values with field messages', async () => {
  const put = (body: unknown) => s.api('PUT', `/api/player-config/${open}`, { token: owner.accessToken, body });
  const bad = await put({ leadForm: { when: 'later', heading: 'x'.repeat(121), atSec: -1 }, callToAction: { url: 'javascript:alert(1)' } });
  expect(bad.status).toBe(422);
  expect(bad.body.errors).toMatchObject({
    'leadForm.when': 'Must be one of: beforePlay, atSecond.',
    'leadForm.heading': 'Must NOT have more than 120 characters.',
    'leadForm.atSec': 'Must be a number of seconds from 0 to 86400.',
    'callToAction.url': 'Must be an http:// or https:// address.',
  });
  const noUrl = await put({ callToAction: { enabled: true } });
  expect(noUrl.status).toBe(422);
  expect(noUrl.body.errors).toEqual({ 'callToAction.url': 'Enter the address the button opens.' });
  const unknown = await put({ leadForm: { colour: 'red' } });
  expect(unknown.status).toBe(422);
  const ok = await put({ callToAction: { enabled: true, url: 'https://shop.example.com/buy', when: 'atSecond', atSec: 3, newWindow: false } });
  expect(ok.status).toBe(200);
  expect(ok.body.callToAction).toEqual({ enabled: true, when: 'atSecond', atSec: 3, text: 'Want to know more?', buttonText: 'Learn more', url: 'https://shop.example.com/buy', newWindow: false });
  // The playback answer carries both to the player.
  const info = await s.api('GET', `/api/playback/${open}`);
  expect(info.body.playerConfig.leadForm).toMatchObject({ enabled: true, nameField: true, consentText: 'Send me news' });
  expect(info.body.playerConfig.callToAction.url).toBe('https://shop.example.com/buy');
});

test('submissions are capped per client address and per email typed (429 with Retry-After)', async () => {
  const from = '203.0.113.77';
  for (let i = 0; i < PER_ADDRESS; i++) expect((await submit(open, { email: `cap${i}@example.com`, consent: true }, { from })).status).toBe(201);
  const over = await submit(open, { email: 'cap-last@example.com', consent: true }, { from });
  expect(over.status).toBe(429);
  expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  // One victim's address from many places: capped too.
  for (let i = 0; i < 3; i++) expect((await submit(open, { email: 'victim@example.com', consent: true })).status).toBe(201);
  expect((await submit(open, { email: 'victim@example.com', consent: true })).status).toBe(429);
});

test('junk bodies and queries never answer 5xx', async () => {
  const junk: unknown[] = [null, [], 'text', 12, true, {}, { email: null }, { email: 12 }, { email: ['a@b.co'] }, { email: { $ne: '' } }, { email: 'a@b.co', name: 5 }, { email: 'a@b.co', consent: 'yes' },
    { email: 'a@b.co', page: 12 }, { email: 'a@b.co', page: 'javascript:alert(1)', consent: true }, { email: `${'a'.repeat(250)}@b.co` }, { email: 'a@b.co', name: '\u202Eevil', consent: true }, { email: 'a@b.co', extra: { deep: [1, 2] }, consent: true }];
  for (const body of junk) {
    const res = await submit(open, body);
    expect(res.status, JSON.stringify(body)).toBeLessThan(500);
    // Accepted (a harmless extra field, a page that is no http(s) URL: no origin kept) or refused in the API's format.
    if (res.status === 201) expect(res.body.pageOrigin).toBeNull();
    else expect(res.body.message).toEqual(expect.any(String));
  }
  for (const raw of ['{', '{"email":', 'null', '\u0000', '[[[[[]]]]]']) {
    const res = await fetch(`${s.url}/api/videos/${open}/leads`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Forwarded-For': address() }, body: raw });
    expect(res.status, raw).toBeLessThan(500);
  }
  for (const q of ['?token=%00', `?token=${'x'.repeat(600)}`, '?token=1.2.3', '?token[]=a']) expect((await submit(open, { email: 'q@example.com', consent: true }, { token: q.slice(7) })).status).toBeLessThan(500);
  for (const q of ['from=2026-13-45', 'to=yesterday', 'page=0', 'limit=1000', 'search=%25%5F%5C']) {
    const res = await s.api('GET', `/api/leads?${q}`, { token: owner.accessToken });
    expect(res.status, q).toBeLessThan(500);
  }
});

test("another team's video and leads are not the caller's (404, empty lists)", async () => {
  expect((await s.api('GET', `/api/videos/${open}/leads`, { token: other.accessToken })).status).toBe(404);
  expect((await s.api('GET', `/api/videos/${open}/leads.csv`, { token: other.accessToken })).status).toBe(404);
  const all = await s.api('GET', '/api/leads', { token: other.accessToken });
  expect(all.body.items).toEqual([]);
  expect((await fetch(`${s.url}/api/leads.csv`, { headers: { authorization: `Bearer ${other.accessToken}` } }).then((r) => r.text())).trim().split('\r\n')).toHaveLength(1);
  expect((await s.api('GET', '/api/leads')).status).toBe(401);
});

test('onCaptured gets the team and the lead once it is saved; its failure does not fail the viewer', async () => {
  const seen: [string, Lead][] = [];
  const leads = createLeadsService({ orm: s.services.orm, playback: s.services.playback, limits: s.services.limits, onCaptured: (teamId, lead) => void seen.push([teamId, lead]) });
  const lead = await leads.submit(open, { email: 'hook@example.com', consent: true }, { address: '192.0.2.50' });
  expect(seen).toEqual([[owner.id, lead]]);
  const failing = createLeadsService({ orm: s.services.orm, playback: s.services.playback, limits: s.services.limits, onCaptured: () => { throw new Error('webhook down'); } });
  const saved = await failing.submit(open, { email: 'hook2@example.com', consent: true }, { address: '192.0.2.51' });
  const list = await s.api('GET', `/api/leads?search=hook2`, { token: owner.accessToken });
  expect(list.body.items.map((l: Lead) => l.id)).toEqual([saved.id]);
});
