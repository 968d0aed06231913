import type { Storage } from './storage.ts';

/** The top-level prefixes every stored object lives under. */
export const STORED_PREFIXES = ['videos', 'images'];

/**
 * Copies every object from one storage to another, skipping those already there with the same
 * size, so an interrupted run continues where it stopped and a second run copies only what
 * arrived meanwhile. Returns what it copied and skipped.
 */
export async function copyMedia(from: Storage, to: Storage, onProgress?: (key: string) => void) {
  let copied = 0;
  let skipped = 0;
  let bytes = 0;
  const pending = new Set<Promise<void>>();
  for (const prefix of STORED_PREFIXES) {
    for await (const o of from.list(prefix)) {
      const job = (async () => {
        if ((await to.stat(o.key))?.size === o.size) {
          skipped++;
          return;
        }
        await to.put(o.key, from.stream(o.key));
        copied++;
        bytes += o.size;
        onProgress?.(o.key);
      })();
      pending.add(job);
      void job.finally(() => pending.delete(job));
      // A few at a time: each is a round trip to the bucket.
      if (pending.size >= 8) await Promise.race(pending);
    }
  }
  await Promise.all(pending);
  return { copied, skipped, bytes };
}
