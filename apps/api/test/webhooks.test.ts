import { WEBHOOK_EVENTS, WEBHOOK_MESSAGES } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { inTeam, teamOfFour } from './support/teams.ts';
import { signUpAndLogin, startTestServer, type SignedIn, type TestServer } from './support/test-server.ts';

/** Registering webhook endpoints: the secret shown once, the address rules, the team's permission. */
let s: TestServer;
let team: Awaited<ReturnType<typeof teamOfFour>>;
let stranger: SignedIn;
const RECEIVER = 'http://127.0.0.1:9/hooks';

beforeAll(async () => {
  // 127.0.0.1 is allowed the way imports allow it in tests: plain http and loopback for that host only.
  s = await startTestServer({ IMPORT_ALLOWED_HOSTS: '127.0.0.1' });
  team = await teamOfFour(s);
  stranger = await signUpAndLogin(s);
}, 120_000);
afterAll(() => s?.stop());

const as = (who: SignedIn, method: string, path: string, body?: unknown) => s.api(method, path, { token: who.accessToken, headers: inTeam(team.teamId), body });

test('an endpoint is registered with its whsec_ secret shown once, and listed, changed and deleted without it', async () => {
  const created = await as(team.owner, 'POST', '/api/webhooks', { url: RECEIVER, events: ['video.ready', 'captions.ready', 'video.ready'] });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ url: RECEIVER, events: ['video.ready', 'captions.ready'], enabled: true, disabledReason: null, failingSince: null });
  expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  const bytes = Buffer.from(created.body.secret.slice('whsec_'.length), 'base64');
  expect(bytes.length).toBeGreaterThanOrEqual(24);
  expect(bytes.length).toBeLessThanOrEqual(64);
  const id = created.body.id;

  const list = await as(team.owner, 'GET', '/api/webhooks');
  expect(list.status).toBe(200);
  expect(list.body.items).toEqual([expect.objectContaining({ id, url: RECEIVER })]);
  expect(JSON.stringify(list.body)).not.toContain(created.body.secret);
  const one = await as(team.owner, 'GET', `/api/webhooks/${id}`);
  expect(one.body).not.toHaveProperty('secret');

  const changed = await as(team.owner, 'PUT', `/api/webhooks/${id}`, { events: [...WEBHOOK_EVENTS], enabled: false });
  expect(changed.status).toBe(200);
  expect(changed.body).toMatchObject({ url: RECEIVER, events: [...WEBHOOK_EVENTS], enabled: false });

  const rotated = await as(team.owner, 'POST', `/api/webhooks/${id}/rotate-secret`);
  expect(rotated.status).toBe(200);
  expect(rotated.body.secret).toMatch(/^whsec_/);
  expect(rotated.body.secret).not.toBe(created.body.secret);

  expect((await as(team.owner, 'DELETE', `/api/webhooks/${id}`)).status).toBe(200);
  expect((await as(team.owner, 'GET', `/api/webhooks/${id}`)).status).toBe(404);
  expect((await as(team.owner, 'GET', '/api/webhooks')).body.items).toEqual([]);
});

test('junk is refused with 422 and a message on its field', async () => {
  const cases: [unknown, string, string][] = [
    [{ url: 'not a url', events: ['video.ready'] }, 'url', WEBHOOK_MESSAGES.url],
    [{ url: 'ftp://example.com/in', events: ['video.ready'] }, 'url', WEBHOOK_MESSAGES.url],
    [{ url: 'http://example.com/in', events: ['video.ready'] }, 'url', WEBHOOK_MESSAGES.https],
    [{ url: 'http://localhost/in', events: ['video.ready'] }, 'url', WEBHOOK_MESSAGES.https],
    [{ url: 'https://10.0.0.1/in', events: ['video.ready'] }, 'url', 'private'],
    [{ url: 'https://169.254.169.254/latest/meta-data', events: ['video.ready'] }, 'url', 'private'],
    [{ url: 'https://localhost/in', events: ['video.ready'] }, 'url', 'private'],
    [{ url: 'https://[::1]/in', events: ['video.ready'] }, 'url', 'private'],
    [{ url: RECEIVER, events: [] }, 'events', WEBHOOK_MESSAGES.events],
    [{ url: RECEIVER, events: ['video.played'] }, 'events.0', 'Must be one of'],
    [{ url: RECEIVER }, 'events', WEBHOOK_MESSAGES.events],
    [{ events: ['video.ready'] }, 'url', WEBHOOK_MESSAGES.url],
  ];
  for (const [body, field, message] of cases) {
    const res = await as(team.owner, 'POST', '/api/webhooks', body);
    expect(res.status, JSON.stringify(body)).toBe(422);
    expect(res.body.errors[field], JSON.stringify(res.body)).toContain(message);
  }
  const created = await as(team.owner, 'POST', '/api/webhooks', { url: RECEIVER, events: ['video.ready'] });
  const put = await as(team.owner, 'PUT', `/api/webhooks/${created.body.id}`, { url: 'https://192.168.1.10/in' });
  expect(put.status).toBe(422);
  expect(put.body.errors.url).toContain('private');
  expect((await as(team.owner, 'PUT', `/api/webhooks/${created.body.id}`, { enabled: 'yes' })).status).toBe(422);
  expect((await as(team.owner, 'GET', '/api/webhooks')).body.items).toHaveLength(1);
  await as(team.owner, 'DELETE', `/api/webhooks/${created.body.id}`);
});

test("endpoints are the team's: admins manage them, editors and viewers are refused, another team gets 404", async () => {
  const byAdmin = await as(team.admin, 'POST', '/api/webhooks', { url: RECEIVER, events: ['lead.captured'] });
  expect(byAdmin.status).toBe(201);
  const id = byAdmin.body.id;
  // The owner sees what an admin of the team registered: the endpoint is the team's.
  expect((await as(team.owner, 'GET', '/api/webhooks')).body.items.map((w: { id: string }) => w.id)).toContain(id);
  for (const who of [team.editor, team.viewer]) {
    expect((await as(who, 'GET', '/api/webhooks')).status).toBe(403);
    expect((await as(who, 'POST', '/api/webhooks', { url: RECEIVER, events: ['video.ready'] })).status).toBe(403);
    expect((await as(who, 'POST', `/api/webhooks/${id}/test`)).status).toBe(403);
  }
  // A stranger acting in their own team: the id is not theirs, whatever the call.
  const other = (method: string, path: string, body?: unknown) => s.api(method, path, { token: stranger.accessToken, body });
  expect((await other('GET', '/api/webhooks')).body.items).toEqual([]);
  for (const [method, path, body] of [
    ['GET', `/api/webhooks/${id}`],
    ['PUT', `/api/webhooks/${id}`, { enabled: false }],
    ['DELETE', `/api/webhooks/${id}`],
    ['POST', `/api/webhooks/${id}/rotate-secret`],
    ['GET', `/api/webhooks/${id}/deliveries`],
    ['POST', `/api/webhooks/${id}/test`],
    ['POST', `/api/webhooks/${id}/deliveries/${crypto.randomUUID()}/resend`],
  ] as [string, string, unknown?][]) {
    const res = await other(method, path, body);
    expect(res.status, `${method} ${path}`).toBe(404);
    expect(res.body.message).toBe(WEBHOOK_MESSAGES.notFound);
  }
  expect((await as(team.owner, 'GET', `/api/webhooks/${id}`)).body.enabled).toBe(true);
  expect((await as(team.owner, 'GET', `/api/webhooks/${id}/deliveries`)).body.items).toEqual([]);
  expect((await as(team.owner, 'POST', `/api/webhooks/${id}/deliveries/${crypto.randomUUID()}/resend`)).status).toBe(404);
  await as(team.owner, 'DELETE', `/api/webhooks/${id}`);
});
