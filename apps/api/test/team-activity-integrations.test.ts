import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { inTeam, teamOfFour } from './support/teams.ts';
import { startTestServer, type SignedIn, type TestServer } from './support/test-server.ts';

/*
 * The team's activity log tells who created or revoked an API key, who added, changed or deleted a
 * webhook, and who added, changed or deleted a video's captions: the admin reading it sees each
 * change with the person who made it.
 */
let s: TestServer;
let team: Awaited<ReturnType<typeof teamOfFour>>;

beforeAll(async () => {
  s = await startTestServer({ IMPORT_ALLOWED_HOSTS: '127.0.0.1' });
  team = await teamOfFour(s);
}, 120_000);
afterAll(() => s?.stop());

const as = (who: SignedIn, method: string, path: string, body?: unknown) => s.api(method, path, { token: who.accessToken, headers: inTeam(team.teamId), body });
/** The newest entries of one action, as the owner reads them. */
const logOf = async (action: string) => {
  const res = await as(team.owner, 'GET', `/api/teams/${team.teamId}/activity?action=${action}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items as { action: string; actor: { id: string } | null; subject: { type: string; id: string | null; name: string | null }; details: Record<string, unknown> }[];
};

test('API keys created and revoked are in the activity log, with who did it', async () => {
  const created = await as(team.admin, 'POST', '/api/api-keys', { name: 'CI uploads', scopes: ['videos:write'] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await logOf('api_key.created'))[0]).toMatchObject({ actor: { id: team.admin.id }, subject: { type: 'api_key', id: created.body.id, name: 'CI uploads' }, details: { scopes: 'videos:write' } });
  // The key itself is never written to the log.
  expect(JSON.stringify(await logOf('api_key.created'))).not.toContain(created.body.key);

  expect((await as(team.owner, 'DELETE', `/api/api-keys/${created.body.id}`)).status).toBe(200);
  expect((await logOf('api_key.revoked'))[0]).toMatchObject({ actor: { id: team.owner.id }, subject: { type: 'api_key', id: created.body.id, name: 'CI uploads' } });
  // A refused revocation (already gone) writes nothing.
  expect((await as(team.owner, 'DELETE', `/api/api-keys/${created.body.id}`)).status).toBe(404);
  expect(await logOf('api_key.revoked')).toHaveLength(1);
});

test('webhooks added, changed, given a new secret and deleted are in the activity log', async () => {
  const url = 'http://127.0.0.1:9/hooks';
  const created = await as(team.admin, 'POST', '/api/webhooks', { url, events: ['video.ready'] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id;
  expect((await logOf('webhook.created'))[0]).toMatchObject({ actor: { id: team.admin.id }, subject: { type: 'webhook', id, name: url }, details: { events: 'video.ready' } });

  const moved = 'http://127.0.0.1:9/other';
  expect((await as(team.admin, 'PUT', `/api/webhooks/${id}`, { url: moved, enabled: false })).status).toBe(200);
  expect((await logOf('webhook.updated'))[0]).toMatchObject({ subject: { type: 'webhook', id, name: moved }, details: { previousUrl: url, enabled: false } });

  const rotated = await as(team.owner, 'POST', `/api/webhooks/${id}/rotate-secret`);
  expect((await logOf('webhook.secret_rotated'))[0]).toMatchObject({ actor: { id: team.owner.id }, subject: { id } });
  expect(JSON.stringify(await logOf('webhook.secret_rotated'))).not.toContain(rotated.body.secret);

  expect((await as(team.owner, 'DELETE', `/api/webhooks/${id}`)).status).toBe(200);
  expect((await logOf('webhook.deleted'))[0]).toMatchObject({ actor: { id: team.owner.id }, subject: { type: 'webhook', id, name: moved } });
});

test("caption tracks added, changed and deleted are in the log under their video, found by the video's filter", async () => {
  const clip = await makeClip({ seconds: 2 });
  const videoId = (await s.upload(team.owner.accessToken, clip, { name: 'Harbour tour' })).body.id as string;
  expect(videoId).toBeTruthy();
  const form = new FormData();
  form.append('language', 'de');
  form.append('label', 'Deutsch');
  form.append('file', new Blob(['WEBVTT\n\n00:00.500 --> 00:01.500\nWillkommen im Hafen.\n']), 'captions.vtt');
  const up = await fetch(`${s.url}/api/videos/${videoId}/captions`, { method: 'POST', headers: { authorization: `Bearer ${team.editor.accessToken}`, ...inTeam(team.teamId) }, body: form });
  const track = (await up.json()) as { id: string };
  expect(up.status, JSON.stringify(track)).toBe(201);
  expect((await logOf('caption.added'))[0]).toMatchObject({ actor: { id: team.editor.id }, subject: { type: 'video', id: videoId, name: 'Harbour tour' }, details: { language: 'de', label: 'Deutsch', kind: 'uploaded' } });

  const edited = await as(team.editor, 'PUT', `/api/videos/${videoId}/captions/${track.id}`, { label: 'German', cues: [{ startSec: 0.5, endSec: 1.5, text: 'Welcome to the harbour.' }] });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  expect((await logOf('caption.updated'))[0]).toMatchObject({ actor: { id: team.editor.id }, subject: { id: videoId }, details: { label: 'German', previousLabel: 'Deutsch', cues: 1 } });

  expect((await as(team.admin, 'DELETE', `/api/videos/${videoId}/captions/${track.id}`)).status).toBe(200);
  expect((await logOf('caption.deleted'))[0]).toMatchObject({ actor: { id: team.admin.id }, subject: { id: videoId }, details: { label: 'German' } });

  const ofVideo = await as(team.owner, 'GET', `/api/teams/${team.teamId}/activity?video-id=${videoId}`);
  expect(ofVideo.body.items.map((e: { action: string }) => e.action)).toEqual(['caption.deleted', 'caption.updated', 'caption.added', 'video.uploaded']);
});
