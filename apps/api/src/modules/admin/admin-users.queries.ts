import type { AdminUserListQuery, AdminUserSortField, ColorScheme, PaymentMethodType, PlanName } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';
import type { LoginMethod } from '../users/user.entity.ts';

// The SQL of the admin's user management: the Admin user view's columns, the list's page, and the
// changes an admin makes to accounts (the callers lock the rows first).

// Timestamps as ISO 8601 text from the database (the driver would hand them over as local text).
const iso = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns of the Admin user view, read from users alone (usage sums are kept on the row). */
export const ADMIN_USER_COLUMNS = `u.id, u.email, u.platform, u.plan, u.video_count, u.storage_bytes::float8 as storage_bytes,
  u.bandwidth_bytes::float8 as bandwidth_bytes, ${iso('u.plan_started_at')} as plan_started_at, ${iso('u.canceled_at')} as canceled_at,
  ${iso('u.next_payment_at')} as next_payment_at, ${iso('u.last_login_at')} as last_login_at, ${iso('u.created_at')} as created_at,
  u.email_changed_at, u.is_active, u.ban, u.ban_reason, u.is_confirmed_email, u.payment_method, u.payment_ref, u.stripe_customer_id, u.stripe_subscription_id, u.paypal_subscription_id, u.features,
  u.video_generator_credits, u.first_name, u.last_name, u.avatar, u.color_scheme, u.show_logo_on_player, u.player_logo, u.promo_code, u.is_admin,
  (select json_build_object('id', v.id, 'name', v.name, 'date', ${iso('v.created_at')}) from videos v
    where v.user_id = u.id order by v.created_at desc, v.id desc limit 1) as last_video`;

export interface AdminUserRow {
  id: string;
  email: string;
  platform: LoginMethod;
  plan: PlanName | null;
  video_count: number;
  storage_bytes: number;
  bandwidth_bytes: number;
  plan_started_at: string | null;
  canceled_at: string | null;
  next_payment_at: string | null;
  last_login_at: string | null;
  created_at: string;
  email_changed_at: Date | string | null;
  is_active: boolean;
  ban: boolean;
  ban_reason: string | null;
  is_confirmed_email: boolean;
  payment_method: PaymentMethodType | null;
  payment_ref: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  paypal_subscription_id: string | null;
  features: Record<string, boolean>;
  video_generator_credits: number;
  first_name: string;
  last_name: string;
  avatar: string | null;
  color_scheme: ColorScheme;
  show_logo_on_player: boolean;
  player_logo: string | null;
  promo_code: string | null;
  is_admin: boolean;
  last_video: { id: string; name: string; date: string } | null;
}

// The sort fields as columns; each has an index of (column, id) over non-admin users
// (Migration20261203000001AdminAndAnalytics), plans ranked bronze < silver < gold.
const ORDER_COLUMNS: Record<AdminUserSortField, string> = {
  plan: "(case u.plan when 'bronze' then 1 when 'silver' then 2 when 'gold' then 3 end)",
  video_count: 'u.video_count',
  cancellation_date: 'u.canceled_at',
  created_at: 'u.created_at',
  storage: 'u.storage_bytes',
  bandwidth: 'u.bandwidth_bytes',
  next_payment_date: 'u.next_payment_at',
  last_login_date: 'u.last_login_at',
};

/**
 * One page of the admin user table in one statement, built like the video list: the page's ids
 * from the sort column's index, then those rows, with the total beside them. Subscribers only:
 * administrator accounts are not in the tables.
 */
export function adminUserListQuery(q: AdminUserListQuery): { text: string; params: unknown[] } {
  const where = ['not u.is_admin'];
  if (q.inactive) where.push('(not u.is_active or u.ban)');
  if (q.isActive !== undefined) where.push(q.isActive ? 'u.is_active' : 'not u.is_active');
  if (q.ban !== undefined) where.push(q.ban ? 'u.ban' : 'not u.ban');
  if (q['only-banned']) where.push('u.ban');
  // "Canceled" on the active list, where no account is canceled, is a subscription canceled and running to the end of its
  // paid period (partial index users_canceling_idx); elsewhere a canceled account (docs/decisions.md).
  if (q['only-canceled']) where.push(q.isActive === true ? 'u.cancel_at_period_end' : 'not u.is_active');
  // Without a search the filters name only is_admin, is_active, ban and cancel_at_period_end: the total is the sum of
  // the matching rows of user_status_counts (same conditions) instead of a count of every user.
  const statusOnly = where.join(' and ');
  const filter: unknown[] = [];
  if (q.search) {
    // "contains", any case, over "first last email"; the trigram index answers it.
    where.push("(u.first_name || ' ' || u.last_name || ' ' || u.email) ilike ? escape '\\'");
    filter.push(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  const w = where.join(' and ');
  const total = q.search ? `select count(*) from users u where ${w}` : `select coalesce(sum(u.n), 0) from user_status_counts u where ${statusOnly}`;
  const dir = q.direction === 'DESC' ? 'desc' : 'asc';
  const order = `${ORDER_COLUMNS[q.field]} ${dir}, u.id ${dir}`;
  return {
    text: `select ${ADMIN_USER_COLUMNS}, (${total}) as total_count from users u
      where u.id in (select u.id from users u where ${w} order by ${order} limit ? offset ?) order by ${order}`,
    params: [...filter, ...filter, q.limit, (q.page - 1) * q.limit],
  };
}

/** One user in the Admin user view, or undefined. */
export async function adminUserRow(sql: Sql, id: string): Promise<AdminUserRow | undefined> {
  const [row] = await sql<AdminUserRow[]>(`select ${ADMIN_USER_COLUMNS} from users u where u.id = ?`, [id]);
  return row;
}

/** The users of `ids` that exist and whether each is an admin, locked for the rest of the transaction unless `lock` is false. */
export const targetUsers = (sql: Sql, ids: string[], lock: boolean) =>
  sql<{ id: string; is_admin: boolean }[]>(`select id, is_admin from users where id in (?)${lock ? ' for update' : ''}`, [ids]);

/** Bans the users and ends their sessions (their refresh tokens are revoked). */
export async function banUsers(sql: Sql, ids: string[], banReason: string | null): Promise<void> {
  await sql('update users set ban = true, ban_reason = ?, updated_at = now() where id in (?)', [banReason, ids]);
  await sql('update refresh_tokens set revoked_at = now() where user_id in (?) and revoked_at is null', [ids]);
}

/** Unbans the users, clearing the reason. */
export const unbanUsers = (sql: Sql, ids: string[]) => sql('update users set ban = false, ban_reason = null, updated_at = now() where id in (?)', [ids]);

/** A new reason on those of the users who are banned. */
export const setBanReason = (sql: Sql, ids: string[], banReason: string | null) => sql('update users set ban_reason = ?, updated_at = now() where id in (?) and ban', [banReason, ids]);

/** Merges `features` into the users' feature flags. */
export const mergeFeatures = (sql: Sql, ids: string[], features: Record<string, boolean>) =>
  sql('update users set features = features || ?::jsonb, updated_at = now() where id in (?)', [JSON.stringify(features), ids]);

export const setGeneratorCredits = (sql: Sql, ids: string[], credits: number) => sql('update users set video_generator_credits = ?, updated_at = now() where id in (?)', [credits, ids]);

export const setFirstName = (sql: Sql, id: string, firstName: string) => sql('update users set first_name = ?, updated_at = now() where id = ?', [firstName, id]);

export const setLastName = (sql: Sql, id: string, lastName: string) => sql('update users set last_name = ?, updated_at = now() where id = ?', [lastName, id]);

export async function emailOf(sql: Sql, id: string): Promise<{ email: string }> {
  const [row] = await sql<{ email: string }[]>('select email from users where id = ?', [id]);
  return row;
}

/** How many other accounts have the address. */
export async function emailTakenCount(sql: Sql, email: string, exceptId: string): Promise<number> {
  const [taken] = await sql<{ n: number }[]>('select count(*)::int as n from users where email = ? and id <> ?', [email, exceptId]);
  return taken.n;
}

/** A new address, taken as confirmed (the admin vouches for it). */
export const setConfirmedEmail = (sql: Sql, id: string, email: string) =>
  sql('update users set email = ?, is_confirmed_email = true, email_changed_at = now(), updated_at = now() where id = ?', [email, id]);

export const videoIdsOfUsers = (sql: Sql, ids: string[]) => sql<{ id: string }[]>('select id from videos where user_id in (?)', [ids]);

/** Deletes the users (videos, folders, tokens and statistics go with them). */
export const deleteUsers = (sql: Sql, ids: string[]) => sql('delete from users where id in (?)', [ids]);

/** Whether the feature flag `name` is on for the user. */
export async function featureOn(sql: Sql, id: string, name: string): Promise<{ on: boolean }> {
  const [row] = await sql<{ on: boolean }[]>('select coalesce((features ->> ?)::boolean, false) as on from users where id = ?', [name, id]);
  return row;
}

/** Runs a list statement of adminUserListQuery. */
export const adminUserPage = <T>(sql: Sql, query: { text: string; params: unknown[] }) => sql<T[]>(query.text, query.params);
