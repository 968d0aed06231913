import { TERMS } from '@reelbase/api-client';
import type { Logger } from 'pino';
import type { Orm } from '../db/orm.ts';
import { type Sql, sqlOf } from '../db/sql.ts';
import { mailVerification } from '../modules/auth/mail-links.ts';
import type { Subscriptions } from '../modules/payments/subscriptions.service.ts';
import { writeHistory } from '../modules/payments/subscriptions.queries.ts';
import { announceServingChange } from '../modules/videos/serving-changes.ts';
import { videoKeys } from '../modules/videos/storage-layout.ts';
import type { Storage } from '../storage/storage.ts';
import type { Mails } from '../mail/render.ts';
import { purgeActivity } from '../modules/teams/activity.ts';
import { accountOwnerIdSql } from '../modules/teams/account-owner.ts';
import { accountRemovalQueries as q } from '../modules/users/account-removal.queries.ts';

/** Days before the removal that the notice is mailed (and at least this long before it). */
export const REMOVAL_NOTICE_DAYS = 3;

/** An account whose address was never confirmed goes this many days after it was made, so nobody can hold someone else's address. */
export const UNCONFIRMED_ACCOUNT_DAYS = 7;
/** Days before that removal that a reminder with a fresh verification link is mailed (and at least this long before it). */
export const UNCONFIRMED_REMINDER_DAYS = 2;

/**
 * The daily account-removal job:
 * 1. canceled subscriptions whose paid period ran out without the provider saying so (the sandbox,
 *    a lost webhook) end: the account is canceled;
 * 2. accounts canceled 27 days ago get a mail: their data goes in 3 days unless they subscribe again;
 * 3. accounts canceled 30 or more days ago, mailed at least 3 days ago, lose their data: videos with
 *    every file (GIFs go with their videos), folders, avatar and player logo. The users row stays,
 *    without data (sign-in, payment history and subscribing again still work).
 * 4. accounts whose address was never confirmed (no verification link opened, no reset, no provider
 *    vouching for it) get a fresh verification link 5 days after they were made, and go, rows and
 *    files, after 7 days and at least 2 days after that mail: admins and accounts with a
 *    subscription at a provider stay (those are ended by their own rules).
 * An account inactive because its renewals failed for good counts as canceled when its
 * subscription stopped being paid (`subscription_ends_at`): it stopped paying, so it is in effect canceled.
 */
export function accountRemovalJob(d: { orm: Orm; storage: Storage; mails: Mails; subscriptions: Subscriptions; publicUrl: string; log: Logger }) {
  const sqlNow = (): Sql => sqlOf(d.orm.em.fork());
  const removalDays = TERMS.removalAfterCancellationDays;

  async function endRunOutSubscriptions(): Promise<number> {
    const rows = await q.runOutSubscriptions(sqlNow());
    let n = 0;
    for (const r of rows) if (await d.subscriptions.ended(r.id, { provider: null, reference: null })) n++;
    return n;
  }

  async function sendNotices(): Promise<number> {
    // Marked first (one statement), so two runs at once never mail twice; a failed mail is marked back.
    // The notice goes to the team's owner (after a transfer, not the person who first paid).
    const rows = await q.claimRemovalNotices(sqlNow(), accountOwnerIdSql('users.id'), removalDays - REMOVAL_NOTICE_DAYS);
    for (const r of rows) {
      const removal = new Date(Math.max(new Date(r.since).getTime() + removalDays * 86_400_000, Date.now() + REMOVAL_NOTICE_DAYS * 86_400_000));
      try {
        await d.mails.send(r.email, 'removal-notice', { firstName: r.first_name, unpaid: r.unpaid, removalDays, removalOn: removal.toISOString() });
      } catch (err) {
        d.log.error({ err, userId: r.id }, 'removal notice not sent');
        await q.unmarkRemovalNotice(sqlNow(), r.id);
      }
    }
    return rows.length;
  }

  /** One account's data: the rows in one transaction (re-checked under its lock), then the files. */
  async function removeData(userId: string): Promise<boolean> {
    const prefixes = await d.orm.em.fork().transactional(async (em) => {
      const sql = sqlOf(em);
      const still = await q.lockRemovable(sql, userId, removalDays, REMOVAL_NOTICE_DAYS);
      if (!still) return null;
      const videos = await q.deleteVideos(sql, userId);
      await q.deleteFolders(sql, userId);
      await q.deleteReservations(sql, userId);
      await q.markDataRemoved(sql, userId);
      await writeHistory(sql, userId, { kind: 'data_removed', note: `${videos.length} videos` });
      if (videos.length) await announceServingChange(sql);
      return [...videos.map((v) => videoKeys.dir(v.id)), `images/${userId}`];
    });
    if (!prefixes) return false;
    // Files go after the commit, through storage, so a rollback never loses them.
    for (const prefix of prefixes) await d.storage.deletePrefix(prefix);
    return true;
  }

  /** The reminder before the removal, with a new verification link (marked first, so two runs never mail twice). */
  async function remindUnconfirmed(): Promise<number> {
    const rows = await q.claimConfirmReminders(sqlNow(), UNCONFIRMED_ACCOUNT_DAYS - UNCONFIRMED_REMINDER_DAYS);
    for (const r of rows) {
      const removal = new Date(Math.max(new Date(r.created_at).getTime() + UNCONFIRMED_ACCOUNT_DAYS * 86_400_000, Date.now() + UNCONFIRMED_REMINDER_DAYS * 86_400_000));
      const intro = `The email address of this Reelbase account was never confirmed. Unless it is, the account and everything in it is removed on ${removal.toISOString().slice(0, 10)}, and the address is free for anyone to register.`;
      try {
        await mailVerification(d.orm.em.fork(), d, r, intro);
      } catch (err) {
        d.log.error({ err, userId: r.id }, 'confirmation reminder not sent');
        await q.unmarkConfirmReminder(sqlNow(), r.id);
      }
    }
    return rows.length;
  }

  /** Removes never-confirmed accounts, each in its own transaction (re-checked under its lock), then their files. */
  async function removeUnconfirmed(): Promise<number> {
    const due = await q.unconfirmedDue(sqlNow(), UNCONFIRMED_ACCOUNT_DAYS, UNCONFIRMED_REMINDER_DAYS);
    let n = 0;
    for (const { id } of due) {
      const prefixes = await d.orm.em.fork().transactional(async (em) => {
        const sql = sqlOf(em);
        const still = await q.lockUnconfirmedDue(sql, id, UNCONFIRMED_ACCOUNT_DAYS, UNCONFIRMED_REMINDER_DAYS);
        if (!still) return null;
        const videos = await q.deleteVideos(sql, id);
        // Folders, tokens, identities and the rest go with the row (on delete cascade).
        await q.deleteUser(sql, id);
        if (videos.length) await announceServingChange(sql);
        return [...videos.map((v) => videoKeys.dir(v.id)), `images/${id}`];
      });
      if (!prefixes) continue;
      for (const prefix of prefixes) await d.storage.deletePrefix(prefix);
      n++;
    }
    return n;
  }

  return async function run(): Promise<{ ended: number; noticed: number; removed: number; reminded: number; unconfirmed: number }> {
    const ended = await endRunOutSubscriptions();
    const noticed = await sendNotices();
    const due = await q.removableAccounts(sqlNow(), removalDays, REMOVAL_NOTICE_DAYS);
    let removed = 0;
    for (const u of due) if (await removeData(u.id)) removed++;
    const reminded = await remindUnconfirmed();
    const unconfirmed = await removeUnconfirmed();
    // The teams' activity logs keep 90 days (TEAM_ACTIVITY_RETENTION_DAYS).
    const activityPurged = await purgeActivity(sqlNow());
    if (ended || noticed || removed || reminded || unconfirmed || activityPurged) d.log.info({ ended, noticed, removed, reminded, unconfirmed, activityPurged }, 'account removal pass');
    return { ended, noticed, removed, reminded, unconfirmed };
  };
}
export type AccountRemovalJob = ReturnType<typeof accountRemovalJob>;
