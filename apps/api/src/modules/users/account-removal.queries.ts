import type { Sql } from '../../db/sql.ts';

// The SQL of the daily account-removal job (jobs/account-removal.ts): canceled accounts' notices
// and data removal, never-confirmed accounts' reminders and removal. Each in the caller's `sql`.

/** When the 30 days start: the cancellation, or (never canceled) when an unpaid subscription stopped. Only for accounts not active. */
const CANCELED_SINCE = 'coalesce(canceled_at, subscription_ends_at)';

const UNCONFIRMED = 'not is_confirmed_email and not is_admin and stripe_subscription_id is null and paypal_subscription_id is null';
/** Never-confirmed accounts `accountDays` old, reminded at least `reminderDays` ago (the days are the job's constants, written into the text). */
const unconfirmedDue = (accountDays: number, reminderDays: number) => `${UNCONFIRMED} and created_at <= now() - make_interval(days => ${accountDays})
    and confirm_reminder_sent_at <= now() - make_interval(days => ${reminderDays})`;

/** A canceled account whose removal notice was just marked sent, with its owner's address. */
export interface RemovalNoticeRow {
  id: string;
  email: string;
  first_name: string;
  since: Date;
  unpaid: boolean;
}

export const accountRemovalQueries = {
  /** Accounts whose canceled subscription's paid period ran out. */
  runOutSubscriptions: (sql: Sql) => sql<{ id: string }[]>('select id from users where cancel_at_period_end and subscription_ends_at <= now()'),

  /**
   * Marks the removal notice sent on accounts canceled `days` ago that have none (one statement, so
   * two runs never mail twice); answers them with the address of their owner (`ownerIdOf`: the
   * owner id expression over `users.id`, teams' accountOwnerIdSql).
   */
  claimRemovalNotices: (sql: Sql, ownerIdOf: string, days: number) =>
    sql<RemovalNoticeRow[]>(
      `update users set removal_notice_sent_at = now() from users o where o.id = ${ownerIdOf} and users.id in (
         select id from users where not is_active and not is_admin and ${CANCELED_SINCE} is not null and data_removed_at is null and removal_notice_sent_at is null
           and ${CANCELED_SINCE} <= now() - make_interval(days => ?) for update skip locked)
       returning users.id, o.email, o.first_name, coalesce(users.canceled_at, users.subscription_ends_at) as since, users.canceled_at is null as unpaid`,
      [days],
    ),

  /** A notice not sent after all: marked back. */
  unmarkRemovalNotice: (sql: Sql, userId: string) => sql('update users set removal_notice_sent_at = null where id = ?', [userId]),

  /** Accounts canceled `removalDays` ago, noticed at least `noticeDays` ago, with their data still there. */
  removableAccounts: (sql: Sql, removalDays: number, noticeDays: number) =>
    sql<{ id: string }[]>(
      `select id from users where not is_active and not is_admin and ${CANCELED_SINCE} <= now() - make_interval(days => ?) and data_removed_at is null
         and removal_notice_sent_at <= now() - make_interval(days => ?)`,
      [removalDays, noticeDays],
    ),

  /** The account, locked, if it is still due for its data's removal. */
  lockRemovable: async (sql: Sql, userId: string, removalDays: number, noticeDays: number): Promise<{ id: string } | undefined> =>
    (
      await sql<{ id: string }[]>(
        `select id from users where id = ? and not is_active and ${CANCELED_SINCE} <= now() - make_interval(days => ?) and data_removed_at is null
           and removal_notice_sent_at <= now() - make_interval(days => ?) for update`,
        [userId, removalDays, noticeDays],
      )
    )[0],

  /** Deletes the account's videos; their ids. */
  deleteVideos: (sql: Sql, userId: string) => sql<{ id: string }[]>('delete from videos where user_id = ? returning id', [userId]),
  deleteFolders: (sql: Sql, userId: string) => sql('delete from folders where user_id = ?', [userId]),
  deleteReservations: (sql: Sql, userId: string) => sql('delete from storage_reservations where user_id = ?', [userId]),

  /** The users row stays, without avatar and player logo, marked as removed. */
  markDataRemoved: (sql: Sql, userId: string) => sql('update users set avatar = null, player_logo = null, data_removed_at = now(), updated_at = now() where id = ?', [userId]),

  /** Marks the reminder sent on never-confirmed accounts `days` old without one (one statement, so two runs never mail twice); answers them. */
  claimConfirmReminders: (sql: Sql, days: number) =>
    sql<{ id: string; email: string; created_at: Date }[]>(
      `update users set confirm_reminder_sent_at = now() where id in (
         select id from users where ${UNCONFIRMED} and confirm_reminder_sent_at is null
           and created_at <= now() - make_interval(days => ?) for update skip locked)
       returning id, email, created_at`,
      [days],
    ),

  /** A reminder not sent after all: marked back. */
  unmarkConfirmReminder: (sql: Sql, userId: string) => sql('update users set confirm_reminder_sent_at = null where id = ?', [userId]),

  /** Never-confirmed accounts due for removal. */
  unconfirmedDue: (sql: Sql, accountDays: number, reminderDays: number) => sql<{ id: string }[]>(`select id from users where ${unconfirmedDue(accountDays, reminderDays)}`),

  /** The account, locked, if it is still a never-confirmed one due for removal. */
  lockUnconfirmedDue: async (sql: Sql, userId: string, accountDays: number, reminderDays: number): Promise<{ id: string } | undefined> =>
    (await sql<{ id: string }[]>(`select id from users where id = ? and ${unconfirmedDue(accountDays, reminderDays)} for update`, [userId]))[0],

  /** Folders, tokens, identities and the rest go with the row (on delete cascade). */
  deleteUser: (sql: Sql, userId: string) => sql('delete from users where id = ?', [userId]),
};
