import type { Sql } from '../db/sql.ts';
import type { TemplateName } from './templates/index.ts';

// The SQL of the mail outbox: its rows (queued, claimed, sent, failed, pruned), its wake-up and the
// invoice number sequence.

/** A claimed outbox row, to send. */
export interface OutboxRow {
  id: string;
  to_email: string;
  template: TemplateName;
  data: unknown;
}

/** Records a mail to send (`data` as JSON). */
export const insertMail = (sql: Sql, id: string, to: string, template: TemplateName, data: string) =>
  sql('insert into mail_outbox (id, to_email, template, data) values (?, ?, ?, ?)', [id, to, template, data]);

/** Wakes the outbox's listeners (on commit). */
export const notifyOutbox = (sql: Sql, channel: string) => sql('select pg_notify(?, ?)', [channel, '']);

/** The next value of the one invoice/credit-note sequence. */
export async function nextInvoiceSequence(sql: Sql): Promise<string> {
  const [row] = await sql<{ n: string }[]>("select nextval('invoice_numbers') as n");
  return row.n;
}

/** Claims up to 20 unsent mails for `claimSeconds` (SKIP LOCKED: each is taken by one process), counting the attempt. */
export const claimMails = (sql: Sql, claimSeconds: number, maxAttempts: number) =>
  sql<OutboxRow[]>(
    `update mail_outbox set attempts = attempts + 1, claimed_until = now() + make_interval(secs => ?) where id in (
           select id from mail_outbox where sent_at is null and attempts < ? and (claimed_until is null or claimed_until < now())
           order by created_at limit 20 for update skip locked)
         returning id, to_email, template, data`,
    [claimSeconds, maxAttempts],
  );

export const markSent = (sql: Sql, id: string) => sql('update mail_outbox set sent_at = now(), last_error = null where id = ?', [id]);

/** Records a failed try; the mail is claimable again after a pause growing with the attempts. */
export const markFailed = (sql: Sql, id: string, error: string) =>
  sql("update mail_outbox set last_error = ?, claimed_until = now() + attempts * interval '1 minute' where id = ?", [error, id]);

/** Drops mails sent more than `keepDays` days ago. */
export const pruneSent = (sql: Sql, keepDays: number) => sql(`delete from mail_outbox where sent_at < now() - interval '${keepDays} days'`);
