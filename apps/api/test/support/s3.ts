import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { Env } from '../../src/config.ts';

export interface LocalS3 {
  /** The settings that point the API and workers at this bucket. */
  env: Env;
  /** Every key in the bucket below a prefix. */
  keys(prefix: string): Promise<string[]>;
  stop(): Promise<void>;
}

/** A local S3-compatible server (s3rver) on loopback with an empty `media` bucket. */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'reelbase-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'media', configs: [] }] });
  const { port } = await server.run();
  const env: Env = {
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'media',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  return {
    env,
    async keys(prefix) {
      const res = await fetch(`${env.S3_ENDPOINT}/media?list-type=2&prefix=${encodeURIComponent(prefix)}`);
      return [...(await res.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]);
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
