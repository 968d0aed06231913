import { TEAM_ERROR_CODES, TEAM_HEADER, TEAM_PERMISSION_LABELS, type TeamPermission, type TeamRole } from '@reelbase/api-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { callOperation } from './support/operations.ts';
import { inTeam, teamOfFour } from './support/teams.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Each role against each route, from the OpenAPI document: every signed-in operation states its
 * permission (x-permission) and the roles allowed (x-roles). A role outside x-roles gets the 403
 * naming the permission before anything of the route runs; a role inside it never does.
 */
type Op = { 'x-permission'?: string; 'x-roles'?: TeamRole[]; requestBody?: { content: Record<string, unknown> } };
const ROLES: TeamRole[] = ['owner', 'admin', 'editor', 'viewer'];
/** Calls whose success would change the members under test: checked for refusals only. */
const NOT_RUN_WHEN_ALLOWED = new Set(['post /api/teams/{teamId}/leave', 'post /api/auth/logout']);

let s: TestServer;
let team: Awaited<ReturnType<typeof teamOfFour>>;
let doc: { paths: Record<string, Record<string, Op>> };

beforeAll(async () => {
  s = await startTestServer();
  team = await teamOfFour(s);
  doc = (await s.api('GET', '/api/openapi.json')).body;
}, 60_000);
afterAll(() => s?.stop());

/** Fills the path: the team under test, random ids elsewhere (a 404 at most once past the role check). */
const fill = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'teamId' ? team.teamId : crypto.randomUUID()));

async function call(method: string, path: string, op: Op, role: TeamRole) {
  return callOperation(s.url + fill(path), method, path, op, { authorization: `Bearer ${team[role].accessToken}`, [TEAM_HEADER]: team.teamId });
}

test('every signed-in operation states its permission and allowed roles', () => {
  const ops = Object.entries(doc.paths).flatMap(([path, o]) => Object.entries(o).map(([method, op]) => ({ at: `${method} ${path}`, op })));
  const teamOps = ops.filter((o) => o.op['x-roles']);
  expect(teamOps.length).toBeGreaterThan(50);
  for (const { op } of teamOps) expect(op['x-roles']?.every((r) => ROLES.includes(r))).toBe(true);
  // The owner may do everything; billing and ownership are the owner's alone.
  expect(teamOps.every((o) => o.op['x-roles']?.includes('owner'))).toBe(true);
  expect(teamOps.filter((o) => o.op['x-permission'] === 'billing').every((o) => o.op['x-roles']?.join() === 'owner')).toBe(true);
});

describe.each(ROLES)('as %s', (role) => {
  test('a route outside the role answers 403 naming the missing permission; a route inside it is never refused for the role', async () => {
    const wrong: string[] = [];
    let refused = 0;
    let allowed = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const roles = op['x-roles'];
        if (!roles) continue;
        const at = `${method} ${path}`;
        if (!roles.includes(role)) {
          const r = await call(method, path, op, role);
          refused++;
          const label = TEAM_PERMISSION_LABELS[op['x-permission'] as TeamPermission];
          // tus answers a HEAD without a body: the status says it.
          const named = method === 'head' || (r.code === TEAM_ERROR_CODES.permission && r.message?.includes(`"${label}"`) && r.message.includes(`(${role})`));
          if (r.status !== 403 || !named) wrong.push(`${at} -> ${r.status} ${r.code} ${r.message}`);
        } else if (!NOT_RUN_WHEN_ALLOWED.has(at)) {
          const r = await call(method, path, op, role);
          allowed++;
          if (r.code === TEAM_ERROR_CODES.permission || r.code === TEAM_ERROR_CODES.notMember || r.status >= 500) wrong.push(`${at} -> ${r.status} ${r.code} ${r.message} (allowed)`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(refused + allowed).toBeGreaterThan(50);
    if (role === 'viewer') expect(refused).toBeGreaterThan(30);
    if (role === 'owner') expect(refused).toBe(0);
  }, 120_000);
});

test('X-Team-Id of a team the caller is not in answers 403, malformed too; without it the caller acts in their own team', async () => {
  const stranger = await signUpAndLogin(s);
  const foreign = await s.api('GET', '/api/videos', { token: stranger.accessToken, headers: inTeam(team.teamId) });
  expect(foreign.status).toBe(403);
  expect(foreign.body).toMatchObject({ code: TEAM_ERROR_CODES.notMember, message: 'You are not a member of this team.' });
  expect((await s.api('GET', '/api/videos', { token: stranger.accessToken, headers: { [TEAM_HEADER]: 'not-a-team' } })).status).toBe(403);
  // The path's team counts the same way.
  expect((await s.api('GET', `/api/teams/${team.teamId}/members`, { token: stranger.accessToken })).status).toBe(403);
  // Without the header, the editor's own (empty) team, not the one they were invited to.
  const folder = await s.api('POST', '/api/folders', { token: team.editor.accessToken, body: { name: 'Mine' } });
  expect(folder.status).toBe(201);
  expect((await s.api('GET', '/api/folders', { token: team.owner.accessToken })).body.items.map((f: { name: string }) => f.name)).not.toContain('Mine');
  const teams = await s.api('GET', '/api/teams', { token: team.editor.accessToken });
  expect(teams.body.defaultTeamId).toBe(team.editor.id);
  expect(teams.body.items.map((t: { id: string; role: string }) => [t.id, t.role])).toEqual([
    [team.editor.id, 'owner'],
    [team.teamId, 'editor'],
  ]);
});

test('an editor uploads into the team; the viewer sees it with who uploaded it and cannot delete it; the log names the editor', async () => {
  const clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: false });
  const form = new FormData();
  form.append('name', 'Team clip');
  form.append('video', new Blob([await (await import('node:fs/promises')).readFile(clip)], { type: 'video/mp4' }), 'clip.mp4');
  const up = await fetch(`${s.url}/api/videos`, { method: 'POST', headers: { authorization: `Bearer ${team.editor.accessToken}`, ...inTeam(team.teamId) }, body: form });
  expect(up.status).toBe(201);
  const video = (await up.json()) as { id: string };

  const list = await s.api('GET', '/api/videos', { token: team.viewer.accessToken, headers: inTeam(team.teamId) });
  const seen = list.body.items.find((v: { id: string }) => v.id === video.id);
  expect(seen).toMatchObject({ name: 'Team clip', uploadedBy: { id: team.editor.id, name: 'Ada Lovelace' } });
  // The team's video is the owner's account's: the owner sees it without any header.
  expect((await s.api('GET', `/api/videos/${video.id}`, { token: team.owner.accessToken })).body.uploadedBy.id).toBe(team.editor.id);

  const del = await s.api('DELETE', `/api/videos/${video.id}`, { token: team.viewer.accessToken, headers: inTeam(team.teamId) });
  expect(del.status).toBe(403);
  expect(del.body.message).toBe('Your role in this team (viewer) does not have the "edit" permission.');
  expect((await s.api('GET', `/api/videos/${video.id}`, { token: team.viewer.accessToken, headers: inTeam(team.teamId) })).status).toBe(200);

  // A rename records who changed it.
  await s.api('PUT', `/api/videos/${video.id}/edit`, { token: team.admin.accessToken, headers: inTeam(team.teamId), body: { name: 'Renamed by admin' } });
  expect((await s.api('GET', `/api/videos/${video.id}`, { token: team.viewer.accessToken, headers: inTeam(team.teamId) })).body.updatedBy.id).toBe(team.admin.id);

  const log = await s.api('GET', `/api/teams/${team.teamId}/activity?action=video.uploaded`, { token: team.owner.accessToken });
  expect(log.status).toBe(200);
  expect(log.body.items[0]).toMatchObject({ action: 'video.uploaded', actor: { id: team.editor.id }, subject: { type: 'video', id: video.id, name: 'Team clip' } });
  expect((await s.api('GET', `/api/teams/${team.teamId}/activity?actor-id=${team.viewer.id}`, { token: team.owner.accessToken })).body.items).toEqual([]);
}, 60_000);

test('the activity log shows 90 days, filters by action and date, and the daily pass removes older lines', async () => {
  const sql = (q: string, p: unknown[] = []) => s.services.orm.em.fork().getConnection().execute(q, p);
  await sql(
    `insert into team_activity (team_id, actor_id, action, subject_type, subject_id, subject_name, created_at)
     values (?, ?, 'video.deleted', 'video', ?, 'Old clip', now() - interval '91 days'), (?, ?, 'video.deleted', 'video', ?, 'Recent clip', now() - interval '10 days')`,
    [team.teamId, team.editor.id, crypto.randomUUID(), team.teamId, team.editor.id, crypto.randomUUID()],
  );
  const deleted = await s.api('GET', `/api/teams/${team.teamId}/activity?action=video.deleted`, { token: team.admin.accessToken });
  expect(deleted.body.items.map((a: { subject: { name: string } }) => a.subject.name)).toEqual(['Recent clip']);
  const since = new Date(Date.now() - 5 * 86_400_000).toISOString();
  expect((await s.api('GET', `/api/teams/${team.teamId}/activity?action=video.deleted&from=${since}`, { token: team.admin.accessToken })).body.items).toEqual([]);
  expect((await s.api('GET', `/api/teams/${team.teamId}/activity?action=nope`, { token: team.admin.accessToken })).status).toBe(422);
  await s.services.accountRemoval();
  expect(await sql("select subject_name from team_activity where action = 'video.deleted' and team_id = ?", [team.teamId])).toEqual([{ subject_name: 'Recent clip' }]);
});

test('the desktop app (another origin) may send X-Team-Id: the preflight allows it', async () => {
  const res = await fetch(`${s.url}/api/videos`, { method: 'OPTIONS', headers: { Origin: 'app://reelbase', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization,x-team-id' } });
  expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-team-id');
});
