import { formatByteCount } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import type { DefaultLimits } from './entitlements.ts';
import { queueMail } from '../../mail/outbox.ts';
import { sqlOf } from '../../db/sql.ts';
import { claimBandwidthNotices } from './usage.queries.ts';

/**
 * After each bandwidth flush: owners whose month just reached 80% of their limit, and then the
 * limit, get one mail each (marked on their month's row in the statement that finds them, so
 * several API processes send it once; a month that jumps past both gets only the 100% one).
 * Their media keeps playing up to the grace; past it delivery answers 403 until the next month or
 * a bigger plan (entitlements.ts overBandwidthSql).
 */
export function bandwidthNotices(d: { orm: Orm; defaults: DefaultLimits }) {
  return async (month: string, userIds: string[]) => {
    const sql = sqlOf(d.orm.em.fork());
    const find = (percent: 80 | 100) => claimBandwidthNotices(sql, percent, `${month}-01`, userIds, d.defaults.bandwidthBytesPerMonth);
    for (const percent of [100, 80] as const) {
      for (const r of await find(percent)) {
        const limit = Number(r.limit_bytes);
        const grace = `They keep playing for another ${d.defaults.bandwidthGracePercent}% (${formatByteCount(Math.floor((limit * d.defaults.bandwidthGracePercent) / 100))}).`;
        await queueMail(sql, r.email, 'usage-threshold', { firstName: r.first_name, resource: 'bandwidth', percent, used: formatByteCount(Number(r.bytes)), limit: formatByteCount(limit), graceText: grace });
      }
    }
  };
}
