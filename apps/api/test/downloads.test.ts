import { readFile } from 'node:fs/promises';
import { DETAILS_MESSAGES } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DOCS_SCRIPT } from '../src/http/api-docs.ts';
import { makeClip } from './support/clips.ts';
import { addMember, inTeam } from './support/teams.ts';
import { type SignedIn, signUpAndLogin, startWithOwnerAndOther, type TestServer } from './support/test-server.ts';

/* Issue 34 items 5 and 6: the team downloads the original; viewers a chosen mp4 when the owner allows it; the API reference. */

let s: TestServer;
let owner: SignedIn;
let other: SignedIn;
let clip: string;
let id: string;

const download = (videoId: string, token = owner.accessToken, headers: Record<string, string> = {}) =>
  fetch(`${s.url}/api/videos/${videoId}/download`, { headers: { authorization: `Bearer ${token}`, ...headers } });
const setPlayer = (body: unknown) => s.api('PUT', `/api/player-config/${id}`, { token: owner.accessToken, body });

beforeAll(async () => {
  ({ s, owner, other } = await startWithOwnerAndOther());
  // MPEG-4 Part 2 is transcoded, not remuxed, so the upload itself is kept as the original.
  clip = await makeClip({ codec: 'mpeg4', width: 160, height: 120, seconds: 1 });
  const up = await s.upload(owner.accessToken, clip, { name: 'Spring "sale": 50/50 <now>', filename: 'holiday.mp4' });
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  id = up.body.id;
  await s.waitForVideo(owner.accessToken, id, (v) => v.isMainReady, 120_000);
}, 180_000);
afterAll(() => s.stop());

test('the team downloads the original: the uploaded bytes, as an attachment named after the video, with Range', async () => {
  const res = await download(id);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.equals(await readFile(clip))).toBe(true);
  expect(res.headers.get('content-disposition')).toBe('attachment; filename="Spring sale 50 50 now.mp4"');
  expect(res.headers.get('content-type')).toBe('video/mp4');
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  const part = await download(id, owner.accessToken, { range: 'bytes=10-19' });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 10-19/${bytes.length}`);
  expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true);
  // A team viewer may download too (permission view).
  const viewer = await signUpAndLogin(s);
  await addMember(s, owner.id, viewer.id, 'viewer');
  expect((await download(id, viewer.accessToken, inTeam(owner.id))).status).toBe(200);
});

test("another team's video is 404; a video without a kept original is 409 with its reason; signed out is 401", async () => {
  expect((await download(id, other.accessToken)).status).toBe(404);
  expect((await download(crypto.randomUUID())).status).toBe(404);
  expect((await fetch(`${s.url}/api/videos/${id}/download`)).status).toBe(401);
  const failed = crypto.randomUUID();
  await s.services.orm.em
    .fork()
    .getConnection()
    .execute(`insert into videos (id, user_id, name, source, size, status, player_config, created_at) values (?, ?, 'Broken', 'upload', 0, 'failed', '{}', now())`, [failed, owner.id]);
  const res = await download(failed);
  expect(res.status).toBe(409);
  expect(((await res.json()) as { message: string }).message).toBe(DETAILS_MESSAGES.originalGone);
});

test('allowDownload (off by default) puts the mp4 in the playback answer; a non-public video\'s URL needs its token', async () => {
  const before = await s.api('GET', `/api/playback/${id}`);
  expect(before.body.playerConfig.allowDownload).toBe(false);
  expect(before.body.download).toBeNull();
  expect((await setPlayer({ allowDownload: 'yes' })).status).toBe(422);
  expect((await setPlayer({ allowDownload: true })).body.allowDownload).toBe(true);
  const on = await s.api('GET', `/api/playback/${id}`);
  expect(on.body.download).toBe(`${on.body.mp4Source}?download=Spring+%22sale%22%3A+50%2F50+%3Cnow%3E`);
  expect(on.body.download).toMatch(/\/main\.mp4\?download=/);
  // Saved as an attachment named after the video (an embed on a custom domain is another origin, where an anchor's `download` is ignored).
  const file = await fetch(on.body.download);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-disposition')).toBe('attachment; filename="Spring sale 50 50 now.mp4"');
  expect(file.headers.get('content-type')).toBe('video/mp4');
  expect(Number(file.headers.get('content-length'))).toBeGreaterThan(1000);
  // The plain media URL stays inline (the players' source).
  expect((await fetch(on.body.mp4Source)).headers.get('content-disposition')).toBeNull();

  // Unlisted: the URL is tokened like the sources; the same path without its token is refused.
  expect((await s.api('PUT', `/api/videos/${id}/privacy`, { token: owner.accessToken, body: { visibility: 'unlisted' } })).status).toBe(200);
  const unlisted = (await s.api('GET', `/api/playback/${id}`)).body;
  expect(unlisted.download).toContain(`/~${unlisted.token.token}/`);
  expect((await fetch(unlisted.download)).status).toBe(200);
  expect((await fetch(unlisted.download.replace(`~${unlisted.token.token}/`, ''))).status).toBe(403);

  expect((await setPlayer({ allowDownload: false })).body.allowDownload).toBe(false);
  expect((await s.api('GET', `/api/playback/${id}`)).body.download).toBeNull();
});

test('/api/docs is a page that loads the reference renderer from this server, and the script route serves it', async () => {
  const page = await fetch(`${s.url}/api/docs`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const csp = page.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("connect-src 'self'");
  const html = await page.text();
  expect(html).toContain(`<script src="/api/docs/${DOCS_SCRIPT}"></script>`);
  expect(html).toContain('data-url="/api/openapi.json"');
  expect(html).not.toMatch(/https?:\/\//);
  const script = await fetch(`${s.url}/api/docs/${DOCS_SCRIPT}`);
  expect(script.status).toBe(200);
  expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  const code = await script.text();
  expect(code.length).toBeGreaterThan(100_000);
  expect(code).toContain('createApiReference');
  expect((await fetch(`${s.url}/api/docs/other.js`)).status).toBe(404);
  // The document it renders lists this calls.
  const doc = (await (await fetch(`${s.url}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/videos/{id}/details', '/api/videos/{id}/download', '/api/docs']));
});
