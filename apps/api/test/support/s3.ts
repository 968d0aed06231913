import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
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
  makeReplacesAtomic(server);
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

interface StoredObject {
  content: Readable | null;
}
interface Store {
  putObject(object: { bucket: string; key: string }): Promise<unknown>;
  getObject(bucket: string, key: string, options?: unknown): Promise<StoredObject | null>;
}

/**
 * S3 replaces an object atomically: a GET during a PUT of the same key returns the old object or
 * the new one, whole. s3rver writes in place, so a read there could see a part of a playlist being
 * replaced. Here writes and reads of one key take turns, and a read is taken whole before the
 * next write may start.
 */
function makeReplacesAtomic(server: S3rver) {
  const store = (server as unknown as { store: Store }).store;
  const turns = new Map<string, Promise<unknown>>();
  const inTurn = <T>(id: string, fn: () => Promise<T>): Promise<T> => {
    const run = (turns.get(id) ?? Promise.resolve()).then(fn, fn);
    turns.set(id, run.catch(() => {}));
    return run;
  };
  const put = store.putObject.bind(store);
  const get = store.getObject.bind(store);
  store.putObject = (object) => inTurn(`${object.bucket}/${object.key}`, () => put(object));
  store.getObject = (bucket, key, options) =>
    inTurn(`${bucket}/${key}`, async () => {
      const object = await get(bucket, key, options);
      if (object?.content) object.content = Readable.from([await buffer(object.content)]);
      return object;
    });
}

