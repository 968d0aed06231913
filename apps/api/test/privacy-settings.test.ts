import { afterAll, beforeAll, expect, test } from 'vitest';
import { Video } from '../src/modules/videos/video.entity.ts';
import { makeClip } from './support/clips.ts';
import { type SignedIn, signUpAndLogin, startWithOwnerAndOther, type TestServer } from './support/test-server.ts';

let s: TestServer;
let owner: SignedIn;
let other: SignedIn;
let clip: string;
let first: any;
beforeAll(async () => {
  ({ s, owner, other } = await startWithOwnerAndOther());
  clip = await makeClip({ codec: 'h264', width: 160, height: 90, seconds: 1, audio: false });
  first = (await s.upload(owner.accessToken, clip, { name: 'Before defaults' })).body;
});
afterAll(() => s.stop());

const privacy = (id: string, body: unknown, token = owner.accessToken) => s.api('PUT', `/api/videos/${id}/privacy`, { token, body });
const hashOf = async (id: string) => (await s.services.orm.em.fork().findOneOrFail(Video, { id })).passwordHash;

test('a video starts public and open to every site; its answer names the privacy fields', async () => {
  expect(first).toMatchObject({ visibility: 'public', hasPassword: false, allowedDomains: [] });
});

test('new uploads take the account defaults set in the profile', async () => {
  const saved = await s.api('PUT', '/api/profile', { token: owner.accessToken, body: { defaultVisibility: 'unlisted', defaultAllowedDomains: [' Example.com ', '*.Shop.example.org', 'example.com'] } });
  expect(saved.status).toBe(200);
  expect(saved.body.profile).toMatchObject({ defaultVisibility: 'unlisted', defaultAllowedDomains: ['example.com', '*.shop.example.org'] });
  expect((await s.api('GET', '/api/profile', { token: owner.accessToken })).body).toMatchObject({ defaultVisibility: 'unlisted' });
  const v = (await s.upload(owner.accessToken, clip, { name: 'After defaults' })).body;
  expect(v).toMatchObject({ visibility: 'unlisted', allowedDomains: ['example.com', '*.shop.example.org'] });
  // The earlier video keeps what it had.
  expect((await s.api('GET', `/api/videos/${first.id}`, { token: owner.accessToken })).body.visibility).toBe('public');
  await s.api('PUT', '/api/profile', { token: owner.accessToken, body: { defaultVisibility: 'public', defaultAllowedDomains: [] } });
});

test('the account default cannot be password or hold junk domains', async () => {
  const bad = await s.api('PUT', '/api/profile', { token: owner.accessToken, body: { defaultVisibility: 'password', defaultAllowedDomains: ['https://example.com/page'] } });
  expect(bad.status).toBe(422);
  expect(bad.body.errors).toMatchObject({
    defaultVisibility: 'Must be one of public, unlisted, private (a password is set per video).',
    defaultAllowedDomains: 'Must be a domain like example.com or *.example.com.',
  });
});

test('password visibility needs a password the first time; it is stored as argon2id and never shown', async () => {
  const none = await privacy(first.id, { visibility: 'password' });
  expect([none.status, none.body.errors]).toEqual([422, { password: 'Set a password for this video.' }]);
  const short = await privacy(first.id, { visibility: 'password', password: 'abc' });
  expect(short.body.errors).toEqual({ password: 'Must be 4 to 128 characters.' });

  const set = await privacy(first.id, { visibility: 'password', password: 'open sesame' });
  expect(set.status).toBe(200);
  expect(set.body).toMatchObject({ id: first.id, visibility: 'password', hasPassword: true, allowedDomains: [] });
  expect(JSON.stringify(set.body)).not.toMatch(/sesame|argon2|passwordHash/);
  expect(await hashOf(first.id)).toMatch(/^\$argon2id\$/);

  // Back to public and to password again: the kept password is reused.
  expect((await privacy(first.id, { visibility: 'public' })).body).toMatchObject({ visibility: 'public', hasPassword: true });
  expect((await privacy(first.id, { visibility: 'password' })).body).toMatchObject({ visibility: 'password', hasPassword: true });
  const list = await s.api('GET', '/api/videos?limit=100', { token: owner.accessToken });
  expect(list.body.items.find((v: any) => v.id === first.id)).toMatchObject({ visibility: 'password', hasPassword: true, allowedDomains: [] });
});

test('the allowlist is validated, normalised, kept when left out and cleared with []', async () => {
  for (const junk of [['not a domain'], ['*.com'], ['example.com/path'], ['*.*.example.com'], ['-bad-.example.com'], ['intranet'], 'example.com', [42]]) {
    const res = await privacy(first.id, { visibility: 'unlisted', allowedDomains: junk });
    expect(res.status, JSON.stringify(junk)).toBe(422);
    expect(Object.keys(res.body.errors)[0]).toMatch(/^allowedDomains/);
  }
  const set = await privacy(first.id, { visibility: 'unlisted', allowedDomains: ['Customer.example', '*.lms.example', 'localhost', '127.0.0.1'] });
  expect(set.body).toMatchObject({ visibility: 'unlisted', allowedDomains: ['customer.example', '*.lms.example', 'localhost', '127.0.0.1'] });
  expect((await privacy(first.id, { visibility: 'private' })).body.allowedDomains).toEqual(['customer.example', '*.lms.example', 'localhost', '127.0.0.1']);
  expect((await privacy(first.id, { visibility: 'public', allowedDomains: [] })).body).toMatchObject({ visibility: 'public', allowedDomains: [] });
});

test('only the owner changes it: another user gets the 404 of a missing video, a stranger 401', async () => {
  const res = await privacy(first.id, { visibility: 'private' }, other.accessToken);
  expect([res.status, res.body.message]).toEqual([404, 'Video not found']);
  expect((await s.api('PUT', `/api/videos/${first.id}/privacy`, { body: { visibility: 'private' } })).status).toBe(401);
  expect((await s.api('GET', `/api/videos/${first.id}`, { token: owner.accessToken })).body.visibility).toBe('public');
  const bad = await privacy(first.id, { visibility: 'secret' });
  expect(bad.body.errors).toEqual({ visibility: 'Must be one of public, unlisted, private, password.' });
  const stranger = await signUpAndLogin(s);
  expect((await privacy(crypto.randomUUID(), { visibility: 'private' }, stranger.accessToken)).status).toBe(404);
});
