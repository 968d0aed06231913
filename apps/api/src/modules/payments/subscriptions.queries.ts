import { PAYMENT_MESSAGES } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import { conflict } from '../../http/errors.ts';
import type { Provider, SubscriptionRow } from './subscription-terms.ts';

// The SQL of subscriptions: a users row's subscription columns, provider ids, webhook events and
// payment_history, and the per-account payment lock.

const COLUMNS = `id, email, is_active, payment_plan_id, pending_plan_id, cancel_at_period_end, stripe_customer_id, stripe_subscription_id, paypal_subscription_id,
  payment_failed_at, plan_started_at, next_payment_at, canceled_at, subscription_ends_at, payment_method, payment_ref, payment_method_label, promo_code`;

/** One users row's subscription columns (locked for the transaction with `lock`). */
export async function loadSubscriptionRow(sql: Sql, userId: string, lock = false): Promise<SubscriptionRow | null> {
  const [row] = await sql<SubscriptionRow[]>(`select ${COLUMNS} from users where id = ?${lock ? ' for update' : ''}`, [userId]);
  if (!row) return null;
  for (const k of ['payment_failed_at', 'plan_started_at', 'next_payment_at', 'canceled_at', 'subscription_ends_at'] as const) if (row[k]) row[k] = new Date(row[k]);
  return row;
}

/** The user holding this provider id, or null (an event about a subscription we no longer hold). */
export async function userIdByProviderId(sql: Sql, column: 'stripe_customer_id' | 'stripe_subscription_id' | 'paypal_subscription_id', value: string): Promise<string | null> {
  const [row] = await sql<{ id: string }[]>(`select id from users where ${column} = ?`, [value]);
  return row?.id ?? null;
}

/**
 * Records a provider's webhook event; false when it was recorded before. Call it in the
 * transaction of the event's effect, so an event is applied exactly once.
 */
export async function recordWebhookEvent(sql: Sql, provider: Provider, eventId: string): Promise<boolean> {
  const rows = await sql<unknown[]>('insert into payment_webhook_events (provider, event_id) values (?, ?) on conflict do nothing returning event_id', [provider, eventId]);
  return rows.length > 0;
}

export interface HistoryEntry {
  kind: string;
  planId?: string | null;
  amountCents?: number | null;
  provider?: Provider | null;
  reference?: string | null;
  note?: string | null;
}

export async function writeHistory(sql: Sql, userId: string, e: HistoryEntry): Promise<void> {
  await sql('insert into payment_history (id, user_id, kind, plan_id, amount_cents, provider, reference, note) values (?, ?, ?, ?, ?, ?, ?, ?)', [
    crypto.randomUUID(),
    userId,
    e.kind,
    e.planId ?? null,
    e.amountCents ?? null,
    e.provider ?? null,
    e.reference ?? null,
    e.note ?? null,
  ]);
}

/** The first payment of the account (the money-back guarantee's), unless it was refunded already. */
export async function firstPayment(sql: Sql, userId: string): Promise<{ at: Date; provider: Provider | null; reference: string | null; amountCents: number } | null> {
  const [row] = await sql<{ created_at: Date; provider: Provider | null; reference: string | null; amount_cents: number | null; refunded: boolean }[]>(
    `select created_at, provider, reference, amount_cents, exists (select 1 from payment_history r where r.user_id = h.user_id and r.kind = 'refunded') as refunded
     from payment_history h where user_id = ? and kind = 'subscribed' order by created_at asc limit 1`,
    [userId],
  );
  if (!row || row.refunded) return null;
  return { at: new Date(row.created_at), provider: row.provider, reference: row.reference, amountCents: row.amount_cents ?? 0 };
}

/** Whether the user's own cancellation is the latest word on the subscription (not undone, not followed by a new subscription). */
export async function userCancellationStands(sql: Sql, userId: string): Promise<boolean> {
  const [row] = await sql<{ kind: string }[]>(
    `select kind from payment_history where user_id = ? and kind in ('subscribed', 'canceled', 'reactivated') order by created_at desc, id desc limit 1`,
    [userId],
  );
  return row?.kind === 'canceled';
}

/**
 * Runs `fn` as the account's only payment change: a purchase, plan change, cancellation,
 * reactivation, refund or PayPal checkout. Parallel calls of one account (a double click, a
 * script) would each pass the status check and each charge; here the others answer 409 at once.
 * The lock is a transaction-scoped advisory lock held on its own connection while the provider
 * is called, so the users row itself stays free for the subscription core's own transaction.
 */
export async function withPaymentLock<T>(orm: Orm, userId: string, fn: () => Promise<T>): Promise<T> {
  return orm.em.fork().transactional(async (em) => {
    const [row] = await sqlOf(em)<{ ok: boolean }[]>(`select pg_try_advisory_xact_lock(hashtext('reelbase:payment'), hashtext(?)) as ok`, [userId]);
    if (!row?.ok) throw conflict(PAYMENT_MESSAGES.paymentInProgress);
    return fn();
  });
}
