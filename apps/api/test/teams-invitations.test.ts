import { TEAM_ERROR_CODES, TEAM_MESSAGES } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CARD } from './support/card.ts';
import { inTeam } from './support/teams.ts';
import { signUpAndLogin, startTestServer, type SignedIn, type TestServer } from './support/test-server.ts';

/*
 * Invitations by mail: a link valid 7 days, once, hashed at rest, for the invited address; seats
 * by plan (bronze 1, silver 3, gold 10, changeable by an admin); a downgrade keeps everyone but
 * blocks new invitations.
 */
let s: TestServer;
let owner: SignedIn;

beforeAll(async () => {
  s = await startTestServer();
  owner = await signUpAndLogin(s);
}, 60_000);
afterAll(() => s?.stop());

const sql = (q: string, p: unknown[] = []) => s.services.orm.em.fork().getConnection().execute(q, p);
const onPlan = (userId: string, plan: string | null) => sql('update users set payment_plan_id = ? where id = ?', [plan, userId]);
const invite = (email: string, role = 'editor', by = owner) => s.api('POST', `/api/teams/${owner.id}/invitations`, { token: by.accessToken, body: { email, role } });
const tokenOf = (link: string | undefined) => new URL(link as string).searchParams.get('token') as string;
const freshEmail = () => `i${crypto.randomUUID().slice(0, 8)}@example.com`;

test('an invitation mails a 7-day link to the invited address, kept only as a hash; the invited person joins once with it', async () => {
  await onPlan(owner.id, 'gold-1m');
  const guest = await signUpAndLogin(s);
  const sent = await invite(guest.email.toUpperCase(), 'viewer');
  expect(sent.status).toBe(201);
  expect(sent.body).toMatchObject({ email: guest.email, role: 'viewer', invitedBy: { id: owner.id }, expired: false });
  expect(new Date(sent.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

  const mail = await s.lastMail(guest.email, 'team-invitation');
  expect(mail.link).toMatch(new RegExp(`^${s.url.replace(/[.:/]/g, '\\$&')}/invitation\\?token=`));
  const token = tokenOf(mail.link);
  // Only the hash is stored.
  const [row] = await sql('select token_hash from team_invitations where id = ?', [sent.body.id]);
  expect(row.token_hash).not.toContain(token);
  expect(JSON.stringify(await sql('select * from team_invitations'))).not.toContain(token);

  // The invitation page reads it without signing in.
  const preview = await s.api('POST', '/api/invitations/lookup', { body: { token } });
  expect(preview.body).toMatchObject({ email: guest.email, role: 'viewer', invitedBy: 'Ada Lovelace' });

  // Someone else signed in with the link is refused.
  const other = await signUpAndLogin(s);
  const wrong = await s.api('POST', '/api/invitations/accept', { token: other.accessToken, body: { token } });
  expect(wrong.status).toBe(403);
  expect(wrong.body.message).toBe(TEAM_MESSAGES.invitationOtherEmail);

  const joined = await s.api('POST', '/api/invitations/accept', { token: guest.accessToken, body: { token } });
  expect(joined.status).toBe(200);
  expect(joined.body.team).toMatchObject({ id: owner.id, role: 'viewer', isOwn: false, permissions: ['view'] });
  expect((await s.api('GET', '/api/videos', { token: guest.accessToken, headers: inTeam(owner.id) })).status).toBe(200);

  // Used twice: refused.
  const again = await s.api('POST', '/api/invitations/accept', { token: guest.accessToken, body: { token } });
  expect(again.status).toBe(404);
  expect(again.body.message).toBe(TEAM_MESSAGES.invitationInvalid);

  const members = await s.api('GET', `/api/teams/${owner.id}/members`, { token: owner.accessToken });
  expect(members.body.items.find((m: { userId: string }) => m.userId === guest.id)).toMatchObject({ role: 'viewer', invitedBy: { id: owner.id } });
  const log = await s.api('GET', `/api/teams/${owner.id}/activity`, { token: owner.accessToken });
  expect(log.body.items.slice(0, 2).map((a: { action: string }) => a.action)).toEqual(['member.joined', 'member.invited']);
});

test('an expired link is refused (410); resending gives a new link and the old one stops working; a revoked one is gone', async () => {
  await onPlan(owner.id, 'gold-1m');
  const email = freshEmail();
  const sent = await invite(email);
  const first = tokenOf((await s.lastMail(email, 'team-invitation')).link);
  await sql("update team_invitations set expires_at = now() - interval '1 second' where id = ?", [sent.body.id]);
  const person = await registerAndSignIn(email);
  const expired = await s.api('POST', '/api/invitations/accept', { token: person.accessToken, body: { token: first } });
  expect(expired.status).toBe(410);
  expect(expired.body.message).toBe(TEAM_MESSAGES.invitationExpired);
  expect((await s.api('GET', `/api/teams/${owner.id}/invitations`, { token: owner.accessToken })).body.items.find((i: { id: string }) => i.id === sent.body.id).expired).toBe(true);

  const resent = await s.api('POST', `/api/teams/${owner.id}/invitations/${sent.body.id}/resend`, { token: owner.accessToken });
  expect(resent.status).toBe(200);
  expect(resent.body.expired).toBe(false);
  const second = tokenOf((await s.lastMail(email, 'team-invitation')).link);
  expect(second).not.toBe(first);
  expect((await s.api('POST', '/api/invitations/accept', { token: person.accessToken, body: { token: first } })).status).toBe(404);

  const revoked = await s.api('DELETE', `/api/teams/${owner.id}/invitations/${sent.body.id}`, { token: owner.accessToken });
  expect(revoked.status).toBe(200);
  expect((await s.api('POST', '/api/invitations/accept', { token: person.accessToken, body: { token: second } })).status).toBe(404);
});

test('a new person registers with the invited address, then accepts', async () => {
  await onPlan(owner.id, 'gold-1m');
  const email = freshEmail();
  await invite(email, 'editor');
  const token = tokenOf((await s.lastMail(email, 'team-invitation')).link);
  const person = await registerAndSignIn(email);
  const joined = await s.api('POST', '/api/invitations/accept', { token: person.accessToken, body: { token } });
  expect(joined.body.team).toMatchObject({ id: owner.id, role: 'editor' });
  const teams = await s.api('GET', '/api/teams', { token: person.accessToken });
  expect(teams.body.items.map((t: { role: string }) => t.role)).toEqual(['owner', 'editor']);
});

test('seats per plan: bronze 1, silver 3, gold 10; beyond them 402 with the upgrade hint; a downgrade keeps everyone but blocks new invitations', async () => {
  const boss = await signUpAndLogin(s);
  const inviteAs = (email: string) => s.api('POST', `/api/teams/${boss.id}/invitations`, { token: boss.accessToken, body: { email, role: 'viewer' } });
  const plans = (await s.api('GET', '/api/payment/plan')).body.items;
  expect(plans.map((p: { name: string; limits: { membersLimit: number } }) => [p.name, p.limits.membersLimit])).toEqual([
    ['bronze', 1],
    ['silver', 3],
    ['gold', 10],
  ]);

  // No plan: one seat (TEAM_MEMBERS_WITHOUT_PLAN), the owner's.
  const none = await inviteAs(freshEmail());
  expect(none.status).toBe(402);
  expect(none.body).toMatchObject({ code: TEAM_ERROR_CODES.seatLimit, message: 'Your plan allows 1 member (invitations waiting included). Upgrade your plan to invite more people.' });

  await onPlan(boss.id, 'bronze-1y');
  expect((await inviteAs(freshEmail())).status).toBe(402);

  await onPlan(boss.id, 'silver-1m');
  const a = await signUpAndLogin(s);
  expect((await inviteAs(a.email)).status).toBe(201);
  expect((await inviteAs(freshEmail())).status).toBe(201);
  const third = await inviteAs(freshEmail());
  expect(third.status).toBe(402);
  expect(third.body.message).toContain('allows 3 members');
  const seats = (await s.api('GET', `/api/teams/${boss.id}/members`, { token: boss.accessToken })).body.seats;
  expect(seats).toEqual({ used: 3, limit: 3, members: 1, pendingInvitations: 2 });
  // One joins; then the team goes down to bronze: everyone stays, nobody new may be invited.
  await s.api('POST', '/api/invitations/accept', { token: a.accessToken, body: { token: tokenOf((await s.lastMail(a.email, 'team-invitation')).link) } });
  await onPlan(boss.id, 'bronze-1m');
  const kept = await s.api('GET', `/api/teams/${boss.id}/members`, { token: boss.accessToken });
  expect(kept.body.items.map((m: { role: string }) => m.role)).toEqual(['owner', 'viewer']);
  expect((await s.api('GET', '/api/videos', { token: a.accessToken, headers: inTeam(boss.id) })).status).toBe(200);
  expect((await inviteAs(freshEmail())).status).toBe(402);

  // An admin changes the plan's seats; the team sees it at once.
  const admin = (await s.api('POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'admin-password' } })).body;
  const changed = await s.api('PUT', '/api/payment/plan/bronze-1m', { token: admin.accessToken, body: { membersLimit: 5 } });
  expect(changed.status).toBe(200);
  expect(changed.body.items[0].limits.membersLimit).toBe(5);
  expect((await inviteAs(freshEmail())).status).toBe(201);
  await s.api('PUT', '/api/payment/plan/bronze-1m', { token: admin.accessToken, body: { membersLimit: 1 } });
});

test('a member or a pending address cannot be invited again (409); members are managed by owner and admins only', async () => {
  await onPlan(owner.id, 'gold-1m');
  const email = freshEmail();
  expect((await invite(email)).status).toBe(201);
  expect((await invite(email)).status).toBe(409);
  expect((await invite(owner.email)).status).toBe(409);
  expect((await invite(freshEmail(), 'owner')).status).toBe(422);
});

async function registerAndSignIn(email: string) {
  const reg = await s.api('POST', '/api/users', { body: { firstName: 'New', lastName: 'Person', email, password: 'secret123', paymentMethod: { type: 'card', cardInfo: CARD } } });
  expect(reg.status).toBe(201);
  const login = await s.api('POST', '/api/auth/login', { body: { email, password: 'secret123' } });
  return { id: reg.body.id as string, accessToken: login.body.accessToken as string };
}
