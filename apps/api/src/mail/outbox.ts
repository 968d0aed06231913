import type { Logger } from 'pino';
import { listenChannel } from '../db/listen.ts';
import { onePassAtATime } from '../db/one-pass.ts';
import type { Orm } from '../db/orm.ts';
import { type Sql, sqlOf } from '../db/sql.ts';
import { claimMails, insertMail, markFailed, markSent, nextInvoiceSequence, notifyOutbox, pruneSent } from './outbox.queries.ts';
import type { Mails } from './render.ts';
import type { TemplateData, TemplateName } from './templates/index.ts';

const CHANNEL = 'reelbase_mail';
/** A claimed mail not sent in this long (its process died) is taken again. */
const CLAIM_SECONDS = 120;
const MAX_ATTEMPTS = 5;
/** Leftovers (failed tries, missed wake-ups) are looked for this often. */
const SWEEP_MS = 60_000;
const KEEP_SENT_DAYS = 30;

/**
 * Records a mail in the transaction of the change it tells about. Nothing is sent from inside the
 * transaction: the NOTIFY reaches the outbox's listeners on commit (never on a rollback), and they
 * send it. Rows hold no one-time links: mails that carry a secret are sent directly (auth).
 */
export async function queueMail<N extends TemplateName>(sql: Sql, to: string, template: N, data: TemplateData<N>): Promise<void> {
  await insertMail(sql, crypto.randomUUID(), to, template, JSON.stringify(data));
  await notifyOutbox(sql, CHANNEL);
}

/** The next invoice (or credit note) number: INV-000001, CN-000002 (one sequence, so numbers never repeat). */
export async function nextInvoiceNumber(sql: Sql, kind: 'invoice' | 'credit-note'): Promise<string> {
  const n = await nextInvoiceSequence(sql);
  return `${kind === 'invoice' ? 'INV' : 'CN'}-${String(n).padStart(6, '0')}`;
}

/**
 * Sends what the outbox holds: woken by the NOTIFY of each commit, and every minute for retries.
 * Rows are claimed with SKIP LOCKED, so any number of API processes each send a mail once; a mail
 * that fails is tried again later, up to 5 times.
 */
export async function startMailOutbox(d: { orm: Orm; databaseUrl: string; mails: Mails; log: Logger }) {
  async function drain() {
    for (;;) {
      const rows = await claimMails(sqlOf(d.orm.em.fork()), CLAIM_SECONDS, MAX_ATTEMPTS);
      if (!rows.length) return;
      for (const r of rows) {
        const sql = sqlOf(d.orm.em.fork());
        try {
          const data = typeof r.data === 'string' ? JSON.parse(r.data) : r.data;
          await d.mails.send(r.to_email, r.template, data as never);
          await markSent(sql, r.id);
        } catch (err) {
          d.log.error({ err, template: r.template, id: r.id }, 'mail could not be sent; it is tried again later');
          // Retried after a pause growing with the attempts.
          await markFailed(sql, r.id, String(err)).catch(() => {});
        }
      }
    }
  }

  /** Sends now (one pass at a time; a wake-up during a pass runs one more). */
  const flush = onePassAtATime(drain, (err) => d.log.error({ err }, 'mail outbox pass failed'));

  const listener = await listenChannel(d.databaseUrl, d.log, CHANNEL, () => void flush());
  // Sent mails are kept a while (what was mailed, when), then dropped.
  const prune = () => pruneSent(sqlOf(d.orm.em.fork()), KEEP_SENT_DAYS).catch((err) => d.log.warn({ err }, 'mail outbox prune failed'));
  const sweep = setInterval(() => void flush().then(prune), SWEEP_MS);
  sweep.unref();
  void flush();
  return {
    flush,
    async close() {
      clearInterval(sweep);
      await listener.close();
      await flush.settled();
    },
  };
}
