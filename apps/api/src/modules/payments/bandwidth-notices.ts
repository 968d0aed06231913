import { formatByteCount } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import type { DefaultLimits } from './entitlements.ts';
import { queueMail } from '../../mail/outbox.ts';
import { sqlOf } from '../../db/sql.ts';

const LIMIT = 'coalesce(p.bandwidth_bytes_per_month, ?)';

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
    const find = (percent: 80 | 100) =>
      sql<{ email: string; first_name: string; bytes: string; limit_bytes: string }[]>(
        `update user_bandwidth_months m set ${percent === 100 ? 'notified_at = now(), warned_at = coalesce(m.warned_at, now())' : 'warned_at = now()'}
         from users u left join payment_plans p on p.id = u.payment_plan_id
         where u.id = m.user_id and m.month = ?::date and m.user_id = any(?::uuid[]) and not u.is_admin
           and ${percent === 100 ? `m.notified_at is null and m.bytes >= ${LIMIT}` : `m.warned_at is null and m.bytes >= 0.8 * ${LIMIT}`}
         returning u.email, u.first_name, m.bytes, ${LIMIT} as limit_bytes`,
        [`${month}-01`, `{${userIds.join(',')}}`, d.defaults.bandwidthBytesPerMonth, d.defaults.bandwidthBytesPerMonth],
      );
    for (const percent of [100, 80] as const) {
      for (const r of await find(percent)) {
        const limit = Number(r.limit_bytes);
        const grace = `They keep playing for another ${d.defaults.bandwidthGracePercent}% (${formatByteCount(Math.floor((limit * d.defaults.bandwidthGracePercent) / 100))}).`;
        await queueMail(sql, r.email, 'usage-threshold', { firstName: r.first_name, resource: 'bandwidth', percent, used: formatByteCount(Number(r.bytes)), limit: formatByteCount(limit), graceText: grace });
      }
    }
  };
}
