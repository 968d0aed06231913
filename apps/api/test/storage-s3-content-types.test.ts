import { afterAll, beforeAll, expect, test } from 'vitest';
import { CONTENT_TYPES } from '../src/storage/content-types.ts';
import { s3Storage } from '../src/storage/s3-storage.ts';
import type { Storage } from '../src/storage/storage.ts';
import { type LocalS3, startLocalS3 } from './support/s3.ts';

// What a CDN or browser reading the bucket sees: each stored file's Content-Type, the same list delivery answers with.
let s3: LocalS3;
let storage: Storage;

beforeAll(async () => {
  s3 = await startLocalS3();
  const e = s3.env;
  storage = s3Storage({ endpoint: e.S3_ENDPOINT, bucket: e.S3_BUCKET as string, region: e.S3_REGION as string, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY, forcePathStyle: true }, 'http://127.0.0.1');
});
afterAll(async () => {
  await s3?.stop();
});

const storedType = async (key: string) => (await fetch(`${s3.env.S3_ENDPOINT}/media/${key}`, { method: 'HEAD' })).headers.get('content-type');

test('a WebVTT file (the storyboard index, a caption track) is stored as text/vtt, also when copied', async () => {
  await storage.put('videos/s3-types/storyboard/storyboard.vtt', Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nsheet-0.jpg#xywh=0,0,160,90\n'));
  expect(await storedType('videos/s3-types/storyboard/storyboard.vtt')).toBe('text/vtt');
  await storage.copy('videos/s3-types/storyboard/storyboard.vtt', 'videos/s3-types-copy/storyboard/storyboard.vtt');
  expect(await storedType('videos/s3-types-copy/storyboard/storyboard.vtt')).toBe('text/vtt');
});

test('every kind of media file is stored with the type delivery answers for it', async () => {
  for (const [ext, type] of Object.entries(CONTENT_TYPES)) {
    await storage.put(`videos/s3-types/file.${ext}`, Buffer.from('x'));
    expect(await storedType(`videos/s3-types/file.${ext}`), ext).toBe(type);
  }
  expect(Object.keys(CONTENT_TYPES)).toEqual(expect.arrayContaining(['m3u8', 'mp4', 'm4s', 'ts', 'jpg', 'png', 'svg', 'vtt']));
});
