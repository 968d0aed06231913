import type { Logger } from 'pino';
import type { Orm } from '../../db/orm.ts';
import { formatBytes } from '../../imports/import-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DefaultLimits } from './entitlements.ts';

/**
 * After each bandwidth flush: owners whose month just reached their limit get one mail (marked on
 * their month's row in the same statement that finds them, so several API processes send it
 * once). Their media keeps playing up to the grace; past it delivery answers 403 until the next
 * month or a bigger plan (entitlements.ts overBandwidthSql).
 */
export function bandwidthNotices(d: { orm: Orm; mailer: Mailer; defaults: DefaultLimits; publicUrl: string; log: Logger }) {
  return async (month: string, userIds: string[]) => {
    const reached = await d.orm.em.getConnection().execute<{ email: string; first_name: string; bytes: string; limit_bytes: string }[]>(
      `update user_bandwidth_months m set notified_at = now()
       from users u left join payment_plans p on p.id = u.payment_plan_id
       where u.id = m.user_id and m.month = ?::date and m.user_id = any(?::uuid[]) and m.notified_at is null and not u.is_admin
         and m.bytes >= coalesce(p.bandwidth_bytes_per_month, ?)
       returning u.email, u.first_name, m.bytes, coalesce(p.bandwidth_bytes_per_month, ?) as limit_bytes`,
      [`${month}-01`, `{${userIds.join(',')}}`, d.defaults.bandwidthBytesPerMonth, d.defaults.bandwidthBytesPerMonth],
    );
    for (const r of reached) {
      const limit = Number(r.limit_bytes);
      const link = `${d.publicUrl}/settings`;
      await d.mailer
        .send({
          to: r.email,
          subject: 'Your videos used this month’s bandwidth',
          text:
            `Hello ${r.first_name},\n\nYour videos have been watched a lot: they used ${formatBytes(Number(r.bytes))} of your ${formatBytes(limit)} monthly bandwidth.\n\n` +
            `They keep playing for another ${d.defaults.bandwidthGracePercent}% (${formatBytes(Math.floor((limit * d.defaults.bandwidthGracePercent) / 100))}). ` +
            `After that, players show the videos as unavailable until the 1st of next month (UTC), unless you move to a bigger plan:\n${link}\n`,
          link,
        })
        .catch((err) => d.log.error({ err, to: r.email }, 'bandwidth notice could not be sent'));
    }
  };
}
