import { afterAll, beforeAll, expect, test } from 'vitest';
import { addMember, inTeam } from './support/teams.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

// Issue 35 item 7: a removed member is mailed, and their team list says where they were removed from.
let s: TestServer;

beforeAll(async () => {
  s = await startTestServer();
}, 60_000);
afterAll(() => s?.stop());

const rename = (teamId: string, token: string, name: string) => s.api('PUT', `/api/teams/${teamId}`, { token, body: { name } });

test('a removed member gets a mail, and their team list names the team they were removed from until they are back in', async () => {
  const owner = await signUpAndLogin(s);
  const member = await signUpAndLogin(s);
  expect((await rename(owner.id, owner.accessToken, 'Harbour Films')).status).toBe(200);
  await addMember(s, owner.id, member.id, 'editor');
  expect((await s.api('GET', '/api/teams', { token: member.accessToken })).body.removedFrom).toEqual([]);

  const removed = await s.api('DELETE', `/api/teams/${owner.id}/members/${member.id}`, { token: owner.accessToken });
  expect(removed.status).toBe(200);
  const mail = await s.lastMail(member.email, 'team-removed');
  expect(mail.text).toContain('Subject: You were removed from Harbour Films on Reelbase');
  expect(mail.text).toContain('removed you from it');

  // Signing in again: no longer in the team, and the list says why.
  const list = await s.api('GET', '/api/teams', { token: member.accessToken });
  expect(list.body.items.map((t: { id: string }) => t.id)).not.toContain(owner.id);
  expect(list.body.removedFrom).toEqual([{ teamId: owner.id, teamName: 'Harbour Films', removedAt: expect.any(String) }]);
  expect((await s.api('GET', '/api/videos', { token: member.accessToken, headers: inTeam(owner.id) })).status).toBe(403);

  // Invited back: nothing to explain any more.
  await addMember(s, owner.id, member.id, 'viewer');
  expect((await s.api('GET', '/api/teams', { token: member.accessToken })).body.removedFrom).toEqual([]);
});

test('leaving a team on one’s own is not a removal: no mail, nothing listed', async () => {
  const owner = await signUpAndLogin(s);
  const member = await signUpAndLogin(s);
  await addMember(s, owner.id, member.id, 'viewer');
  expect((await s.api('POST', `/api/teams/${owner.id}/leave`, { token: member.accessToken })).status).toBe(200);
  expect((await s.api('GET', '/api/teams', { token: member.accessToken })).body.removedFrom).toEqual([]);
  await expect(s.lastMail(member.email, 'team-removed')).rejects.toThrow();
});
