import type { Sql } from '../../db/sql.ts';

// The SQL of usage: an account's bandwidth per month, and the 80% and 100% notices claimed on
// the month's row.

/** The account's bandwidth bytes per month ('YYYY-MM') from `firstDay` on. */
export const bandwidthMonthRows = (sql: Sql, userId: string, firstDay: string) =>
  sql<{ month: string; bytes: string }[]>(`select to_char(month, 'YYYY-MM') as month, bytes from user_bandwidth_months where user_id = ? and month >= ?::date`, [userId, firstDay]);

const LIMIT = 'coalesce(p.bandwidth_bytes_per_month, ?)';

/**
 * Marks the month's rows of `userIds` (not admins) that reached `percent` of their limit and were
 * not told yet (the 100% mark also sets the 80% one), answering the owners to mail: found and
 * marked in one statement, so several processes send each mail once.
 */
export const claimBandwidthNotices = (sql: Sql, percent: 80 | 100, firstDay: string, userIds: string[], defaultLimitBytes: number) =>
  sql<{ email: string; first_name: string; bytes: string; limit_bytes: string }[]>(
    `update user_bandwidth_months m set ${percent === 100 ? 'notified_at = now(), warned_at = coalesce(m.warned_at, now())' : 'warned_at = now()'}
         from users u left join payment_plans p on p.id = u.payment_plan_id
         where u.id = m.user_id and m.month = ?::date and m.user_id = any(?::uuid[]) and not u.is_admin
           and ${percent === 100 ? `m.notified_at is null and m.bytes >= ${LIMIT}` : `m.warned_at is null and m.bytes >= 0.8 * ${LIMIT}`}
         returning u.email, u.first_name, m.bytes, ${LIMIT} as limit_bytes`,
    [firstDay, `{${userIds.join(',')}}`, defaultLimitBytes, defaultLimitBytes],
  );
