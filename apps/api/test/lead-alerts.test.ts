import { afterAll, beforeAll, expect, test } from 'vitest';
import { enableLeadForm, quietVideo } from './support/leads.ts';
import { addMember, inTeam } from './support/teams.ts';
import { type SignedIn, signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Issue 33 item 4: lead-watched alerts. Each person of a team chooses instant, daily or off
 * (the owner starts with instant, the others with off); an instant mail goes at most once an hour
 * per lead and video; the daily digest lists what ended since the previous one. Mails are read
 * from the outbox (queued in the transaction that decided them) and, once sent, as files.
 */
let s: TestServer;
let owner: SignedIn;
let editor: SignedIn;
let viewer: SignedIn;
let videoA: string;
let videoB: string;
let n = 0;

beforeAll(async () => {
  s = await startTestServer({ TRUST_PROXY: 'true' });
  owner = await signUpAndLogin(s);
  [editor, viewer] = [await signUpAndLogin(s), await signUpAndLogin(s)];
  await addMember(s, owner.id, editor.id, 'editor');
  await addMember(s, owner.id, viewer.id, 'viewer');
  videoA = await quietVideo(s, owner.id, { name: 'Spring tour' });
  videoB = await quietVideo(s, owner.id, { name: 'Pricing' });
  for (const v of [videoA, videoB]) await enableLeadForm(s, owner.accessToken, v, { nameField: true });
});
afterAll(() => s?.stop());

const sql = <T = unknown>(q: string, p: unknown[] = []) => s.services.orm.em.fork().getConnection().execute(q, p) as Promise<T>;
const lead = async (email: string, name: string, video = videoA) => {
  const res = await s.api('POST', `/api/videos/${video}/leads`, { body: { email, name }, headers: { 'X-Forwarded-For': `203.0.113.${++n}` } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; email: string; name: string };
};
const ended = (l: { id: string; email: string; name: string }, videoId: string, videoName: string, watchedSeconds = 42) => ({
  sessionId: crypto.randomUUID(),
  videoId,
  videoName,
  viewerKey: crypto.randomUUID(),
  lead: { id: l.id, email: l.email, name: l.name },
  startedAt: new Date(Date.now() - 60_000).toISOString(),
  endedAt: new Date().toISOString(),
  watchedSeconds,
  percentWatched: 35,
});
/** The alert mails queued for `to` (outbox rows, oldest first). */
const queued = (to: string, template: string) =>
  sql<{ data: any }[]>('select data from mail_outbox where to_email = ? and template = ? order by created_at', [to, template]).then((rows) => rows.map((r) => (typeof r.data === 'string' ? JSON.parse(r.data) : r.data)));
const setMode = (who: SignedIn, leadWatched: string) => s.api('PUT', '/api/notifications', { token: who.accessToken, headers: inTeam(owner.id), body: { leadWatched } });

test('the owner starts with instant alerts, other members with none; a viewer has no lead alerts at all', async () => {
  expect((await s.api('GET', '/api/notifications', { token: owner.accessToken })).body).toEqual({ leadWatched: 'instant' });
  expect((await s.api('GET', '/api/notifications', { token: editor.accessToken, headers: inTeam(owner.id) })).body).toEqual({ leadWatched: 'off' });
  expect((await s.api('GET', '/api/notifications', { token: viewer.accessToken, headers: inTeam(owner.id) })).status).toBe(403);
  expect((await setMode(viewer, 'instant')).status).toBe(403);
  const junk = await setMode(editor, 'hourly');
  expect(junk.status).toBe(422);
  expect(junk.body.errors).toEqual({ leadWatched: 'Must be one of: instant, daily, off.' });
});

test('instant: one mail per lead and video an hour, whatever the number of sessions', async () => {
  const ana = await lead('ana@example.com', 'Ana Lima');
  expect(await s.services.notifications.onLeadWatched(owner.id, ended(ana, videoA, 'Spring tour', 125))).toBe(1);
  expect(await s.services.notifications.onLeadWatched(owner.id, ended(ana, videoA, 'Spring tour'))).toBe(0);
  // Another video of the same lead is news.
  expect(await s.services.notifications.onLeadWatched(owner.id, ended(ana, videoB, 'Pricing'))).toBe(1);
  const mails = await queued(owner.email, 'lead-watched');
  expect(mails.map((m) => [m.leadEmail, m.videoName])).toEqual([
    ['ana@example.com', 'Spring tour'],
    ['ana@example.com', 'Pricing'],
  ]);
  // The editor chose nothing (off) and got nothing.
  expect(await queued(editor.email, 'lead-watched')).toEqual([]);
  // The mail itself, once the outbox sent it.
  let mail: { text: string } | undefined;
  for (let i = 0; !mail && i < 300; i++) mail = await s.lastMail(owner.email, 'lead-watched').catch(() => new Promise<undefined>((r) => setTimeout(() => r(undefined), 100)));
  expect(mail?.text).toContain('Ana Lima (ana@example.com), a lead of');
  expect((mail as { link?: string }).link).toMatch(new RegExp(`^${s.url}/video-analytics/(${videoA}|${videoB})$`));

  // An hour later the same lead and video alert again.
  await sql("update lead_alerts_sent set sent_at = now() - interval '61 minutes' where lead_id = ? and video_id = ?", [ana.id, videoA]);
  expect(await s.services.notifications.onLeadWatched(owner.id, ended(ana, videoA, 'Spring tour'))).toBe(1);
  expect(await queued(owner.email, 'lead-watched')).toHaveLength(3);
});

test('the editor who turns instant alerts on gets them too; the change is in the activity log', async () => {
  expect((await setMode(editor, 'instant')).body).toEqual({ leadWatched: 'instant' });
  const bo = await lead('bo@example.com', 'Bo');
  expect(await s.services.notifications.onLeadWatched(owner.id, ended(bo, videoA, 'Spring tour'))).toBe(2);
  expect((await queued(editor.email, 'lead-watched')).map((m) => m.leadEmail)).toEqual(['bo@example.com']);
  const log = await s.api('GET', `/api/teams/${owner.id}/activity?action=notifications.changed`, { token: owner.accessToken });
  expect(log.body.items).toHaveLength(1);
  expect(log.body.items[0]).toMatchObject({ subject: { type: 'member', id: editor.id, name: editor.email }, details: { leadWatched: 'instant', previous: 'off' } });
});

test('off: no mail', async () => {
  expect((await setMode(editor, 'off')).status).toBe(200);
  expect((await setMode(owner, 'off')).status).toBe(200);
  const cy = await lead('cy@example.com', 'Cy');
  expect(await s.services.notifications.onLeadWatched(owner.id, ended(cy, videoA, 'Spring tour'))).toBe(0);
  expect((await queued(owner.email, 'lead-watched')).some((m) => m.leadEmail === 'cy@example.com')).toBe(false);
});

test('daily: one digest of the sessions known leads watched since the last one, then nothing until new ones end', async () => {
  expect((await setMode(owner, 'daily')).body).toEqual({ leadWatched: 'daily' });
  // The digest covers what ended after the previous one's window (at first: a day back); as if that ended 3 hours ago.
  await sql("update notification_settings set digest_sent_at = now() - interval '3 hours' where person_id = ?", [owner.id]);
  const dee = await lead('dee@example.com', 'Dee');
  const eve = await lead('eve@example.com', 'Eve', videoB);
  const session = (leadId: string | null, videoId: string, watched: number, endedAgo: string | null) =>
    sql(
      `insert into viewer_sessions (user_id, video_id, viewer_key, lead_id, started_at, last_seen_at, ended_at, duration_sec, bucket_sec, watched, watched_seconds, country, device, browser)
       values (?, ?, ?, ?, now() - interval '5 hours', now(), ${endedAgo ? `now() - interval '${endedAgo}'` : 'null'}, 120, 1, array_fill(1, array[120]), ?, 'DE', 'desktop', 'Firefox')`,
      [owner.id, videoId, crypto.randomUUID(), leadId, watched],
    );
  await session(dee.id, videoA, 60, '2 hours');
  await session(eve.id, videoB, 120, '1 hour');
  // Not in the digest: an anonymous session, one still open, one that ended before the previous digest.
  await session(null, videoA, 100, '2 hours');
  await session(dee.id, videoB, 10, null);
  await session(dee.id, videoB, 10, '4 hours');
  // Ended 20 minutes ago, as the sweep ends a silent session at its last report: the next digest's.
  await session(eve.id, videoA, 30, '20 minutes');

  expect(await s.services.notifications.sendDigests()).toBe(1);
  const [digest] = await queued(owner.email, 'lead-watched-digest');
  expect(digest.items.map((i: any) => [i.leadEmail, i.videoName, i.watchedSeconds, Math.round(i.percentWatched)])).toEqual([
    ['dee@example.com', 'Spring tour', 60, 50],
    ['eve@example.com', 'Pricing', 120, 100],
  ]);
  expect(digest.more).toBe(0);
  // Instant mails stop for a person on the digest.
  expect(await s.services.notifications.onLeadWatched(owner.id, ended(dee, videoA, 'Spring tour'))).toBe(0);

  // Another pass at once: nothing more is past the lag, no mail.
  expect(await s.services.notifications.sendDigests()).toBe(0);
  expect(await queued(owner.email, 'lead-watched-digest')).toHaveLength(1);
  // A day later (every time of this team a day back): the session that ended late is in the next digest, and only it.
  await sql("update viewer_sessions set ended_at = ended_at - interval '1 day' where user_id = ?", [owner.id]);
  await sql("update notification_settings set digest_sent_at = digest_sent_at - interval '1 day' where person_id = ?", [owner.id]);
  expect(await s.services.notifications.sendDigests()).toBe(1);
  const [, second] = await queued(owner.email, 'lead-watched-digest');
  expect(second.items.map((i: any) => [i.leadEmail, i.videoName])).toEqual([['eve@example.com', 'Spring tour']]);
});
