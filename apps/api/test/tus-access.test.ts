import { TEAM_HEADER } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { inTeam, teamOfFour } from './support/teams.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// The tus uploads pass the routes' own access path (modules/access): the same answers as a route
// for a missing sign-in, a role without the contract's permission, and a key's scope and rate limit.
const KEY_CALLS_PER_MINUTE = 4;
let s: TestServer;
let team: Awaited<ReturnType<typeof teamOfFour>>;

beforeAll(async () => {
  s = await startTestServer({ API_KEY_RATE_LIMIT_PER_MINUTE: String(KEY_CALLS_PER_MINUTE) });
  team = await teamOfFour(s);
}, 60_000);
afterAll(() => s?.stop());

const tusCreate = (headers: Record<string, string>) =>
  fetch(`${s.url}/api/uploads`, { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-length': '1000', 'upload-metadata': `filetype ${btoa('video/mp4')},filename ${btoa('a.mp4')}`, ...headers } });
const formUpload = (headers: Record<string, string>) => fetch(`${s.url}/api/videos`, { method: 'POST', headers });

test('without a sign-in, or as a viewer of the team, tus answers exactly what the form upload route answers', async () => {
  const anonymous = await tusCreate({});
  const anonymousRoute = await formUpload({});
  expect(anonymous.status).toBe(401);
  expect(await anonymous.json()).toEqual(await anonymousRoute.json());

  // The contract gives both uploads the 'edit' permission: the viewer is refused naming it, the editor is not.
  const viewer = { authorization: `Bearer ${team.viewer.accessToken}`, ...inTeam(team.teamId) };
  const refused = await tusCreate(viewer);
  const refusedRoute = await formUpload(viewer);
  expect(refused.status).toBe(403);
  expect(refusedRoute.status).toBe(403);
  expect(await refused.json()).toEqual(await refusedRoute.json());
  const editor = await tusCreate({ authorization: `Bearer ${team.editor.accessToken}`, ...inTeam(team.teamId) });
  expect(editor.status).toBe(201);

  // A team the person is not in: refused like a route, not uploaded elsewhere.
  const elsewhere = await tusCreate({ authorization: `Bearer ${team.editor.accessToken}`, [TEAM_HEADER]: crypto.randomUUID() });
  const elsewhereRoute = await formUpload({ authorization: `Bearer ${team.editor.accessToken}`, [TEAM_HEADER]: crypto.randomUUID() });
  expect(elsewhere.status).toBe(403);
  expect(await elsewhere.json()).toEqual(await elsewhereRoute.json());

  // The protocol still comes first: a request without Tus-Resumable is a 412, signed in or not.
  expect((await fetch(`${s.url}/api/uploads`, { method: 'POST', headers: { 'upload-length': '1000' } })).status).toBe(412);
});

test('each tus request with a key counts once against its rate limit, and a read-only key is refused naming the scope', async () => {
  const created = await s.api('POST', '/api/api-keys', { token: team.owner.accessToken, body: { name: 'tus', scopes: ['videos:read', 'videos:write'] }, headers: inTeam(team.teamId) });
  expect(created.status).toBe(201);
  const key = { authorization: `Bearer ${created.body.key}` };
  const upload = await tusCreate(key);
  expect(upload.status).toBe(201);
  const at = new URL(upload.headers.get('location') as string, `${s.url}/api/uploads/`).toString();
  // The creation above and these calls: exactly the key's allowance of the minute.
  for (let i = 1; i < KEY_CALLS_PER_MINUTE; i++) {
    const head = await fetch(at, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', ...key } });
    expect(head.status, `call ${i + 1}`).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('0');
  }
  const over = await fetch(at, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', ...key } });
  expect(over.status).toBe(429);
  expect(over.headers.get('retry-after')).toBeTruthy();

  const reader = await s.api('POST', '/api/api-keys', { token: team.owner.accessToken, body: { name: 'reader', scopes: ['videos:read'] }, headers: inTeam(team.teamId) });
  const refused = await tusCreate({ authorization: `Bearer ${reader.body.key}` });
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe('This API key does not have the "videos:write" scope.');
});
