import { TEAM_ERROR_CODES } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { enableLeadForm, quietVideo } from './support/leads.ts';
import { inTeam, teamOfFour } from './support/teams.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Issue 35, item 6: leads are prospects' emails and names, so reading them (the lists and the CSV
 * downloads) is its own team permission, `readLeads`: owner, admin and editor, not viewer. The
 * OpenAPI document states it (x-permission, x-roles), as for every team operation.
 */

const READS = ['/api/leads', '/api/leads.csv', '/api/videos/{id}/leads', '/api/videos/{id}/leads.csv'];
let s: TestServer;
let team: Awaited<ReturnType<typeof teamOfFour>>;
let videoId: string;
beforeAll(async () => {
  s = await startTestServer({ TRUST_PROXY: 'true' });
  team = await teamOfFour(s);
  videoId = await quietVideo(s, team.owner.id, { name: 'Open day' });
  await enableLeadForm(s, team.owner.accessToken, videoId);
  const lead = await s.api('POST', `/api/videos/${videoId}/leads`, { body: { email: 'prospect@example.com', consent: true }, headers: { 'X-Forwarded-For': '198.51.100.7' } });
  expect(lead.status, JSON.stringify(lead.body)).toBe(201);
});
afterAll(() => s?.stop());

const read = (path: string, token: string) => s.api('GET', path.replace('{id}', videoId), { token, headers: inTeam(team.teamId) });

test('a team viewer gets 403 naming the "read leads" permission on the leads lists and downloads', async () => {
  for (const path of READS) {
    const res = await read(path, team.viewer.accessToken);
    expect([path, res.status, res.body]).toEqual([path, 403, { message: 'Your role in this team (viewer) does not have the "read leads" permission.', code: TEAM_ERROR_CODES.permission }]);
  }
  // The viewer still sees the team's videos and their numbers.
  expect((await read(`/api/statistics/video/${videoId}`, team.viewer.accessToken)).status).toBe(200);
});

test('an editor, an admin and the owner read them: the list with the email, the CSV with it', async () => {
  for (const who of [team.editor, team.admin, team.owner]) {
    const list = await read('/api/leads', who.accessToken);
    expect([list.status, list.body.items.map((l: { email: string }) => l.email)]).toEqual([200, ['prospect@example.com']]);
    const csv = await read('/api/videos/{id}/leads.csv', who.accessToken);
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('prospect@example.com');
  }
});

test('the OpenAPI document states the permission and its roles on each leads read', async () => {
  const doc = (await s.api('GET', '/api/openapi.json')).body;
  for (const path of READS) expect([path, doc.paths[path].get['x-permission'], doc.paths[path].get['x-roles']]).toEqual([path, 'readLeads', ['owner', 'admin', 'editor']]);
});
