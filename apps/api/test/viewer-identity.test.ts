import { afterAll, beforeAll, expect, test } from 'vitest';
import { enableLeadForm } from './support/leads.ts';
import { signUpAndLogin, startTestServer, type SignedIn, type TestServer } from './support/test-server.ts';
import { player, sessionVideo, sql, watch } from './support/viewer-sessions.ts';
import { startReceiver } from './support/webhook-receiver.ts';

let s: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  s = await startTestServer({ TRUST_PROXY: 'true', IMPORT_ALLOWED_HOSTS: '127.0.0.1', STATS_BEACON_BURST: '1000' });
});
afterAll(async () => {
  await s?.stop();
  await receiver?.close();
});

let n = 0;
const p = () => player(s, `203.0.113.${++n}`);
const viewersOf = async (who: SignedIn, video: string) => {
  await s.services.viewerSessions.flush();
  const res = await s.api('GET', `/api/videos/${video}/viewers`, { token: who.accessToken });
  return new Map<string, { email?: string; name?: string }>(res.body.items.map((i: { sessionId: string; viewer: unknown }) => [i.sessionId, i.viewer]));
};
const settings = (who: SignedIn, body: unknown) => s.api('PUT', '/api/analytics/viewer-settings', { token: who.accessToken, body });

test("a lead with its session id names that viewer's earlier and later sessions, on its own account only", async () => {
  const owner = await signUpAndLogin(s);
  const [video, other] = [await sessionVideo(s, owner.id, 30), await sessionVideo(s, owner.id, 30)];
  await enableLeadForm(s, owner.accessToken, video, { nameField: true });
  const viewer = crypto.randomUUID();
  const stranger = crypto.randomUUID();
  const browser = p();
  const earlier = await watch(browser, other, viewer, [[[0, 10]]], { end: true });
  const strangers = await watch(browser, video, stranger, [[[0, 10]]]);
  const current = await watch(browser, video, viewer, [[[0, 5]]]);
  const lead = await s.api('POST', `/api/videos/${video}/leads`, { body: { email: 'ana@example.com', name: 'Ana', sessionId: current }, headers: { 'X-Forwarded-For': '203.0.113.200' } });
  expect(lead.status, JSON.stringify(lead.body)).toBe(201);
  // A later ?email= does not rename a viewer a lead named (the viewer typed that one).
  const later = await watch(browser, video, viewer, [[[5, 10]]], { email: 'someone.else@example.com' });
  const seen = await viewersOf(owner, video);
  expect(seen.get(current)).toEqual({ email: 'ana@example.com', name: 'Ana' });
  expect(seen.get(later)).toEqual({ email: 'ana@example.com', name: 'Ana' });
  expect(seen.get(strangers)).toEqual({});
  expect((await viewersOf(owner, other)).get(earlier)).toEqual({ email: 'ana@example.com', name: 'Ana' });
  // The lead's page: every video they watched, with the seconds of all their sessions together.
  const videos = (await s.api('GET', `/api/leads/${lead.body.id}/videos`, { token: owner.accessToken })).body.items;
  expect(videos.map((v: { videoId: string; sessions: number; watchedSeconds: number }) => [v.videoId, v.sessions, v.watchedSeconds]).sort()).toEqual(
    [[video, 2, 10], [other, 1, 10]].sort(),
  );
  expect(videos.find((v: { videoId: string }) => v.videoId === video).heatmap.slice(0, 12)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]);
  // Another team cannot read it, nor name its own sessions with it.
  const otherTeam = await signUpAndLogin(s);
  expect((await s.api('GET', `/api/leads/${lead.body.id}/videos`, { token: otherTeam.accessToken })).status).toBe(404);
  expect((await s.api('DELETE', `/api/leads/${lead.body.id}`, { token: otherTeam.accessToken })).status).toBe(404);
});

test('Do Not Track and Global Privacy Control make a session anonymous: no viewer id kept, no identity, not even by a lead', async () => {
  const owner = await signUpAndLogin(s);
  const video = await sessionVideo(s, owner.id, 30);
  await enableLeadForm(s, owner.accessToken, video);
  const viewer = crypto.randomUUID();
  const ids: string[] = [];
  for (const headers of [{ DNT: '1' }, { 'Sec-GPC': '1' }] as Record<string, string>[]) {
    const opened = await p().open(video, { viewerId: viewer, email: 'dnt@example.com' }, { headers });
    expect(opened.body.anonymous).toBe(true);
    ids.push(opened.body.sessionId);
  }
  const lead = await s.api('POST', `/api/videos/${video}/leads`, { body: { email: 'dnt@example.com', sessionId: ids[0] }, headers: { 'X-Forwarded-For': '203.0.113.201' } });
  expect(lead.status).toBe(201);
  const seen = await viewersOf(owner, video);
  expect(ids.map((id) => seen.get(id))).toEqual([{}, {}]);
  // Two anonymous plays of one browser are two viewers: nothing ties them together.
  expect((await s.api('GET', `/api/videos/${video}/engagement`, { token: owner.accessToken })).body.uniqueViewers).toBe(2);
  const [{ n: kept }] = await sql(s, 'select count(*)::int as n from viewer_sessions where viewer_key = ?', [viewer]);
  expect(kept).toBe(0);
  // Nor even the day's keyed hash of their address.
  const [{ n: hashed }] = await sql(s, 'select count(*)::int as n from viewer_sessions where id = any(?::uuid[]) and address_hash is not null', [`{${ids.join(',')}}`]);
  expect(hashed).toBe(0);

  // The account's "anonymous viewers only" does the same for every viewer.
  expect((await settings(owner, { anonymousOnly: true })).body.anonymousOnly).toBe(true);
  const opened = await p().open(video, { viewerId: viewer, email: 'named@example.com' });
  expect(opened.body.anonymous).toBe(true);
  expect((await viewersOf(owner, video)).get(opened.body.sessionId)).toEqual({});
});

test('?email= names the viewer; the owner can turn it and leads off (activity log)', async () => {
  const owner = await signUpAndLogin(s);
  const video = await sessionVideo(s, owner.id, 30);
  const named = await watch(p(), video, crypto.randomUUID(), [[[0, 3]]], { email: 'Campaign.Reader@Example.com' });
  expect((await viewersOf(owner, video)).get(named)).toEqual({ email: 'campaign.reader@example.com' });

  const off = await settings(owner, { identifyByEmailParam: false });
  expect(off.body).toEqual({ identifyByLead: true, identifyByEmailParam: false, anonymousOnly: false, retentionMonths: 13 });
  const unnamed = await watch(p(), video, crypto.randomUUID(), [[[0, 3]]], { email: 'other.reader@example.com' });
  expect((await viewersOf(owner, video)).get(unnamed)).toEqual({});
  expect((await s.api('GET', '/api/analytics/viewer-settings', { token: owner.accessToken })).body.identifyByEmailParam).toBe(false);
  // The change is in the team's activity log.
  const log = await s.api('GET', `/api/teams/${owner.id}/activity?action=viewer_settings.changed`, { token: owner.accessToken });
  expect(log.body.items[0]).toMatchObject({ action: 'viewer_settings.changed', details: { identifyByEmailParam: false } });
  expect((await settings(owner, { retentionMonths: 0 })).body.errors).toEqual({ retentionMonths: 'Must be a whole number of months from 1 to 120.' });
  expect((await settings(owner, { colour: 'red' })).status).toBe(422);

  // Leads can be turned off too: the lead is taken, the viewer stays unnamed.
  await settings(owner, { identifyByLead: false });
  await enableLeadForm(s, owner.accessToken, video);
  const sessionId = await watch(p(), video, crypto.randomUUID(), [[[0, 3]]]);
  expect((await s.api('POST', `/api/videos/${video}/leads`, { body: { email: 'quiet@example.com', sessionId }, headers: { 'X-Forwarded-For': '203.0.113.202' } })).status).toBe(201);
  expect((await viewersOf(owner, video)).get(sessionId)).toEqual({});
});

test('deleting a lead leaves no session naming them, by the lead or by the same ?email=', async () => {
  const owner = await signUpAndLogin(s);
  const video = await sessionVideo(s, owner.id, 30);
  await enableLeadForm(s, owner.accessToken, video);
  const browser = p();
  const first = await watch(browser, video, crypto.randomUUID(), [[[0, 3]]]);
  const byEmail = await watch(browser, video, crypto.randomUUID(), [[[0, 3]]], { email: 'bo@example.com' });
  const lead = await s.api('POST', `/api/videos/${video}/leads`, { body: { email: 'bo@example.com', sessionId: first }, headers: { 'X-Forwarded-For': '203.0.113.203' } });
  const before = await viewersOf(owner, video);
  expect([before.get(first), before.get(byEmail)]).toEqual([{ email: 'bo@example.com' }, { email: 'bo@example.com' }]);
  const gone = await s.api('DELETE', `/api/leads/${lead.body.id}`, { token: owner.accessToken });
  expect(gone.status).toBe(200);
  const after = await viewersOf(owner, video);
  expect([after.get(first), after.get(byEmail)]).toEqual([{}, {}]);
  const [{ n }] = await sql(s, "select count(*)::int as n from viewer_identities where lower(email) = 'bo@example.com'");
  expect(n).toBe(0);
  expect((await s.api('GET', `/api/leads/${lead.body.id}/videos`, { token: owner.accessToken })).status).toBe(404);
  const log = await s.api('GET', `/api/teams/${owner.id}/activity?action=lead.deleted`, { token: owner.accessToken });
  expect(log.body.items[0]).toMatchObject({ subject: { type: 'lead', id: lead.body.id, name: null } });
  // The log outlives the erasure: it does not keep the email either.
  expect(JSON.stringify(log.body)).not.toContain('bo@example.com');
});

test('sessions older than the retention are purged, with identities left without a session', async () => {
  const owner = await signUpAndLogin(s);
  const short = await signUpAndLogin(s);
  await settings(short, { retentionMonths: 1 });
  const [video, shortVideo] = [await sessionVideo(s, owner.id, 30), await sessionVideo(s, short.id, 30)];
  const old = await watch(p(), video, crypto.randomUUID(), [[[0, 3]]], { email: 'old@example.com' });
  const recent = await watch(p(), video, crypto.randomUUID(), [[[0, 3]]]);
  const shortOld = await watch(p(), shortVideo, crypto.randomUUID(), [[[0, 3]]]);
  await s.services.viewerSessions.flush();
  await sql(s, "update viewer_sessions set started_at = now() - interval '14 months' where id = ?", [old]);
  await sql(s, "update viewer_identities set updated_at = now() - interval '14 months' where email = 'old@example.com'");
  await sql(s, "update viewer_sessions set started_at = now() - interval '12 months' where id = ?", [recent]);
  await sql(s, "update viewer_sessions set started_at = now() - interval '2 months' where id = ?", [shortOld]);
  await s.services.viewerSessions.purge();
  expect([...(await viewersOf(owner, video)).keys()]).toEqual([recent]);
  expect([...(await viewersOf(short, shortVideo)).keys()]).toEqual([]);
  const [{ n }] = await sql(s, "select count(*)::int as n from viewer_identities where email = 'old@example.com'");
  expect(n).toBe(0);
});

test('viewer.session is delivered once a session ends: by the player, or by the sweep after 30 minutes of silence', async () => {
  const owner = await signUpAndLogin(s);
  const video = await sessionVideo(s, owner.id, 40, { name: 'Demo' });
  const hook = await s.api('POST', '/api/webhooks', { token: owner.accessToken, body: { url: receiver.url('/sessions'), events: ['viewer.session'] } });
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  const viewer = crypto.randomUUID();
  const ended = await watch(p(), video, viewer, [[[0, 10]], [[10, 20]]], { end: true, email: 'eve@example.com' });
  await s.services.viewerSessions.flush();
  const [got] = await receiver.waitFor('/sessions', 1);
  const body = JSON.parse(got.body);
  expect(body).toMatchObject({ type: 'viewer.session', data: { sessionId: ended, videoId: video, videoName: 'Demo', viewerId: viewer, lead: null, watchedSeconds: 20, percentWatched: 50 } });
  expect(Date.parse(body.data.endedAt)).toBeGreaterThanOrEqual(Date.parse(body.data.startedAt));

  const silent = await watch(p(), video, crypto.randomUUID(), [[[0, 5]]]);
  await s.services.viewerSessions.flush();
  // Not yet silent for long: the sweep leaves it open.
  await s.services.sweep();
  await sql(s, "update viewer_sessions set last_seen_at = now() - interval '31 minutes' where id = ?", [silent]);
  await s.services.sweep();
  const [, second] = await receiver.waitFor('/sessions', 2);
  expect(JSON.parse(second.body).data).toMatchObject({ sessionId: silent, watchedSeconds: 5 });
  // Ended: further reports are refused, and the sweep does not announce it again.
  expect((await p().report(silent, { ranges: [[5, 6]] })).status).toBe(404);
  await s.services.sweep();
  const [{ n }] = await sql(s, "select count(*)::int as n from webhook_deliveries where event_type = 'viewer.session'");
  expect(n).toBe(2);
});
