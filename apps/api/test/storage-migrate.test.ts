import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { type LocalS3, startLocalS3 } from './support/s3.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

// Moving a running install from local disk to S3 with `storage:migrate`, then serving from the bucket.
const MIGRATE = join(import.meta.dirname, '..', 'src', 'storage', 'migrate.ts');
let s3: LocalS3;
let local: TestServer;
let onS3: TestServer | undefined;

beforeAll(async () => {
  s3 = await startLocalS3();
  local = await startTestServer();
});
afterAll(async () => {
  await onS3?.stop();
  await local?.stop();
  await s3?.stop();
});

test('storage:migrate copies every stored file to the bucket, switches STORAGE, and the videos play from S3', async () => {
  const user = await signUpAndLogin(local);
  const up = await local.upload(user.accessToken, await makeClip({ codec: 'h264', width: 320, height: 240, seconds: 2, audio: true }));
  const video = await local.waitForVideo(user.accessToken, up.body.id, (v) => v.status === 'ready' && v.processing.isLadderReady);
  const form = new FormData();
  form.append('file', new Blob([await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer()], { type: 'image/png' }), 'me.png');
  expect((await fetch(`${local.url}/api/profile/upload`, { method: 'POST', headers: { authorization: `Bearer ${user.accessToken}` }, body: form })).status).toBe(200);

  const media = join(local.dataDir, 'media');
  const files = (await readdir(media, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(media.length + 1));
  const envFile = join(local.dataDir, 'reelbase.env');
  await writeFile(envFile, 'PORT=3000\nSTORAGE=local\n');
  const run = () => promisify(execFile)(process.execPath, [MIGRATE, '--env-file', envFile], { env: { ...process.env, ...(s3.env as Record<string, string>), DATA_DIR: local.dataDir } });
  const first = await run();
  expect(first.stdout).toContain(`"copied":${files.length}`);
  expect((await s3.keys('videos/')).concat(await s3.keys('images/')).sort()).toEqual(files.sort());
  expect(await readFile(envFile, 'utf8')).toBe('PORT=3000\nSTORAGE=s3\n');
  // A second run (after stopping the service) copies only what is new: here, nothing.
  expect((await run()).stdout).toContain(`"copied":0,"skipped":${files.length}`);

  // The same database served from the bucket: the video plays with nothing on this server's disk.
  onS3 = await startTestServer({ ...s3.env, PUBLIC_URL: local.url }, {}, { databaseUrl: local.databaseUrl });
  const master = await fetch(`${onS3.url}${new URL(video.hlsSource).pathname}`);
  expect(master.status).toBe(200);
  const variant = new URL((await master.text()).split('\n').find((l) => l && !l.startsWith('#')) as string, master.url);
  const segment = new URL(((await (await fetch(variant)).text()).split('\n').find((l) => l && !l.startsWith('#'))) as string, variant);
  expect((await fetch(segment)).status).toBe(200);
  const mp4 = await fetch(`${onS3.url}${new URL(video.videoSource).pathname}`);
  expect(Buffer.from(await mp4.arrayBuffer())).toEqual(await readFile(join(media, 'videos', video.id, 'main.mp4')));
  expect(await readdir(onS3.dataDir)).not.toContain('media');
});
