import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { API_KEY_ERROR_CODES, API_KEY_SCOPES, type ApiKeyScope, TEAM_HEADER } from '@reelbase/api-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { callOperation } from './support/operations.ts';
import { addMember, inTeam, teamOfFour } from './support/teams.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * API keys on the real server: created by a team's admins, shown once, stored as a SHA-256 only,
 * accepted as a Bearer on exactly the calls their scopes cover (walked from /api/openapi.json),
 * refused elsewhere with a 403 that says why, 401 once revoked, 429 past the per-key limit.
 */
type Op = { security?: Record<string, string[]>[]; 'x-api-key-scope'?: ApiKeyScope; requestBody?: { content: Record<string, unknown> } };
const LIMIT = 300;

let s: TestServer;
let team: Awaited<ReturnType<typeof teamOfFour>>;
let doc: { paths: Record<string, Record<string, Op>> };

beforeAll(async () => {
  s = await startTestServer({ API_KEY_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  team = await teamOfFour(s);
  doc = (await s.api('GET', '/api/openapi.json')).body;
}, 60_000);
afterAll(() => s?.stop());

const createKey = async (token: string, scopes: string[], name = 'Zapier', headers: Record<string, string> = {}) => {
  const r = await s.api('POST', '/api/api-keys', { token, body: { name, scopes }, headers });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; key: string; prefix: string; scopes: string[]; name: string; createdAt: string; lastUsedAt: null };
};

/** One call of an operation with `key` (ids are random: a 404 past the checks). */
const call = (method: string, path: string, op: Op, key: string) =>
  callOperation(s.url + path.replace(/\{(\w+)\}/g, (_, n: string) => (n === 'teamId' ? team.teamId : crypto.randomUUID())), method, path, op, { authorization: `Bearer ${key}` });

test('a team admin creates a key: shown once as rbk_ + 32 random bytes, listed afterwards by prefix only; the database holds its SHA-256, never the key', async () => {
  const created = await createKey(team.admin.accessToken, ['videos:write', 'videos:read', 'videos:read'], 'CI uploads', inTeam(team.teamId));
  expect(created.key).toMatch(/^rbk_[A-Za-z0-9_-]{43}$/);
  expect(Buffer.from(created.key.slice(4), 'base64url')).toHaveLength(32);
  // Each scope once, in the contract's order; the prefix recognises the key without giving it away.
  expect(created).toMatchObject({ name: 'CI uploads', scopes: ['videos:read', 'videos:write'], lastUsedAt: null, createdBy: { id: team.admin.id } });
  expect(created.key.startsWith(created.prefix)).toBe(true);
  expect(created.prefix.length).toBeLessThan(16);

  const list = await s.api('GET', '/api/api-keys', { token: team.owner.accessToken });
  expect(list.status).toBe(200);
  const listed = list.body.items.find((k: { id: string }) => k.id === created.id);
  expect(Object.keys(listed).sort()).toEqual(['createdAt', 'createdBy', 'id', 'lastUsedAt', 'name', 'prefix', 'scopes']);
  expect(JSON.stringify(list.body)).not.toContain(created.key);

  const rows = await s.services.orm.em.fork().getConnection().execute('select * from api_keys where id = ?', [created.id]);
  expect(rows).toHaveLength(1);
  const stored = JSON.stringify(rows);
  expect(stored).not.toContain(created.key);
  expect(stored).not.toContain(created.key.slice(12));
  expect(rows[0].key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
});

test('bad input is a 422 naming the field; only those who may manage the team manage keys; another team\'s key is a 404', async () => {
  const bad = async (body: unknown) => (await s.api('POST', '/api/api-keys', { token: team.owner.accessToken, body })).body;
  const unknownScope = await bad({ name: 'x', scopes: ['videos:read', 'videos:everything'] });
  expect(unknownScope.message).toBe('Validation failed');
  expect(Object.keys(unknownScope.errors)[0]).toMatch(/^scopes/);
  expect(Object.values(unknownScope.errors)[0]).toBe(`Must be one or more of ${API_KEY_SCOPES.join(', ')}.`);
  expect((await bad({ name: 'x', scopes: [] })).errors).toEqual({ scopes: 'Choose at least one scope.' });
  expect((await bad({ name: '   ', scopes: ['videos:read'] })).errors).toEqual({ name: 'Must NOT have fewer than 1 characters.' });
  expect((await bad({ name: 'x'.repeat(101), scopes: ['videos:read'] })).errors).toEqual({ name: 'Must NOT have more than 100 characters.' });
  expect(Object.keys((await bad({})).errors).sort()).toEqual(['name', 'scopes']);

  // An editor may upload, not hand out keys.
  const byEditor = await s.api('POST', '/api/api-keys', { token: team.editor.accessToken, headers: inTeam(team.teamId), body: { name: 'x', scopes: ['videos:read'] } });
  expect(byEditor.status).toBe(403);
  expect(byEditor.body.message).toBe('Your role in this team (editor) does not have the "manage team" permission.');
  expect((await s.api('GET', '/api/api-keys', { token: team.viewer.accessToken, headers: inTeam(team.teamId) })).status).toBe(403);

  const ours = await createKey(team.owner.accessToken, ['videos:read']);
  const stranger = await signUpAndLogin(s);
  const foreign = await s.api('DELETE', `/api/api-keys/${ours.id}`, { token: stranger.accessToken });
  expect(foreign.status).toBe(404);
  expect(foreign.body.message).toBe('API key not found');
  expect((await s.api('GET', '/api/api-keys', { token: stranger.accessToken })).body.items).toEqual([]);
  expect((await s.api('DELETE', '/api/api-keys/not-an-id', { token: team.owner.accessToken })).status).toBe(404);
  // Still working: the stranger's 404 revoked nothing.
  expect((await s.api('GET', '/api/videos', { token: ours.key })).status).toBe(200);
});

describe.each(API_KEY_SCOPES)('a key with only %s', (scope) => {
  test('does exactly the calls of its scope: others answer 403 naming the missing scope, calls without a scope 403 saying keys cannot be used there', async () => {
    const { key } = await createKey(team.owner.accessToken, [scope], `only ${scope}`);
    const wrong: string[] = [];
    const counts = { allowed: 0, missingScope: 0, notAllowed: 0 };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        // Public calls (and those open to anyone, like health) are not about keys.
        if (!op.security?.length || op.security.some((r) => Object.keys(r).length === 0)) continue;
        const at = `${method} ${path}`;
        const r = await call(method, path, op, key);
        const want = op['x-api-key-scope'];
        const keyCodes: string[] = Object.values(API_KEY_ERROR_CODES);
        if (want === scope) {
          counts.allowed++;
          if (r.status === 401 || keyCodes.includes(r.code ?? '') || r.status >= 500) wrong.push(`${at} -> ${r.status} ${r.code} ${r.message} (allowed)`);
          // The document says the same: the apiKey requirement names the scope.
          if (!op.security.some((req) => req.apiKey?.includes(scope))) wrong.push(`${at} lacks the apiKey security requirement`);
        } else if (want) {
          counts.missingScope++;
          const named = method === 'head' || (r.code === API_KEY_ERROR_CODES.scope && r.message === `This API key does not have the "${want}" scope.`);
          if (r.status !== 403 || !named) wrong.push(`${at} -> ${r.status} ${r.code} ${r.message} (wants ${want})`);
        } else {
          counts.notAllowed++;
          if (r.status !== 403 || r.code !== API_KEY_ERROR_CODES.notAllowed || r.message !== 'API keys cannot be used for this call. Sign in to do it.') wrong.push(`${at} -> ${r.status} ${r.code} ${r.message} (no key)`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // Account, password, payment, admin, teams and the keys themselves: never with a key.
    expect(counts.notAllowed).toBeGreaterThan(40);
    if (scope === 'videos:read') expect(counts.allowed).toBeGreaterThan(10);
    if (scope === 'videos:write') expect(counts.allowed).toBeGreaterThan(25);
    // Viewer statistics of a video and of all, their CSVs, the leads (lists and CSVs); issue 33: a
    // video's viewer sessions (list, CSV), engagement and thumbnail test, the account trend, the
    // viewer-privacy settings, and a lead's videos.
    if (scope === 'analytics:read') expect(counts.allowed).toBe(15);
    if (scope === 'webhooks:manage') expect(counts.allowed).toBe(9);
  }, 120_000);
});

test("account, password, payment and admin calls refuse a key even with every scope, even an admin's", async () => {
  const admin = (await s.api('POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'admin-password' } })).body;
  const { key } = await createKey(admin.accessToken, [...API_KEY_SCOPES], 'everything');
  const refused = [
    ['GET', '/api/profile'],
    ['PUT', '/api/profile', { currentPassword: 'admin-password', password: 'hijacked-1' }],
    ['GET', '/api/payment/subscription'],
    ['POST', '/api/payment/subscription/cancel'],
    ['GET', '/api/users'],
    ['GET', `/api/videos?user-id=${team.owner.id}`],
    ['POST', '/api/videos/bulk', { action: 'block', ids: [crypto.randomUUID()], ban: true }],
    ['GET', '/api/admin/teams'],
    ['POST', '/api/users', { firstName: 'A', lastName: 'B', email: 'made-by-key@example.com', password: 'secret123' }],
    ['GET', '/api/api-keys'],
    ['POST', '/api/auth/logout'],
  ] as const;
  for (const [method, path, body] of refused) {
    const r = await s.api(method, path, { token: key, body });
    expect([path, r.status, r.body.code]).toEqual([path, 403, API_KEY_ERROR_CODES.notAllowed]);
  }
  // The password did not change: the admin still signs in with it.
  expect((await s.api('POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'admin-password' } })).status).toBe(200);
  // The key works where its scopes reach, as the admin's own team and nothing more.
  expect((await s.api('GET', '/api/videos', { token: key })).status).toBe(200);
  const health = await s.api('GET', '/api/health', { token: key });
  expect(health.body).not.toHaveProperty('database');
});

test('a key uploads (form and tus) into its team as the person who made it, lists and deletes; a read key cannot; revoked, it answers 401 at once', async () => {
  const writer = await createKey(team.admin.accessToken, ['videos:read', 'videos:write'], 'uploader', inTeam(team.teamId));
  const reader = await createKey(team.owner.accessToken, ['videos:read'], 'reader');
  const clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: false });
  const up = await s.upload(writer.key, clip, { name: 'By key' });
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  // Into the team's account, uploaded by the admin who made the key.
  const seen = await s.api('GET', `/api/videos/${up.body.id}`, { token: team.owner.accessToken });
  expect(seen.body).toMatchObject({ name: 'By key', uploadedBy: { id: team.admin.id } });
  expect((await s.api('GET', '/api/videos', { token: reader.key })).body.items.map((v: { id: string }) => v.id)).toContain(up.body.id);

  // tus: create with the key, send the bytes, the last byte makes the video.
  const bytes = await readFile(clip);
  const meta = `filetype ${btoa('video/mp4')},filename ${btoa('tus.mp4')},name ${btoa('Tus by key')}`;
  const created = await fetch(`${s.url}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${writer.key}`, 'tus-resumable': '1.0.0', 'upload-length': String(bytes.length), 'upload-metadata': meta } });
  expect(created.status).toBe(201);
  const location = new URL(created.headers.get('location') as string, `${s.url}/api/uploads/`).pathname;
  // A read-only key may not send the bytes of it.
  const readerPatch = await fetch(s.url + location, { method: 'PATCH', headers: { authorization: `Bearer ${reader.key}`, 'tus-resumable': '1.0.0', 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' }, body: bytes });
  expect(readerPatch.status).toBe(403);
  expect(((await readerPatch.json()) as { message: string }).message).toBe('This API key does not have the "videos:write" scope.');
  const patched = await fetch(s.url + location, { method: 'PATCH', headers: { authorization: `Bearer ${writer.key}`, 'tus-resumable': '1.0.0', 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' }, body: bytes });
  expect(patched.status).toBe(204);
  const tusVideo = patched.headers.get('x-video-id') as string;
  expect((await s.api('GET', `/api/videos/${tusVideo}`, { token: reader.key })).body.name).toBe('Tus by key');

  const readerDelete = await s.api('DELETE', `/api/videos/${up.body.id}`, { token: reader.key });
  expect(readerDelete.status).toBe(403);
  expect(readerDelete.body.message).toBe('This API key does not have the "videos:write" scope.');
  expect((await s.api('DELETE', `/api/videos/${tusVideo}`, { token: writer.key })).status).toBe(200);

  // A key acts in its own team only.
  const elsewhere = await s.api('GET', '/api/videos', { token: reader.key, headers: { [TEAM_HEADER]: team.admin.id } });
  expect(elsewhere.status).toBe(403);

  // Used: the list shows when (written at most once a minute, so a second use leaves it).
  const used = (await s.api('GET', '/api/api-keys', { token: team.owner.accessToken })).body.items.find((k: { id: string }) => k.id === reader.id);
  expect(Date.now() - Date.parse(used.lastUsedAt)).toBeLessThan(60_000);
  await s.api('GET', '/api/videos', { token: reader.key });
  expect((await s.api('GET', '/api/api-keys', { token: team.owner.accessToken })).body.items.find((k: { id: string }) => k.id === reader.id).lastUsedAt).toBe(used.lastUsedAt);

  const revoke = await s.api('DELETE', `/api/api-keys/${reader.id}`, { token: team.admin.accessToken, headers: inTeam(team.teamId) });
  expect(revoke.body).toEqual({ message: 'API key revoked.' });
  const after = await s.api('GET', '/api/videos', { token: reader.key });
  expect(after.status).toBe(401);
  expect(after.body).toEqual({ message: 'This API key is not valid: it was revoked or never existed.', code: API_KEY_ERROR_CODES.invalid });
  expect((await s.api('GET', '/api/videos', { token: `rbk_${'A'.repeat(43)}` })).status).toBe(401);
});

test("a key stops working when the person who made it can no longer manage the team (removed or demoted)", async () => {
  const lead = await signUpAndLogin(s);
  await addMember(s, team.teamId, lead.id, 'admin');
  const { key } = await createKey(lead.accessToken, ['videos:read'], 'lead', inTeam(team.teamId));
  expect((await s.api('GET', '/api/videos', { token: key })).status).toBe(200);
  await s.api('PUT', `/api/teams/${team.teamId}/members/${lead.id}`, { token: team.owner.accessToken, body: { role: 'editor' } });
  const demoted = await s.api('GET', '/api/videos', { token: key });
  expect(demoted.status).toBe(401);
  expect(demoted.body.message).toBe('This API key no longer works: the person who created it can no longer manage the team.');
});

test('past API_KEY_RATE_LIMIT_PER_MINUTE requests a key gets 429 with Retry-After; another key is not slowed', async () => {
  const busy = await createKey(team.owner.accessToken, ['videos:read'], 'busy');
  const calm = await createKey(team.owner.accessToken, ['videos:read'], 'calm');
  const statuses: number[] = [];
  for (let i = 0; i < LIMIT; i += 30) {
    const batch = await Promise.all(Array.from({ length: Math.min(30, LIMIT - i) }, () => fetch(`${s.url}/api/folders`, { headers: { authorization: `Bearer ${busy.key}` } })));
    statuses.push(...batch.map((r) => r.status));
  }
  expect(statuses.every((x) => x === 200)).toBe(true);
  const over = await s.api('GET', '/api/folders', { token: busy.key });
  expect(over.status).toBe(429);
  expect(over.body.message).toBe('Too many requests. Try again later.');
  const retryAfter = Number(over.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect((await s.api('GET', '/api/folders', { token: calm.key })).status).toBe(200);
}, 60_000);
