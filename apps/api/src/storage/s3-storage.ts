import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CopyObjectCommand, DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { contentTypeOf } from './content-types.ts';
import type { Storage } from './storage.ts';

const KEY_RE = /^[a-zA-Z0-9][a-zA-Z0-9._/-]*$/;
// Parts of a multipart upload: S3's minimum is 5 MiB; a few in flight keep one upload fast.
const PART_SIZE = 8 * 1024 * 1024;
const MAX_COPY_OBJECT_BYTES = 5 * 1024 ** 3;

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Storage in an S3-compatible bucket (AWS, MinIO, R2...). Large files go up in parts; reads
 * take byte ranges; a folder is a key prefix. Each object appears only when its upload is
 * complete, which is what publishDir's ordering relies on.
 */
export function s3Storage(s: S3Settings, mediaBase: string): Storage {
  const client = new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
    // Checksums only where S3 demands them: many S3-compatible servers refuse the newer
    // aws-chunked trailing-checksum uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = s.bucket;
  const check = (key: string) => {
    if (!KEY_RE.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
    return key;
  };
  const upload = async (key: string, body: Buffer | Readable) => {
    await new Upload({ client, params: { Bucket, Key: check(key), Body: body, ContentType: contentTypeOf(key) }, partSize: PART_SIZE, queueSize: 4 }).done();
  };
  const head = async (key: string) => {
    try {
      const h = await client.send(new HeadObjectCommand({ Bucket, Key: check(key) }));
      return { size: h.ContentLength ?? 0, mtime: h.LastModified ?? new Date() };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  };
  async function* keys(prefix: string) {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0 };
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }
  // A folder is every key below `prefix/`; the slash keeps `videos/a` from matching `videos/ab`.
  const folder = (prefix: string) => `${check(prefix).replace(/\/$/, '')}/`;

  return {
    kind: 's3',
    async put(key, data) {
      await upload(key, data);
      return (await head(key)) ?? { size: 0, mtime: new Date() };
    },
    async putFile(key, path) {
      const { size } = await stat(path);
      await upload(key, createReadStream(path));
      await unlink(path);
      return { size, mtime: new Date() };
    },
    async getFile(key, path) {
      await mkdir(dirname(path), { recursive: true });
      const res = await client.send(new GetObjectCommand({ Bucket, Key: check(key) }));
      const tmp = `${path}.${crypto.randomUUID()}.part`;
      try {
        await pipeline(res.Body as Readable, createWriteStream(tmp));
        await rename(tmp, path);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async copy(fromKey, toKey) {
      const from = await head(fromKey);
      if (!from) throw new Error(`no such object: ${fromKey}`);
      // One server-side request up to S3's 5 GiB limit for CopyObject; bigger objects stream through.
      if (from.size > MAX_COPY_OBJECT_BYTES) {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: check(fromKey) }));
        await upload(toKey, res.Body as Readable);
      } else await client.send(new CopyObjectCommand({ Bucket, Key: check(toKey), CopySource: `${Bucket}/${encodeURIComponent(check(fromKey)).replaceAll('%2F', '/')}`, ContentType: contentTypeOf(toKey), MetadataDirective: 'REPLACE' }));
      return (await head(toKey)) ?? from;
    },
    stat: head,
    stream(key, range) {
      const out = new PassThrough();
      const abort = new AbortController();
      out.on('close', () => abort.abort());
      client
        .send(new GetObjectCommand({ Bucket, Key: check(key), Range: range && `bytes=${range.start}-${range.end}` }), { abortSignal: abort.signal })
        .then((res) => pipeline(res.Body as Readable, out))
        .catch((err) => out.destroy(err));
      return out;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: check(key) }));
    },
    async deletePrefix(prefix) {
      // Listed again until empty: a job still writing below the prefix may add keys meanwhile.
      for (let round = 0; round < 5; round++) {
        const batch: { Key: string }[] = [];
        for await (const o of keys(folder(prefix))) batch.push({ Key: o.key });
        if (!batch.length) return;
        for (let i = 0; i < batch.length; i += 1000) {
          await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.slice(i, i + 1000), Quiet: true } }));
        }
      }
    },
    list: (prefix) => keys(folder(prefix)),
    url: (key) => `${mediaBase}/media/${key}`,
    async close() {
      client.destroy();
    },
  };
}
