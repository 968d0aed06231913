import type { Orm } from '../../../db/orm.ts';
import { sqlOf } from '../../../db/sql.ts';
import { bandwidthMonth } from '../../payments/entitlements.ts';
import { deliveryQueries } from './delivery.queries.ts';

/**
 * Bytes delivered per video, summed in memory and written in one statement per flush, so a
 * segment request never costs a database write. The same statement adds them to the owners'
 * months (user_bandwidth_months, for usage and the monthly limit); `onFlushed` hears which
 * owners' months grew.
 */
export function bandwidthCounter(orm: Orm, flushMs: number, onError: (err: unknown) => void, onFlushed?: (month: string, userIds: string[]) => Promise<void>) {
  // On the connection, outside any transaction.
  const sql = sqlOf(orm.em.getConnection());
  let pending = new Map<string, number>();
  const add = (videoId: string, bytes: number) => {
    if (bytes > 0) pending.set(videoId, (pending.get(videoId) ?? 0) + bytes);
  };
  async function flush() {
    if (!pending.size) return;
    const batch = pending;
    pending = new Map();
    const month = bandwidthMonth();
    let owners: { user_id: string }[];
    try {
      // Array literals as text: the driver would spread a JS array into separate parameters.
      owners = await deliveryQueries.addBandwidth(sql, month, `{${[...batch.keys()].join(',')}}`, `{${[...batch.values()].join(',')}}`, `${month}-01`);
    } catch (err) {
      // Put the counts back so a passing database hiccup loses nothing.
      for (const [id, bytes] of batch) add(id, bytes);
      onError(err);
      return;
    }
    if (onFlushed && owners.length) await onFlushed(month, owners.map((o) => o.user_id)).catch(onError);
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
