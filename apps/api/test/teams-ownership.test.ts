import { TEAM_MESSAGES } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addMember, inTeam } from './support/teams.ts';
import { signUpAndLogin, startTestServer, type SignedIn, type TestServer } from './support/test-server.ts';

/*
 * Ownership: the owner asks with their password, the member accepts; billing and the account
 * follow the owner role; the old owner stays as admin. Admins move ownership for support cases,
 * written to the audit log. Roles change and members go, never the owner.
 */
let s: TestServer;
let owner: SignedIn;
let heir: SignedIn;
let viewer: SignedIn;
let siteAdmin: { accessToken: string };

beforeAll(async () => {
  s = await startTestServer();
  owner = await signUpAndLogin(s);
  heir = await signUpAndLogin(s);
  viewer = await signUpAndLogin(s);
  await addMember(s, owner.id, heir.id, 'editor');
  await addMember(s, owner.id, viewer.id, 'viewer');
  siteAdmin = (await s.api('POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'admin-password' } })).body;
}, 60_000);
afterAll(() => s?.stop());

const roleOf = async (userId: string) =>
  (await s.api('GET', `/api/teams/${owner.id}/members`, { token: owner.accessToken })).body.items?.find((m: { userId: string }) => m.userId === userId)?.role ??
  (await s.api('GET', `/api/admin/teams?search=${encodeURIComponent(owner.email)}`, { token: siteAdmin.accessToken })).body.items[0].members.find((m: { userId: string }) => m.userId === userId)?.role;

test('roles change (not the owner\'s) and members are removed (not the owner); the owner cannot leave', async () => {
  const promoted = await s.api('PUT', `/api/teams/${owner.id}/members/${viewer.id}`, { token: owner.accessToken, body: { role: 'editor' } });
  expect(promoted.body).toMatchObject({ userId: viewer.id, role: 'editor' });
  expect((await s.api('POST', '/api/folders', { token: viewer.accessToken, headers: inTeam(owner.id), body: { name: 'By the new editor' } })).status).toBe(201);
  await s.api('PUT', `/api/teams/${owner.id}/members/${viewer.id}`, { token: owner.accessToken, body: { role: 'viewer' } });
  const demoted = await s.api('POST', '/api/folders', { token: viewer.accessToken, headers: inTeam(owner.id), body: { name: 'Refused' } });
  expect(demoted.status).toBe(403);

  expect((await s.api('PUT', `/api/teams/${owner.id}/members/${owner.id}`, { token: owner.accessToken, body: { role: 'viewer' } })).body.message).toBe(TEAM_MESSAGES.ownerRoleFixed);
  expect((await s.api('DELETE', `/api/teams/${owner.id}/members/${owner.id}`, { token: owner.accessToken })).status).toBe(409);
  expect((await s.api('POST', `/api/teams/${owner.id}/leave`, { token: owner.accessToken })).body.message).toBe(TEAM_MESSAGES.ownerCannotLeave);
  const log = await s.api('GET', `/api/teams/${owner.id}/activity?action=member.role_changed`, { token: owner.accessToken });
  expect(log.body.items[0]).toMatchObject({ actor: { id: owner.id }, subject: { id: viewer.id }, details: { role: 'viewer', previousRole: 'editor' } });
});

test('a transfer needs the owner\'s password and the new owner\'s acceptance; billing moves, the old owner stays as admin', async () => {
  const wrong = await s.api('POST', `/api/teams/${owner.id}/ownership-transfer`, { token: owner.accessToken, body: { userId: heir.id, password: 'not-it' } });
  expect(wrong.status).toBe(403);
  expect(wrong.body.message).toBe(TEAM_MESSAGES.wrongPassword);
  // Only the owner may ask at all.
  expect((await s.api('POST', `/api/teams/${owner.id}/ownership-transfer`, { token: heir.accessToken, body: { userId: heir.id, password: heir.password } })).status).toBe(403);

  const asked = await s.api('POST', `/api/teams/${owner.id}/ownership-transfer`, { token: owner.accessToken, body: { userId: heir.id, password: owner.password } });
  expect(asked.status).toBe(201);
  expect(asked.body).toMatchObject({ from: { id: owner.id }, to: { id: heir.id } });
  expect((await s.lastMail(heir.email, 'ownership-transfer')).text).toContain('stays in the team as admin');
  // Nothing changed yet; someone else cannot accept it.
  expect(await roleOf(owner.id)).toBe('owner');
  expect((await s.api('POST', `/api/teams/${owner.id}/ownership-transfer/accept`, { token: viewer.accessToken })).status).toBe(404);
  const heirTeams = (await s.api('GET', '/api/teams', { token: heir.accessToken })).body.items;
  expect(heirTeams.find((t: { id: string }) => t.id === owner.id).ownershipTransfer).toMatchObject({ to: { id: heir.id } });

  const accepted = await s.api('POST', `/api/teams/${owner.id}/ownership-transfer/accept`, { token: heir.accessToken });
  expect(accepted.status).toBe(200);
  expect(accepted.body.team).toMatchObject({ id: owner.id, role: 'owner', owner: { id: heir.id }, ownershipTransfer: null });
  expect(await roleOf(owner.id)).toBe('admin');
  // Billing is the new owner's; the old owner keeps the team's work but not its money.
  expect((await s.api('GET', '/api/payment/subscription', { token: heir.accessToken, headers: inTeam(owner.id) })).status).toBe(200);
  const billing = await s.api('GET', '/api/payment/subscription', { token: owner.accessToken, headers: inTeam(owner.id) });
  expect(billing.status).toBe(403);
  expect(billing.body.message).toContain('"billing"');
  expect((await s.api('GET', '/api/videos', { token: owner.accessToken, headers: inTeam(owner.id) })).status).toBe(200);
  const log = await s.api('GET', `/api/teams/${owner.id}/activity?action=ownership.transferred`, { token: heir.accessToken });
  expect(log.body.items[0]).toMatchObject({ actor: { id: heir.id }, details: { from: owner.id } });
});

test('admins list teams with their members and move ownership for a support case, written to the audit log', async () => {
  const list = await s.api('GET', `/api/admin/teams?search=${encodeURIComponent(viewer.email)}`, { token: siteAdmin.accessToken });
  expect(list.status).toBe(200);
  const team = list.body.items.find((t: { id: string }) => t.id === owner.id);
  expect(team).toMatchObject({ owner: { id: heir.id }, memberCount: 3, membersLimit: 1 });
  expect(team.members.map((m: { role: string }) => m.role)).toEqual(['owner', 'admin', 'viewer']);
  expect((await s.api('GET', '/api/admin/teams', { token: owner.accessToken })).status).toBe(403);

  const moved = await s.api('POST', `/api/admin/teams/${owner.id}/owner`, { token: siteAdmin.accessToken, body: { userId: owner.id, reason: 'Ticket 123' } });
  expect(moved.status).toBe(200);
  expect(moved.body.owner.id).toBe(owner.id);
  expect(await roleOf(heir.id)).toBe('admin');
  const [audit] = await s.services.orm.em.fork().getConnection().execute("select * from admin_audit_log where action = 'team.owner'");
  expect(audit).toMatchObject({ admin_email: 'admin@example.com', target_user_id: owner.id });
  expect(audit.details).toMatchObject({ from: heir.id, to: owner.id, reason: 'Ticket 123' });
  // Only to a member.
  const stranger = await signUpAndLogin(s);
  expect((await s.api('POST', `/api/admin/teams/${owner.id}/owner`, { token: siteAdmin.accessToken, body: { userId: stranger.id } })).status).toBe(422);
});

test('a member leaves; a removed member loses the team at their next request', async () => {
  expect((await s.api('POST', `/api/teams/${owner.id}/leave`, { token: viewer.accessToken })).status).toBe(200);
  expect((await s.api('GET', '/api/videos', { token: viewer.accessToken, headers: inTeam(owner.id) })).status).toBe(403);
  expect((await s.api('DELETE', `/api/teams/${owner.id}/members/${heir.id}`, { token: owner.accessToken })).status).toBe(200);
  expect((await s.api('GET', '/api/videos', { token: heir.accessToken, headers: inTeam(owner.id) })).body.code).toBe('TEAM_NOT_MEMBER_ERROR');
});

test('deleting a person who owns another account\'s team hands the team to its longest-standing admin', async () => {
  const account = await signUpAndLogin(s);
  const boss = await signUpAndLogin(s);
  await addMember(s, account.id, boss.id, 'admin');
  await s.api('POST', `/api/admin/teams/${account.id}/owner`, { token: siteAdmin.accessToken, body: { userId: boss.id } });
  const removed = await s.api('DELETE', `/api/users/${boss.id}`, { token: siteAdmin.accessToken });
  expect(removed.status).toBe(200);
  const teams = await s.api('GET', '/api/teams', { token: account.accessToken });
  expect(teams.body.items[0]).toMatchObject({ id: account.id, role: 'owner', owner: { id: account.id }, memberCount: 1 });
});
