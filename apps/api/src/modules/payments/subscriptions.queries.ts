import { PAYMENT_MESSAGES } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import { conflict } from '../../http/errors.ts';
import type { AdminReactivation, Provider, SubscriptionRow } from './subscription-terms.ts';

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

// The users row's subscription columns, one write per change of state (in the change's transaction).

/** A first (or new) subscription: the plan paid until `nextPaymentAt`, the account active, removal and failure marks cleared. */
export const markStarted = (sql: Sql, userId: string, planId: string, planName: string, nextPaymentAt: Date, stripeSubscriptionId: string | null, paypalSubscriptionId: string | null, promoCode: string | null) =>
  sql(
    `update users set payment_plan_id = ?, plan = ?, pending_plan_id = null, cancel_at_period_end = false, canceled_at = null, subscription_ends_at = null,
             payment_failed_at = null, removal_notice_sent_at = null, data_removed_at = null, is_active = true, plan_started_at = now(), next_payment_at = ?,
             stripe_subscription_id = ?, paypal_subscription_id = ?, promo_code = coalesce(?, promo_code), updated_at = now() where id = ?`,
    [planId, planName, nextPaymentAt, stripeSubscriptionId, paypalSubscriptionId, promoCode, userId],
  );

/** A paid renewal: the plan (null: unchanged), the next payment, failures cleared, the end kept only while canceling. */
export const markRenewed = (sql: Sql, userId: string, planId: string | null, planName: string | null, nextPaymentAt: Date) =>
  sql(
    `update users set payment_plan_id = coalesce(?, payment_plan_id), plan = coalesce(?, plan), pending_plan_id = null, next_payment_at = ?,
             payment_failed_at = null, is_active = true, subscription_ends_at = case when cancel_at_period_end then subscription_ends_at end, updated_at = now() where id = ?`,
    [planId, planName, nextPaymentAt, userId],
  );

/** The provider's retries ended: inactive, the failure and the end of payment dated (first time only). */
export const markRenewalFailedFinally = (sql: Sql, userId: string) =>
  sql(
    'update users set is_active = false, payment_failed_at = coalesce(payment_failed_at, now()), subscription_ends_at = coalesce(subscription_ends_at, now()), updated_at = now() where id = ?',
    [userId],
  );

/** A renewal failed while the provider retries: the first failure dated. */
export const markRenewalFailed = (sql: Sql, userId: string) => sql('update users set payment_failed_at = coalesce(payment_failed_at, now()), updated_at = now() where id = ?', [userId]);

export const markUpgraded = (sql: Sql, userId: string, planId: string, planName: string, nextPaymentAt: Date) =>
  sql('update users set payment_plan_id = ?, plan = ?, pending_plan_id = null, next_payment_at = ?, updated_at = now() where id = ?', [planId, planName, nextPaymentAt, userId]);

/** The downgrade waiting for the period's end (null: none). */
export const setPendingPlan = (sql: Sql, userId: string, planId: string | null) => sql('update users set pending_plan_id = ?, updated_at = now() where id = ?', [planId, userId]);

export const markCanceled = (sql: Sql, userId: string, endsAt: Date) =>
  sql('update users set cancel_at_period_end = true, canceled_at = now(), subscription_ends_at = ?, pending_plan_id = null, updated_at = now() where id = ?', [endsAt, userId]);

export const markReactivated = (sql: Sql, userId: string) =>
  sql('update users set cancel_at_period_end = false, canceled_at = null, subscription_ends_at = null, updated_at = now() where id = ?', [userId]);

/** An admin's cancellation: inactive now; `endsAt` (null: unchanged) is when the provider stops renewing. */
export const markAdminCanceled = (sql: Sql, userId: string, endsAt: Date | null) =>
  sql(
    `update users set is_active = false, canceled_at = coalesce(canceled_at, now()), cancel_at_period_end = cancel_at_period_end or ?,
             subscription_ends_at = coalesce(?, subscription_ends_at), updated_at = now() where id = ?`,
    [endsAt !== null, endsAt, userId],
  );

/** An admin's reactivation: active again, the removal notice cleared, and per mode what else changes. */
export function markAdminReactivated(sql: Sql, userId: string, mode: AdminReactivation) {
  const set = {
    resume: 'cancel_at_period_end = false, canceled_at = null, subscription_ends_at = null',
    keepCanceling: 'canceled_at = canceled_at',
    withoutPlan: `cancel_at_period_end = false, canceled_at = null, subscription_ends_at = null, next_payment_at = null, payment_plan_id = null, plan = null,
             pending_plan_id = null, payment_failed_at = null, stripe_subscription_id = null, paypal_subscription_id = null`,
  }[mode];
  return sql(`update users set is_active = true, removal_notice_sent_at = null, ${set}, updated_at = now() where id = ?`, [userId]);
}

/** The paid period ended without a renewal: canceled (dated if not yet), nothing pending. */
export const markEnded = (sql: Sql, userId: string) =>
  sql(
    `update users set is_active = false, cancel_at_period_end = false, canceled_at = coalesce(canceled_at, now()), subscription_ends_at = coalesce(subscription_ends_at, now()),
             next_payment_at = null, pending_plan_id = null, updated_at = now() where id = ?`,
    [userId],
  );

/** Refunded: canceled and ended now. */
export const markRefunded = (sql: Sql, userId: string) =>
  sql(
    `update users set is_active = false, cancel_at_period_end = false, canceled_at = now(), subscription_ends_at = now(), next_payment_at = null,
             pending_plan_id = null, updated_at = now() where id = ?`,
    [userId],
  );

/** The payment method of the next payments (the Stripe customer kept when none is given). */
export const setPaymentMethod = (sql: Sql, userId: string, m: { type: 'card' | 'paypal'; reference: string; label: string | null; stripeCustomerId?: string | null }) =>
  sql('update users set payment_method = ?, payment_ref = ?, payment_method_label = ?, stripe_customer_id = coalesce(?, stripe_customer_id), updated_at = now() where id = ?', [
    m.type,
    m.reference,
    m.label,
    m.stripeCustomerId ?? null,
    userId,
  ]);

/** The account's payment history, newest first (the last 500). */
export const historyRows = (sql: Sql, userId: string) =>
  sql<{ id: string; kind: string; plan_id: string | null; amount_cents: number | null; provider: Provider | null; reference: string | null; created_at: Date }[]>(
    'select id, kind, plan_id, amount_cents, provider, reference, created_at from payment_history where user_id = ? order by created_at desc, id desc limit 500',
    [userId],
  );
