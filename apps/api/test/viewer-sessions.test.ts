import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { playbackTokens } from '../src/modules/playback/playback-tokens.ts';
import { inTeam, teamOfFour } from './support/teams.ts';
import { signUpAndLogin, startTestServer, type SignedIn, type TestServer } from './support/test-server.ts';
import { player, sessionVideo, sql, watch } from './support/viewer-sessions.ts';

const SECRET = 'viewer-sessions-test-secret-0123456789abc';
const BURST = 40;
let s: TestServer;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  // Behind a proxy, so each test comes from its own address (and the per-address cap is judged per test).
  // Progress reports: BURST per address at once too (ten seconds' worth of BURST / 10 a second).
  s = await startTestServer({ TRUST_PROXY: 'true', PLAYBACK_TOKEN_SECRET: SECRET, STATS_BEACON_BURST: String(BURST), SESSION_PROGRESS_PER_SECOND: String(BURST / 10) });
  owner = await signUpAndLogin(s);
  other = await signUpAndLogin(s);
});
afterAll(() => s?.stop());

let n = 0;
const address = () => `198.51.100.${++n}`;
const get = (path: string, who: SignedIn = owner, headers?: Record<string, string>) => s.api('GET', path, { token: who.accessToken, headers });

test('three browsers behind one address are three unique viewers; one viewer id twice is one viewer with two plays', async () => {
  const video = await sessionVideo(s, owner.id, 30);
  const from = address();
  for (const ua of ['Firefox/133.0', 'Chrome/131.0', 'Safari/605.1.15']) await watch(player(s, from, `Mozilla/5.0 ${ua}`), video, crypto.randomUUID(), [[[0, 10]]]);
  await s.services.viewerSessions.flush();
  expect((await get(`/api/videos/${video}/engagement`)).body).toMatchObject({ plays: 3, uniqueViewers: 3 });

  const again = await sessionVideo(s, owner.id, 30);
  const viewer = crypto.randomUUID();
  const p = player(s, address());
  await watch(p, again, viewer, [[[0, 5]]]);
  await watch(p, again, viewer, [[[0, 5]]]);
  await s.services.viewerSessions.flush();
  expect((await get(`/api/videos/${again}/engagement`)).body).toMatchObject({ plays: 2, uniqueViewers: 1 });
});

test('plain watches give a falling engagement curve; a rewatch counts 2; skipped seconds stay 0', async () => {
  const video = await sessionVideo(s, owner.id, 30);
  const p = player(s, address());
  // Three plays from the start, stopping at 30, 20 and 10 s (the reports split each watch at odd fractions).
  await watch(p, video, crypto.randomUUID(), [[[0, 10.3]], [[10.3, 30]]], { end: true });
  await watch(p, video, crypto.randomUUID(), [[[0, 20]]], { end: true });
  await watch(p, video, crypto.randomUUID(), [[[0, 10]]], { end: true });
  await s.services.viewerSessions.flush();
  const e = (await get(`/api/videos/${video}/engagement`)).body;
  expect(e.durationSec).toBe(30);
  expect(e.seconds).toHaveLength(30);
  for (let i = 1; i < 30; i++) expect(e.seconds[i], `second ${i}`).toBeLessThanOrEqual(e.seconds[i - 1]);
  expect([e.seconds[0], e.seconds[15], e.seconds[25]]).toEqual([100, 66.7, 33.3]);
  expect(e.averagePercent).toBe(66.7);

  // Watch 0-12, seek to 20, watch 5 s, go back and watch 0-4 again.
  const mixed = await watch(p, video, crypto.randomUUID(), [[[0, 12]], [[20, 25], [0, 4]]], { end: true });
  await s.services.viewerSessions.flush();
  const list = (await get(`/api/videos/${video}/viewers`)).body;
  const row = list.items.find((i: { sessionId: string }) => i.sessionId === mixed);
  expect(row.heatmap).toEqual([2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0]);
  expect(row).toMatchObject({ watchedSeconds: 17, percentWatched: 56.7, viewer: {}, device: 'Desktop', browser: 'Chrome' });
  expect(list.meta.totalItems).toBe(4);
});

test('a long video shares its counters per bucket and its heatmap has at most 100 bars', async () => {
  const video = await sessionVideo(s, owner.id, 7200);
  const id = await watch(player(s, address()), video, crypto.randomUUID(), [[[0, 3600]]], { end: true });
  await s.services.viewerSessions.flush();
  const row = (await get(`/api/videos/${video}/viewers`)).body.items.find((i: { sessionId: string }) => i.sessionId === id);
  expect(row.heatmap).toHaveLength(100);
  expect(row.heatmap.slice(0, 50).every((x: number) => x === 1) && row.heatmap.slice(50).every((x: number) => x === 0)).toBe(true);
  expect(row).toMatchObject({ watchedSeconds: 3600, percentWatched: 50 });
  const e = (await get(`/api/videos/${video}/engagement`)).body;
  expect(e.seconds).toHaveLength(1000);
  expect([e.seconds[0], e.seconds[499], e.seconds[500], e.seconds[999]]).toEqual([100, 100, 0, 0]);
});

test('ranges past the end, backwards or too many are 422 with the field message; an ended session takes no more', async () => {
  const video = await sessionVideo(s, owner.id, 30);
  const p = player(s, address());
  const { sessionId } = (await p.open(video, { viewerId: crypto.randomUUID() })).body;
  const past = await p.report(sessionId, { ranges: [[0, 10], [20, 40]] });
  expect(past.status).toBe(422);
  expect(past.body.errors).toEqual({ 'ranges.1': "Must be within the video's length (30 seconds)." });
  const backwards = await p.report(sessionId, { ranges: [[10, 5]] });
  expect(backwards.status).toBe(422);
  expect(backwards.body.errors).toEqual({ ranges: 'Each range must start before it ends.' });
  const many = await p.report(sessionId, { ranges: Array.from({ length: 51 }, (_, i) => [i * 0.5, i * 0.5 + 0.25]) });
  expect(many.status).toBe(422);
  expect(many.body.errors.ranges).toBe('Must be a list of at most 50 [start, end] pairs of seconds.');
  // A second of slack for the player's clock past the probed length.
  expect((await p.report(sessionId, { ranges: [[29, 30.5]], ended: true })).status).toBe(204);
  expect((await p.report(sessionId, { ranges: [[0, 1]] })).status).toBe(404);
  expect((await p.report(crypto.randomUUID(), { ranges: [[0, 1]] })).status).toBe(404);
  expect((await p.report('not-a-session', { ranges: [[0, 1]] })).status).toBe(404);
});

test('opening follows the playback rules: private and password videos need their token, a missing one is 404', async () => {
  const p = player(s, address());
  const body = { viewerId: crypto.randomUUID() };
  const priv = await sessionVideo(s, owner.id, 30, { visibility: 'private' });
  expect((await p.open(priv, body)).status).toBe(404);
  const locked = await sessionVideo(s, owner.id, 30, { visibility: 'password' });
  expect((await p.open(locked, body)).status).toBe(404);
  expect((await p.open(locked, body, { token: playbackTokens('another-secret-another-secret-0123456789', 600).issue(locked, 0).token })).status).toBe(404);
  const ok = await p.open(locked, body, { token: playbackTokens(SECRET, 600).issue(locked, 0).token });
  expect(ok.status).toBe(201);
  expect(ok.body).toEqual({ sessionId: expect.any(String), reportEverySec: 10, anonymous: false });
  expect(ok.headers.get('access-control-allow-origin')).toBe('*');
  expect((await p.open(crypto.randomUUID(), body)).status).toBe(404);
  expect((await p.open(await sessionVideo(s, owner.id, 30, { visibility: 'unlisted' }), body)).status).toBe(201);
});

test('the embed allowlist holds for sessions as for the lead form; the per-address cap answers 429', async () => {
  const video = await sessionVideo(s, owner.id, 30);
  await s.api('PUT', `/api/videos/${video}/privacy`, { token: owner.accessToken, body: { visibility: 'public', allowedDomains: ['shop.example.com'] } });
  const p = player(s, address());
  const elsewhere = await p.open(video, { viewerId: crypto.randomUUID() }, { headers: { Origin: 'https://evil.example.net', Referer: 'https://evil.example.net/page' } });
  expect(elsewhere.status).toBe(403);
  const capped = player(s, address());
  const statuses: number[] = [];
  // A clock that stands still: the address's bucket refills by nothing however slowly a loaded machine answers.
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    for (let i = 0; i <= BURST; i++) statuses.push((await capped.report(crypto.randomUUID(), { ranges: [[0, 1]] })).status);
  } finally {
    vi.useRealTimers();
  }
  expect(statuses.slice(0, BURST).every((x) => x === 404)).toBe(true);
  expect(statuses[BURST]).toBe(429);
});

test('thirty viewers behind one office address each open a session and report it: none is refused', async () => {
  const video = await sessionVideo(s, owner.id, 30);
  const office = player(s, address());
  // Their reports have caps of their own, so the opens (the beacons' bucket) do not spend them.
  for (let i = 0; i < 30; i++) await watch(office, video, crypto.randomUUID(), [[[0, 5]]]);
  await s.services.viewerSessions.flush();
  expect((await get(`/api/videos/${video}/engagement`)).body).toMatchObject({ plays: 30, uniqueViewers: 30 });
});

test("one session reporting far faster than a player does is capped, and does not spend its address's share", async () => {
  const video = await sessionVideo(s, owner.id, 30);
  const from = address();
  const noisy = player(s, from);
  const sessionId = await watch(noisy, video, crypto.randomUUID(), []);
  const statuses: number[] = [];
  for (let i = 0; i < 25; i++) statuses.push((await noisy.report(sessionId, { ranges: [[0, 1]] })).status);
  expect(statuses.slice(0, 20).every((x) => x === 204)).toBe(true);
  expect(statuses.slice(20).every((x) => x === 429)).toBe(true);
  // Another viewer at that address still reports.
  await watch(player(s, from), video, crypto.randomUUID(), [[[0, 5]]]);
});

test("another team's video answers 404 for viewers, engagement and CSV; a viewer member is refused as for leads", async () => {
  const video = await sessionVideo(s, owner.id, 30);
  for (const path of [`/api/videos/${video}/viewers`, `/api/videos/${video}/viewers.csv`, `/api/videos/${video}/engagement`]) {
    expect((await get(path, other)).status, path).toBe(404);
    expect((await s.api('GET', path)).status, path).toBe(401);
  }
  const team = await teamOfFour(s);
  const teamVideo = await sessionVideo(s, team.teamId, 30);
  for (const path of [`/api/videos/${teamVideo}/viewers`, `/api/videos/${teamVideo}/engagement`, '/api/analytics/trend', '/api/analytics/viewer-settings']) {
    expect((await get(path, team.editor, inTeam(team.teamId))).status, path).toBe(200);
    expect((await get(path, team.viewer, inTeam(team.teamId))).status, path).toBe(403);
    // Leads are read the same way: the viewer role is refused there too.
    expect((await get(`/api/videos/${teamVideo}/leads`, team.viewer, inTeam(team.teamId))).status).toBe(403);
  }
  const put = (who: SignedIn) => s.api('PUT', '/api/analytics/viewer-settings', { token: who.accessToken, headers: inTeam(team.teamId), body: { retentionMonths: 6 } });
  expect((await put(team.viewer)).status).toBe(403);
  expect((await put(team.editor)).body.retentionMonths).toBe(6);
});

test('the CSV lists the sessions newest first with who, how much and where', async () => {
  const video = await sessionVideo(s, owner.id, 20);
  const p = player(s, address());
  await watch(p, video, crypto.randomUUID(), [[[0, 10]]], { end: true, email: 'mia@example.com' });
  await watch(p, video, crypto.randomUUID(), [[[0, 20]]], { end: true });
  await s.services.viewerSessions.flush();
  const res = await fetch(`${s.url}/api/videos/${video}/viewers.csv`, { headers: { authorization: `Bearer ${owner.accessToken}` } });
  expect(res.headers.get('content-type')).toContain('text/csv');
  const lines = (await res.text()).trim().split('\r\n');
  expect(lines[0]).toBe('started_at,email,name,watched_seconds,percent_watched,country,device,browser,session_id');
  expect(lines.slice(1).map((l) => l.split(',').slice(1, 5))).toEqual([
    ['', '', '20', '100'],
    ['mia@example.com', '', '10', '50'],
  ]);
});

test('the trend sums plays, minutes and unique viewers per UTC day of the whole team', async () => {
  const team = await signUpAndLogin(s);
  const [a, b] = [await sessionVideo(s, team.id, 120), await sessionVideo(s, team.id, 60)];
  const p = player(s, address());
  const viewer = crypto.randomUUID();
  const today = [await watch(p, a, viewer, [[[0, 120]]]), await watch(p, b, viewer, [[[0, 30]]]), await watch(p, b, crypto.randomUUID(), [[[0, 60]]])];
  const yesterday = await watch(p, a, crypto.randomUUID(), [[[0, 60]]]);
  await s.services.viewerSessions.flush();
  await sql(s, "update viewer_sessions set started_at = now() - interval '1 day' where id = ?", [yesterday]);
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const trend = (await get(`/api/analytics/trend?from=${day(2)}&to=${day(0)}`, team)).body;
  expect(trend.days).toEqual([
    { day: day(2), plays: 0, minutesWatched: 0, uniqueViewers: 0 },
    { day: day(1), plays: 1, minutesWatched: 1, uniqueViewers: 1 },
    { day: day(0), plays: today.length, minutesWatched: 3.5, uniqueViewers: 2 },
  ]);
  expect((await get('/api/analytics/trend', team)).body.days).toHaveLength(30);
  expect((await get(`/api/analytics/trend?from=${day(0)}&to=${day(1)}`, team)).body.errors).toEqual({ to: 'Must not be before from.' });
  expect((await get('/api/analytics/trend?from=2024-01-01&to=2026-01-01', team)).body.errors).toEqual({ to: 'Must be at most 366 days after from.' });
  expect((await get('/api/analytics/trend?from=2026-02-30', team)).status).toBe(422);
  // Another team's sessions are not in it.
  expect((await get(`/api/analytics/trend?from=${day(0)}&to=${day(0)}`, other)).body.days[0].plays).toBe(0);
});

test('junk bodies and ids never answer 5xx', async () => {
  const video = await sessionVideo(s, owner.id, 30);
  const p = player(s, address());
  const junkOpen: unknown[] = [null, [], 'text', 12, {}, { viewerId: 'x' }, { viewerId: crypto.randomUUID(), email: 'nope' }, { viewerId: crypto.randomUUID(), coverId: 5 }, { viewerId: `${crypto.randomUUID()}\u0000` }];
  for (const body of junkOpen) expect((await p.open(video, body)).status, JSON.stringify(body)).toBe(422);
  const { sessionId } = (await p.open(video, { viewerId: crypto.randomUUID() })).body;
  const junkProgress: unknown[] = [null, [], {}, { ranges: 'x' }, { ranges: [[0]] }, { ranges: [[0, 'a']] }, { ranges: [[-1, 2]] }, { ranges: [[0, 1e308]] }, { ranges: [[0, 1]], ended: 'yes' }, { ranges: [[Number.NaN, 1]] }];
  for (const body of junkProgress) {
    const res = await p.report(sessionId, body);
    expect(res.status, JSON.stringify(body)).toBe(422);
    expect(res.body.message).toEqual(expect.any(String));
  }
  const big = await fetch(`${s.url}/api/sessions/${sessionId}/progress`, { method: 'POST', headers: { 'X-Forwarded-For': address() }, body: JSON.stringify({ ranges: [[0, 1]], pad: 'x'.repeat(5000) }) });
  expect(big.status).toBe(413);
  const notJson = await fetch(`${s.url}/api/sessions/${sessionId}/progress`, { method: 'POST', headers: { 'X-Forwarded-For': address() }, body: '{"ranges":' });
  expect(notJson.status).toBe(422);
  for (const id of ['not-a-uuid', '%E0%A4%A', 'x'.repeat(2000)]) {
    expect((await p.open(id, { viewerId: crypto.randomUUID() })).status, id).toBeLessThan(500);
    expect((await get(`/api/videos/${id}/viewers`)).status, id).toBe(404);
    expect((await get(`/api/leads/${id}/videos`)).status, id).toBe(404);
  }
  for (const q of ['page=0', 'limit=1000', 'page=x']) expect((await get(`/api/videos/${video}/viewers?${q}`)).status, q).toBe(422);
});
