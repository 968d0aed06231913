import { openAsBlob } from 'node:fs';
import { REVIEW_ERROR_CODES, REVIEW_MESSAGES, TEAM_ERROR_CODES } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { inTeam, teamOfFour } from './support/teams.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Issue 34 item 4: client review. A team member makes a review link; a reviewer without an account
 * opens it, comments at a second, replies and decides; the team reads, resolves and replies, and is
 * mailed; a replace starts a new version whose review starts afresh.
 */

let s: TestServer;
let team: Awaited<ReturnType<typeof teamOfFour>>;
let stranger: Awaited<ReturnType<typeof signUpAndLogin>>;
let videoId: string;
let duration: number;

beforeAll(async () => {
  s = await startTestServer({ TRUST_PROXY: 'true', RATE_LIMIT_VIDEO_UNLOCK_PER_ADDRESS_AND_VIDEO: '3/900', RATE_LIMIT_REVIEW_WRITES_PER_ADDRESS: '6/3600' });
  team = await teamOfFour(s);
  stranger = await signUpAndLogin(s);
  const up = await s.upload(team.owner.accessToken, await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 3 }), { name: 'Spring ad' });
  expect(up.status).toBe(201);
  const v = await s.waitForVideo(team.owner.accessToken, up.body.id, (x) => x.processing.stage === 'ready');
  videoId = v.id;
  duration = v.metadata.durationSec;
}, 120_000);
afterAll(() => s?.stop());

const asTeam = (method: string, path: string, who: { accessToken: string } = team.editor, body?: unknown) => s.api(method, path, { token: who.accessToken, headers: inTeam(team.teamId), body });
/** A reviewer's call from its own address (each test its own, so the per-address limits stay apart). */
const asReviewer = (method: string, path: string, o: { body?: unknown; ip?: string; access?: string } = {}) =>
  s.api(method, path, { body: o.body, headers: { 'X-Forwarded-For': o.ip ?? '198.51.100.1', ...(o.access && { 'X-Review-Access': o.access }) } });
const newLink = async (body: Record<string, unknown> = {}) => {
  const res = await asTeam('POST', `/api/videos/${videoId}/review-links`, team.editor, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; token: string; url: string };
};
const outbox = async (template: string) =>
  (await s.services.orm.em.fork().getConnection().execute<{ to_email: string; data: any }[]>('select to_email, data from mail_outbox where template = ? order by created_at', [template])).map((r) => ({
    to: r.to_email,
    data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data,
  }));

test('an editor makes a link shown once; the list has no token; a viewer gets 403, another team 404, junk 422', async () => {
  const link = await newLink();
  expect(link.url).toBe(`${s.url}/review/${link.token}`);
  const list = await asTeam('GET', `/api/videos/${videoId}/review-links`, team.viewer);
  expect(list.status).toBe(200);
  const listed = list.body.items.find((l: { id: string }) => l.id === link.id);
  expect(listed).toMatchObject({ state: 'active', hasPassword: false, tokenPrefix: link.token.slice(0, 6) });
  expect(JSON.stringify(list.body)).not.toContain(link.token);

  const viewer = await asTeam('POST', `/api/videos/${videoId}/review-links`, team.viewer, {});
  expect([viewer.status, viewer.body.code]).toEqual([403, TEAM_ERROR_CODES.permission]);
  for (const [m, p] of [
    ['POST', `/api/videos/${videoId}/review-links`],
    ['GET', `/api/videos/${videoId}/review-links`],
    ['DELETE', `/api/videos/${videoId}/review-links/${link.id}`],
    ['GET', `/api/videos/${videoId}/comments`],
    ['GET', `/api/videos/${videoId}/review`],
  ]) {
    expect([p, (await s.api(m, p, { token: stranger.accessToken, body: m === 'POST' ? {} : undefined })).status]).toEqual([p, 404]);
  }
  const junk = await asTeam('POST', `/api/videos/${videoId}/review-links`, team.editor, { password: 'ab', expiresAt: 'soon' });
  expect(junk.status).toBe(422);
  expect(Object.keys(junk.body.errors).sort()).toEqual(['expiresAt', 'password']);
  const past = await asTeam('POST', `/api/videos/${videoId}/review-links`, team.editor, { expiresAt: '2020-01-01T00:00:00Z' });
  expect([past.status, past.body.errors]).toEqual([422, { expiresAt: REVIEW_MESSAGES.expiresInPast }]);
});

test('a reviewer without an account sees the video (tokened when private), comments at a second, replies; the team reads, replies, resolves; mails go to those who edit', async () => {
  await s.services.orm.em.fork().getConnection().execute("update videos set visibility = 'private' where id = ?", [videoId]);
  const link = await newLink();
  const page = await asReviewer('GET', `/api/review/${link.token}`);
  expect(page.status).toBe(200);
  expect(page.body).toMatchObject({ videoName: 'Spring ad', version: 1, comments: [], decision: null });
  expect(page.body.playback.token).not.toBeNull();
  expect((await fetch(page.body.playback.mp4Source, { headers: { Range: 'bytes=0-99' } })).status).toBe(206);

  const c = await asReviewer('POST', `/api/review/${link.token}/comments`, { ip: '198.51.100.2', body: { name: 'Client Carl', email: 'carl@example.com', atSec: 1.5, text: 'Logo too small here.' } });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  expect(c.body).toMatchObject({ atSec: 1.5, text: 'Logo too small here.', name: 'Client Carl', byTeam: false, parentId: null, version: 1 });
  const reply = await asReviewer('POST', `/api/review/${link.token}/comments`, { ip: '198.51.100.2', body: { name: 'Client Carl', email: 'carl@example.com', atSec: 0, text: 'And the colour.', parentId: c.body.id } });
  expect(reply.body).toMatchObject({ parentId: c.body.id, atSec: 1.5 });

  // Junk: field messages, never 500.
  const bad = await asReviewer('POST', `/api/review/${link.token}/comments`, { ip: '198.51.100.3', body: { name: '', email: 'nope', atSec: -1, text: 'x'.repeat(2001) } });
  expect(bad.status).toBe(422);
  expect(Object.keys(bad.body.errors).sort()).toEqual(['atSec', 'email', 'name', 'text']);
  const late = await asReviewer('POST', `/api/review/${link.token}/comments`, { ip: '198.51.100.3', body: { name: 'C', email: 'c@example.com', atSec: duration + 10, text: 'After the end' } });
  expect([late.status, late.body.errors]).toEqual([422, { atSec: REVIEW_MESSAGES.atSecPastEnd }]);
  const orphan = await asReviewer('POST', `/api/review/${link.token}/comments`, { ip: '198.51.100.3', body: { name: 'C', email: 'c@example.com', atSec: 1, text: 'Hm', parentId: crypto.randomUUID() } });
  expect([orphan.status, orphan.body.errors]).toEqual([422, { parentId: REVIEW_MESSAGES.parentMissing }]);

  const teamReply = await asTeam('POST', `/api/videos/${videoId}/comments/${c.body.id}/replies`, team.editor, { text: 'Will fix.' });
  expect([teamReply.status, teamReply.body.byTeam, teamReply.body.parentId]).toEqual([201, true, c.body.id]);
  expect((await asTeam('POST', `/api/videos/${videoId}/comments/${c.body.id}/replies`, team.viewer, { text: 'x' })).status).toBe(403);
  const resolved = await asTeam('POST', `/api/videos/${videoId}/comments/${c.body.id}/resolve`);
  expect([resolved.status, resolved.body.resolved]).toEqual([200, true]);
  expect((await s.api('POST', `/api/videos/${videoId}/comments/${c.body.id}/resolve`, { token: stranger.accessToken })).status).toBe(404);

  const all = await asTeam('GET', `/api/videos/${videoId}/comments`, team.viewer);
  expect(all.body.currentVersion).toBe(1);
  expect(all.body.items.map((x: any) => [x.text, x.versionLabel, x.email, x.resolved])).toEqual([
    ['Logo too small here.', 'Version 1', 'carl@example.com', true],
    ['And the colour.', 'Version 1', 'carl@example.com', false],
    ['Will fix.', 'Version 1', null, false],
  ]);
  const again = await asReviewer('GET', `/api/review/${link.token}`);
  expect(again.body.comments.map((x: any) => [x.text, x.byTeam])).toEqual([['Logo too small here.', false], ['And the colour.', false], ['Will fix.', true]]);
  const unresolved = await asTeam('POST', `/api/videos/${videoId}/comments/${c.body.id}/unresolve`);
  expect(unresolved.body.resolved).toBe(false);

  // One comment mail per link in the window, to the owner, the admin and the editor (not the viewer).
  const mails = (await outbox('review-comment')).filter((m) => m.data.text === 'Logo too small here.');
  expect(mails.map((m) => m.to).sort()).toEqual([team.owner.email, team.admin.email, team.editor.email].sort());
  expect(mails[0].data).toMatchObject({ videoId, videoName: 'Spring ad', version: 1, name: 'Client Carl', atSec: 1.5 });
  expect((await outbox('review-comment')).filter((m) => m.data.text === 'And the colour.')).toEqual([]);
});

test('a decision: the reviewer approves, the team sees it on the review summary and is mailed; junk 422', async () => {
  const link = await newLink();
  const bad = await asReviewer('POST', `/api/review/${link.token}/decision`, { ip: '198.51.100.4', body: { decision: 'maybe', name: 'Carl', email: 'carl@example.com' } });
  expect([bad.status, Object.keys(bad.body.errors)]).toEqual([422, ['decision']]);
  const ok = await asReviewer('POST', `/api/review/${link.token}/decision`, { ip: '198.51.100.4', body: { decision: 'approved', name: 'Client Carl', email: 'carl@example.com' } });
  expect([ok.status, ok.body.decision, ok.body.version]).toEqual([201, 'approved', 1]);
  const summary = await asTeam('GET', `/api/videos/${videoId}/review`, team.viewer);
  expect(summary.body).toMatchObject({ version: 1, decision: { decision: 'approved', name: 'Client Carl', email: 'carl@example.com' } });
  expect((await asReviewer('GET', `/api/review/${link.token}`)).body.decision).toMatchObject({ decision: 'approved', name: 'Client Carl' });
  expect((await outbox('review-decision')).map((m) => m.to).sort()).toEqual([team.owner.email, team.admin.email, team.editor.email].sort());
});

test('a password link asks for its password first; wrong tries are limited per address and link', async () => {
  const link = await newLink({ password: 'open-sesame' });
  const locked = await asReviewer('GET', `/api/review/${link.token}`, { ip: '198.51.100.5' });
  expect([locked.status, locked.body.code, locked.body.message]).toEqual([403, REVIEW_ERROR_CODES.password, REVIEW_MESSAGES.passwordNeeded]);
  const wrong = await asReviewer('POST', `/api/review/${link.token}/unlock`, { ip: '198.51.100.5', body: { password: 'nope' } });
  expect([wrong.status, wrong.body.message]).toEqual([403, REVIEW_MESSAGES.wrongPassword]);
  const right = await asReviewer('POST', `/api/review/${link.token}/unlock`, { ip: '198.51.100.5', body: { password: 'open-sesame' } });
  expect(right.status).toBe(200);
  expect((await asReviewer('GET', `/api/review/${link.token}`, { ip: '198.51.100.5', access: right.body.access })).status).toBe(200);
  const c = await asReviewer('POST', `/api/review/${link.token}/comments`, { ip: '198.51.100.5', access: right.body.access, body: { name: 'P', email: 'p@example.com', atSec: 0, text: 'Fine' } });
  expect(c.status).toBe(201);
  // An access opens its own link only.
  const other = await newLink({ password: 'open-sesame' });
  expect((await asReviewer('GET', `/api/review/${other.token}`, { ip: '198.51.100.5', access: right.body.access })).status).toBe(403);
  // The 4th try from one address on one link (limit 3 in this test) is refused before argon2.
  const tries = [];
  for (let i = 0; i < 2; i++) tries.push((await asReviewer('POST', `/api/review/${link.token}/unlock`, { ip: '198.51.100.5', body: { password: 'x' } })).status);
  expect(tries).toEqual([403, 429]);
});

test('expired and revoked links answer 410 saying which; an unknown one 404; public writes are limited per address', async () => {
  const expiring = await newLink({ expiresAt: new Date(Date.now() + 3600_000).toISOString() });
  await s.services.orm.em.fork().getConnection().execute("update review_links set expires_at = now() - interval '1 second' where id = ?", [expiring.id]);
  const expired = await asReviewer('GET', `/api/review/${expiring.token}`);
  expect([expired.status, expired.body.message, expired.body.code]).toEqual([410, REVIEW_MESSAGES.expired, REVIEW_ERROR_CODES.expired]);
  const revoking = await newLink();
  expect((await asTeam('DELETE', `/api/videos/${videoId}/review-links/${revoking.id}`, team.viewer)).status).toBe(403);
  expect((await asTeam('DELETE', `/api/videos/${videoId}/review-links/${revoking.id}`)).status).toBe(200);
  const revoked = await asReviewer('POST', `/api/review/${revoking.token}/comments`, { body: { name: 'C', email: 'c@example.com', atSec: 0, text: 'Hi' } });
  expect([revoked.status, revoked.body.message]).toEqual([410, REVIEW_MESSAGES.revoked]);
  const states = (await asTeam('GET', `/api/videos/${videoId}/review-links`)).body.items;
  expect(states.find((l: any) => l.id === revoking.id).state).toBe('revoked');
  expect(states.find((l: any) => l.id === expiring.id).state).toBe('expired');
  expect((await asReviewer('GET', '/api/review/not-a-real-token-at-all-0000')).status).toBe(404);
  expect((await asReviewer('GET', '/api/review/x')).status).toBe(404);

  const link = await newLink();
  const statuses = [];
  for (let i = 0; i < 7; i++) statuses.push((await asReviewer('POST', `/api/review/${link.token}/decision`, { ip: '198.51.100.9', body: { decision: 'changes_requested', name: 'C', email: `c${i}@example.com` } })).status);
  expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
});

test('a replace starts version 2: the reviewer sees neither old comments nor the old decision; the team keeps them labelled "Version 1"', async () => {
  const link = await newLink();
  const form = new FormData();
  form.append('video', await openAsBlob(await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 2 }), { type: 'video/mp4' }), 'v2.mp4');
  const res = await fetch(`${s.url}/api/videos/${videoId}/replace`, { method: 'POST', headers: { authorization: `Bearer ${team.owner.accessToken}` }, body: form });
  expect(res.status).toBe(202);
  await s.waitForVideo(team.owner.accessToken, videoId, (v) => v.processing.stage === 'ready' && v.processing.isLadderReady);
  const page = (await asReviewer('GET', `/api/review/${link.token}`)).body;
  expect([page.version, page.comments, page.decision]).toEqual([2, [], null]);
  const summary = (await asTeam('GET', `/api/videos/${videoId}/review`)).body;
  expect(summary).toEqual({ version: 2, decision: null, comments: 0, unresolved: 0 });
  const all = (await asTeam('GET', `/api/videos/${videoId}/comments`)).body;
  expect(all.currentVersion).toBe(2);
  expect(all.items.length).toBeGreaterThan(0);
  expect(new Set(all.items.map((c: any) => c.versionLabel))).toEqual(new Set(['Version 1']));
  const c = await asReviewer('POST', `/api/review/${link.token}/comments`, { ip: '198.51.100.10', body: { name: 'C', email: 'c@example.com', atSec: 1, text: 'New cut is good' } });
  expect(c.body.version).toBe(2);
}, 120_000);
