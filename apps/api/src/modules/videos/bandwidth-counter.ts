import type { Orm } from '../../db/orm.ts';

/**
 * Bytes delivered per video, summed in memory and written in one statement per flush, so a
 * segment request never costs a database write.
 */
export function bandwidthCounter(orm: Orm, flushMs: number, onError: (err: unknown) => void) {
  let pending = new Map<string, number>();
  const add = (videoId: string, bytes: number) => {
    if (bytes > 0) pending.set(videoId, (pending.get(videoId) ?? 0) + bytes);
  };
  async function flush() {
    if (!pending.size) return;
    const batch = pending;
    pending = new Map();
    const month = new Date().toISOString().slice(0, 7);
    try {
      await orm.em.getConnection().execute(
        `update videos v set
           total_bandwidth_usage = v.total_bandwidth_usage + x.bytes,
           monthly_bandwidth_usage = case when v.bandwidth_month = ? then v.monthly_bandwidth_usage + x.bytes else x.bytes end,
           bandwidth_month = ?
         from (select unnest(?::uuid[]) as id, unnest(?::bigint[]) as bytes) x
         where v.id = x.id`,
        // Array literals as text: the driver would spread a JS array into separate parameters.
        [month, month, `{${[...batch.keys()].join(',')}}`, `{${[...batch.values()].join(',')}}`],
      );
    } catch (err) {
      // Put the counts back so a passing database hiccup loses nothing.
      for (const [id, bytes] of batch) add(id, bytes);
      onError(err);
    }
  }
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();
  return {
    add,
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
export type BandwidthCounter = ReturnType<typeof bandwidthCounter>;
