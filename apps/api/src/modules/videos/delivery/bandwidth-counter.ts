import type { Orm } from '../../../db/orm.ts';
import { bandwidthMonth } from '../../payments/entitlements.ts';

/**
 * Bytes delivered per video, summed in memory and written in one statement per flush, so a
 * segment request never costs a database write. The same statement adds them to the owners'
 * months (user_bandwidth_months, for usage and the monthly limit); `onFlushed` hears which
 * owners' months grew.
 */
export function bandwidthCounter(orm: Orm, flushMs: number, onError: (err: unknown) => void, onFlushed?: (month: string, userIds: string[]) => Promise<void>) {
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
      owners = await orm.em.getConnection().execute(
        `with v as (
           update videos v set
             total_bandwidth_usage = v.total_bandwidth_usage + x.bytes,
             monthly_bandwidth_usage = case when v.bandwidth_month = ? then v.monthly_bandwidth_usage + x.bytes else x.bytes end,
             bandwidth_month = ?
           from (select unnest(?::uuid[]) as id, unnest(?::bigint[]) as bytes) x
           where v.id = x.id
           returning v.user_id, x.bytes)
         insert into user_bandwidth_months as m (user_id, month, bytes)
         select user_id, ?::date, sum(bytes) from v group by user_id
         on conflict (user_id, month) do update set bytes = m.bytes + excluded.bytes
         returning m.user_id`,
        // Array literals as text: the driver would spread a JS array into separate parameters.
        [month, month, `{${[...batch.keys()].join(',')}}`, `{${[...batch.values()].join(',')}}`, `${month}-01`],
      );
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
