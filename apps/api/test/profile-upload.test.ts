import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
let user: Awaited<ReturnType<typeof signUpAndLogin>>;
beforeAll(async () => {
  s = await startTestServer();
  user = await signUpAndLogin(s);
});
afterAll(() => s.stop());

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];
const CLEAN_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#1974BB"/></svg>';

const png = (width = 32, height = 20) => sharp({ create: { width, height, channels: 3, background: '#22A9E0' } }).png().toBuffer();

async function upload(data: Buffer | string, filename: string, fields: Record<string, string> = {}, opts: { field?: string; token?: string; mime?: string } = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(opts.field ?? 'file', new Blob([data], { type: opts.mime ?? 'application/octet-stream' }), filename);
  const res = await fetch(`${s.url}/api/profile/upload`, { method: 'POST', headers: { authorization: `Bearer ${opts.token ?? user.accessToken}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

/** Fetches a stored image by the path of its public URL (PUBLIC_URL is not this test server's port). */
const fetchStored = (url: string) => fetch(s.url + new URL(url).pathname);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}
const mediaFiles = () => filesUnder(join(s.dataDir, 'media'));

test('a PNG avatar is accepted and served back from its URL as image/png', async () => {
  const res = await upload(await png(), 'me.png', {}, { mime: 'image/png' });
  expect(res.status).toBe(200);
  expect(res.body.url).toMatch(/\/media\/images\/[\w-]+\/avatar-[\w-]+\.png$/);
  expect(res.body.profile.avatar).toBe(res.body.url);
  expect((await s.api('GET', '/api/profile', { token: user.accessToken })).body.avatar).toBe(res.body.url);

  const served = await fetchStored(res.body.url);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/png');
  const bytes = Buffer.from(await served.arrayBuffer());
  expect([...bytes.subarray(0, 4)]).toEqual(PNG_MAGIC);
  expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 32, height: 20 });
});

test('a JPEG is re-encoded to PNG', async () => {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } }).jpeg().toBuffer();
  const res = await upload(jpeg, 'photo.jpg', {}, { mime: 'image/jpeg' });
  expect(res.status).toBe(200);
  expect(res.body.url).toMatch(/\.png$/);
  const served = await fetchStored(res.body.url);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect([...Buffer.from(await served.arrayBuffer()).subarray(0, 4)]).toEqual(PNG_MAGIC);
});

test('type=playerLogo sets the default player logo, not the avatar', async () => {
  const before = (await s.api('GET', '/api/profile', { token: user.accessToken })).body.avatar;
  const res = await upload(await png(), 'logo.png', { type: 'playerLogo' });
  expect(res.status).toBe(200);
  expect(res.body.url).toMatch(/\/playerLogo-[\w-]+\.png$/);
  expect(res.body.profile.playerLogo).toBe(res.body.url);
  expect(res.body.profile.avatar).toBe(before);
  expect((await fetchStored(res.body.url)).status).toBe(200);
});

test('the image may come in the field "image" too', async () => {
  const res = await upload(await png(), 'me.png', {}, { field: 'image' });
  expect(res.status).toBe(200);
  expect(res.body.profile.avatar).toBe(res.body.url);
});

test('a new avatar replaces the old file', async () => {
  const first = await upload(await png(), 'a.png');
  const second = await upload(await png(16, 16), 'b.png');
  expect(second.status).toBe(200);
  expect(second.body.url).not.toBe(first.body.url);
  expect((await fetchStored(second.body.url)).status).toBe(200);
  expect((await fetchStored(first.body.url)).status).toBe(404);
});

test('a text file named .png is refused with 422 and nothing is stored', async () => {
  const before = await mediaFiles();
  const res = await upload('just some text, not an image', 'evil.png', {}, { mime: 'image/png' });
  expect(res.status).toBe(422);
  expect(res.body.errors).toEqual({ file: 'Only JPG, GIF, PNG and SVG images are accepted.' });
  expect(await mediaFiles()).toEqual(before);
});

test('a PNG header followed by garbage is refused and nothing is stored', async () => {
  const before = await mediaFiles();
  const res = await upload(Buffer.concat([Buffer.from(PNG_MAGIC), Buffer.from([0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]), 'broken.png');
  expect(res.status).toBe(422);
  expect(await mediaFiles()).toEqual(before);
});

test('an SVG with a script is refused and nothing is stored', async () => {
  const before = await mediaFiles();
  const evil = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><rect width="1" height="1"/></svg>';
  const res = await upload(evil, 'evil.svg', {}, { mime: 'image/svg+xml' });
  expect(res.status).toBe(422);
  expect(res.body.errors).toEqual({ file: 'SVG images may not contain scripts or external references.' });
  expect(await mediaFiles()).toEqual(before);
});

test.each([
  ['an event handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>'],
  ['an external reference', '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="https://evil.example.com/x.png"/></svg>'],
  ['a javascript: link', '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect width="1" height="1"/></a></svg>'],
  ['a foreignObject', '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div>hi</div></foreignObject></svg>'],
])('an SVG with %s is refused', async (_what, svg) => {
  const res = await upload(svg, 'x.svg');
  expect(res.status).toBe(422);
});

test('a clean SVG is accepted, stored as SVG and served sandboxed', async () => {
  const res = await upload(CLEAN_SVG, 'logo.svg', { type: 'playerLogo' }, { mime: 'image/svg+xml' });
  expect(res.status).toBe(200);
  expect(res.body.url).toMatch(/\.svg$/);
  const served = await fetchStored(res.body.url);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/svg+xml');
  expect(served.headers.get('content-security-policy')).toContain('sandbox');
  expect(await served.text()).toBe(CLEAN_SVG);
});

test('an unknown type, or no file at all, answers 422', async () => {
  const badType = await upload(await png(), 'x.png', { type: 'banner' });
  expect(badType.status).toBe(422);
  expect(badType.body.errors).toHaveProperty('type');

  const form = new FormData();
  form.append('type', 'avatar');
  const res = await fetch(`${s.url}/api/profile/upload`, { method: 'POST', headers: { authorization: `Bearer ${user.accessToken}` }, body: form });
  expect(res.status).toBe(422);
  expect(((await res.json()) as any).errors).toEqual({ file: 'An image file is required.' });
});

test('an image over 5 MB is refused with 413, not a server failure', async () => {
  const before = await mediaFiles();
  const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
  const res = await upload(big, 'big.png');
  expect(res.status).toBe(413);
  expect(res.body.message).toEqual(expect.any(String));
  expect(await mediaFiles()).toEqual(before);
});

test('two files in one upload are refused with 413', async () => {
  const form = new FormData();
  form.append('file', new Blob([await png()]), 'a.png');
  form.append('image', new Blob([await png()]), 'b.png');
  const res = await fetch(`${s.url}/api/profile/upload`, { method: 'POST', headers: { authorization: `Bearer ${user.accessToken}` }, body: form });
  expect(res.status).toBe(413);
});

test('uploading needs a signed-in user', async () => {
  const res = await upload(await png(), 'me.png', {}, { token: 'nope' });
  expect(res.status).toBe(401);
});
