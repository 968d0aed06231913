import type { Subscription } from '@reelbase/api-client';
import { TERMS } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import { paymentMails } from './payment-mails.ts';
import type { PlanRow } from './plans.ts';
import { findPlanRow } from './plans.queries.ts';
import { type AdminReactivation, cancelDeadlineOf, DAY_MS, type Provider, type ProviderCharge, type StartFacts, type SubscriptionRow, statusOf } from './subscription-terms.ts';
import {
  firstPayment,
  loadSubscriptionRow,
  markAdminCanceled,
  markAdminReactivated,
  markCanceled,
  markEnded,
  markReactivated,
  markRefunded,
  markRenewalFailed,
  markRenewalFailedFinally,
  markRenewed,
  markStarted,
  markUpgraded,
  setPaymentMethod,
  setPendingPlan,
  writeHistory,
} from './subscriptions.queries.ts';

/** A new payment method (card or PayPal) for the next payments. */
export interface PaymentMethodChange {
  type: 'card' | 'paypal';
  reference: string;
  label: string | null;
  stripeCustomerId?: string | null;
}

/**
 * What the subscription core offers the payment rules, the providers and the daily account
 * removal: the view, and one call per change of state. Each change runs in its own transaction,
 * or in the caller's `tx` (a webhook records its event id in the same one).
 */
export interface Subscriptions {
  /** Runs `fn` in one transaction (for a provider's webhook: its event id and the effect together). */
  transaction<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  view(userId: string, tx?: Sql): Promise<Subscription>;
  start(userId: string, planId: string, f: StartFacts, tx?: Sql): Promise<void>;
  renewed(userId: string, f: ProviderCharge & { periodEnd: Date }, tx?: Sql): Promise<void>;
  renewalFailed(userId: string, f: ProviderCharge & { final: boolean }, tx?: Sql): Promise<void>;
  upgraded(userId: string, planId: string, f: ProviderCharge & { periodEnd: Date }, tx?: Sql): Promise<void>;
  downgradeScheduled(userId: string, planId: string | null, provider: Provider, tx?: Sql): Promise<void>;
  canceled(userId: string, f: { provider: Provider | null; endsAt: Date }, tx?: Sql): Promise<void>;
  reactivated(userId: string, provider: Provider | null, tx?: Sql): Promise<void>;
  /** False when the account was canceled already. */
  adminCanceled(userId: string, f: { provider: Provider | null; endsAt: Date | null }, tx?: Sql): Promise<boolean>;
  /** False when the account was active. */
  adminReactivated(userId: string, f: { provider: Provider | null; mode: AdminReactivation }, tx?: Sql): Promise<boolean>;
  ended(userId: string, f: { provider: Provider | null; reference: string | null }, tx?: Sql): Promise<boolean>;
  refunded(userId: string, f: ProviderCharge, tx?: Sql): Promise<void>;
  methodChanged(userId: string, m: PaymentMethodChange, tx?: Sql): Promise<void>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The subscription core: every change of a subscription on OUR rows, whatever the provider.
 * Providers (Stripe, PayPal) do their part first and then call one of these; each change
 * locks the users row, writes a payment_history row and commits in one transaction. Pass `tx`
 * to run inside the caller's transaction (a webhook records its event id in the same one).
 */
export function createSubscriptions(d: { orm: Orm }): Subscriptions {
  const run = <T>(tx: Sql | undefined, fn: (sql: Sql) => Promise<T>): Promise<T> => (tx ? fn(tx) : d.orm.em.fork().transactional((em) => fn(sqlOf(em))));

  async function locked(sql: Sql, userId: string): Promise<SubscriptionRow> {
    const row = await loadSubscriptionRow(sql, userId, true);
    if (!row) throw new Error(`user ${userId} not found`);
    return row;
  }

  async function plan(sql: Sql, id: string): Promise<PlanRow> {
    const p = await findPlanRow(sql, id);
    if (!p) throw new Error(`plan ${id} not found`);
    return p;
  }

  return {
    /** Runs `fn` in one transaction (for a provider's webhook: its event id and the effect together). */
    transaction: <T>(fn: (sql: Sql) => Promise<T>) => run(undefined, fn),

    /** The subscription as GET /api/payment/subscription answers it. */
    async view(userId: string, tx?: Sql): Promise<Subscription> {
      return run(tx, async (sql) => {
        const r = await loadSubscriptionRow(sql, userId);
        if (!r) throw new Error(`user ${userId} not found`);
        const status = statusOf(r);
        const p = r.payment_plan_id ? await findPlanRow(sql, r.payment_plan_id) : null;
        const first = await firstPayment(sql, userId);
        const live = status === 'active' || status === 'canceling';
        // While canceling, a renewal still comes only when the cancellation was asked after the 7-day line.
        const renews = status === 'active' || (status === 'canceling' && !!r.next_payment_at && !!r.subscription_ends_at && r.next_payment_at < r.subscription_ends_at);
        return {
          status,
          plan: p ? { id: p.id, name: p.name, duration: p.duration, price: p.priceCents / 100 } : null,
          pendingPlanId: live ? r.pending_plan_id : null,
          paymentMethod: r.payment_method,
          paymentMethodLabel: r.payment_method_label ?? (r.payment_method === 'paypal' ? 'PayPal' : r.payment_method === 'card' ? 'Card' : null),
          startDate: iso(r.plan_started_at),
          nextPaymentDate: renews ? iso(r.next_payment_at) : null,
          cancellationDate: iso(r.canceled_at),
          cancelDeadline: status === 'active' && r.next_payment_at ? iso(cancelDeadlineOf(r.next_payment_at)) : null,
          refundableUntil: live && first ? iso(new Date(first.at.getTime() + TERMS.moneyBackDays * DAY_MS)) : null,
          promoCode: r.promo_code,
        };
      });
    },

    /** A first payment (or a new one after the account ended): the plan is paid until `periodEnd`. */
    async start(userId: string, planId: string, f: StartFacts, tx?: Sql): Promise<void> {
      await run(tx, async (sql) => {
        const r = await locked(sql, userId);
        const p = await plan(sql, planId);
        await markStarted(sql, userId, p.id, p.name, f.periodEnd, f.provider === 'stripe' ? f.subscriptionId : null, f.provider === 'paypal' ? f.subscriptionId : null, f.promoCode ?? null);
        if (f.replaced) await writeHistory(sql, userId, { kind: 'ended', planId: r.payment_plan_id, provider: f.replaced.provider, reference: f.replaced.subscriptionId, note: 'replaced by a new subscription' });
        await writeHistory(sql, userId, { kind: 'subscribed', planId: p.id, ...f, note: f.promoCode ? `promo ${f.promoCode}` : null });
        await paymentMails.receipt(sql, userId, { plan: p, description: 'New subscription', amountCents: f.amountCents, periodStart: new Date(), periodEnd: f.periodEnd, reference: f.reference });
      });
    },

    /** A renewal was paid: the next payment moves to `periodEnd`, a pending downgrade takes effect. */
    async renewed(userId: string, f: ProviderCharge & { periodEnd: Date }, tx?: Sql): Promise<void> {
      await run(tx, async (sql) => {
        const r = await locked(sql, userId);
        const planId = r.pending_plan_id ?? r.payment_plan_id;
        const p = planId ? await plan(sql, planId) : null;
        await markRenewed(sql, userId, p?.id ?? null, p?.name ?? null, f.periodEnd);
        await writeHistory(sql, userId, { kind: 'renewed', planId: p?.id, ...f, note: r.pending_plan_id ? `downgraded to ${r.pending_plan_id}` : null });
        if (p) await paymentMails.receipt(sql, userId, { plan: p, description: 'Renewal', amountCents: f.amountCents, periodStart: r.next_payment_at, periodEnd: f.periodEnd, reference: f.reference });
      });
    },

    /**
     * A renewal payment failed. While the provider retries (`final` false) the account stays
     * active; once its retries end the account becomes inactive (may sign in and fix its payment).
     */
    async renewalFailed(userId: string, f: ProviderCharge & { final: boolean }, tx?: Sql): Promise<void> {
      await run(tx, async (sql) => {
        const r = await locked(sql, userId);
        if (f.final) {
          if (!r.is_active) return;
          // subscription_ends_at: when it stopped being paid, the removal clock of an account that never canceled.
          await markRenewalFailedFinally(sql, userId);
          await writeHistory(sql, userId, { kind: 'inactive', planId: r.payment_plan_id, provider: f.provider, reference: f.reference, note: 'renewal failed after the retries' });
          await paymentMails.renewalFailed(sql, userId, r.payment_plan_id ? await findPlanRow(sql, r.payment_plan_id) : null, f.amountCents, true);
        } else {
          await markRenewalFailed(sql, userId);
          await writeHistory(sql, userId, { kind: 'renewal_failed', planId: r.payment_plan_id, ...f });
          // Once per failing renewal, not per retry of the provider.
          if (!r.payment_failed_at) await paymentMails.renewalFailed(sql, userId, r.payment_plan_id ? await findPlanRow(sql, r.payment_plan_id) : null, f.amountCents, false);
        }
      });
    },

    /** An upgrade paid now (pro-rated): the new plan applies at once; `periodEnd` is the next payment date. */
    async upgraded(userId: string, planId: string, f: ProviderCharge & { periodEnd: Date }, tx?: Sql): Promise<void> {
      await run(tx, async (sql) => {
        const r = await locked(sql, userId);
        const p = await plan(sql, planId);
        await markUpgraded(sql, userId, p.id, p.name, f.periodEnd);
        await writeHistory(sql, userId, { kind: 'upgraded', planId: p.id, ...f, note: `from ${r.payment_plan_id}` });
        const from = r.payment_plan_id ? await findPlanRow(sql, r.payment_plan_id) : null;
        const description = from ? `Upgrade from ${from.name === p.name ? 'monthly' : from.name} (pro-rated for the rest of the period)` : 'Upgrade';
        await paymentMails.receipt(sql, userId, { plan: p, description, amountCents: f.amountCents, periodStart: new Date(), periodEnd: f.periodEnd, reference: f.reference });
      });
    },

    /** A downgrade waits for the end of the paid period (applied by `renewed`); null undoes a pending one. */
    async downgradeScheduled(userId: string, planId: string | null, provider: Provider, tx?: Sql): Promise<void> {
      await run(tx, async (sql) => {
        const r = await locked(sql, userId);
        await setPendingPlan(sql, userId, planId);
        await writeHistory(sql, userId, {
          kind: planId ? 'downgrade_scheduled' : 'downgrade_undone',
          planId: planId ?? r.payment_plan_id,
          provider,
          note: planId ? `at ${iso(r.next_payment_at)}` : null,
        });
        const current = r.payment_plan_id ? await findPlanRow(sql, r.payment_plan_id) : null;
        const target = planId ? await findPlanRow(sql, planId) : current;
        if (current && target) await paymentMails.planChanged(sql, userId, current, target, r.next_payment_at, !planId);
      });
    },

    /** A cancellation: no renewal after `endsAt` (see cancellationEnd). */
    async canceled(userId: string, f: { provider: Provider | null; endsAt: Date }, tx?: Sql): Promise<void> {
      await run(tx, async (sql) => {
        const r = await locked(sql, userId);
        await markCanceled(sql, userId, f.endsAt);
        await writeHistory(sql, userId, { kind: 'canceled', planId: r.payment_plan_id, provider: f.provider, note: `ends at ${f.endsAt.toISOString()}` });
        await paymentMails.canceled(sql, userId, r.payment_plan_id ? await findPlanRow(sql, r.payment_plan_id) : null, f.endsAt, false);
      });
    },

    /** A cancellation undone before the subscription ran out. */
    async reactivated(userId: string, provider: Provider | null, tx?: Sql): Promise<void> {
      await run(tx, async (sql) => {
        const r = await locked(sql, userId);
        await markReactivated(sql, userId);
        await writeHistory(sql, userId, { kind: 'reactivated', planId: r.payment_plan_id, provider });
      });
    },

    /**
     * An admin canceled the account: it stops now (is_active false; the removal clock runs from the
     * first cancellation). `endsAt`: the provider renews no more after it (null: nothing changed there).
     * False when the account was canceled already.
     */
    async adminCanceled(userId: string, f: { provider: Provider | null; endsAt: Date | null }, tx?: Sql): Promise<boolean> {
      return run(tx, async (sql) => {
        const r = await locked(sql, userId);
        if (!r.is_active && r.canceled_at) return false;
        await markAdminCanceled(sql, userId, f.endsAt);
        await writeHistory(sql, userId, { kind: 'admin_canceled', planId: r.payment_plan_id, provider: f.provider, note: f.endsAt ? `renewal ends at ${f.endsAt.toISOString()}` : null });
        await paymentMails.canceled(sql, userId, r.payment_plan_id ? await findPlanRow(sql, r.payment_plan_id) : null, new Date(), true);
        return true;
      });
    },

    /**
     * An admin reactivated the account. `resume`: the running subscription renews again;
     * `keepCanceling`: the user's own cancellation stands (it runs to its end); `withoutPlan`:
     * nothing runs at the provider any more, so the account is back without a plan (the settings'
     * default limits) until the user subscribes again. False when the account was active.
     */
    async adminReactivated(userId: string, f: { provider: Provider | null; mode: AdminReactivation }, tx?: Sql): Promise<boolean> {
      return run(tx, async (sql) => {
        const r = await locked(sql, userId);
        if (r.is_active) return false;
        await markAdminReactivated(sql, userId, f.mode);
        const note = { resume: 'renewal resumed', keepCanceling: "the user's own cancellation stands", withoutPlan: 'without a plan' }[f.mode];
        await writeHistory(sql, userId, { kind: 'admin_reactivated', planId: f.mode === 'withoutPlan' ? null : r.payment_plan_id, provider: f.provider, note });
        return true;
      });
    },

    /**
     * The paid period ended without a renewal (the provider ended the subscription, or the
     * period-end pass found it ran out): the account is canceled; its data goes 30 days after the cancellation.
     */
    async ended(userId: string, f: { provider: Provider | null; reference: string | null }, tx?: Sql): Promise<boolean> {
      return run(tx, async (sql) => {
        const r = await locked(sql, userId);
        // An account an admin canceled is inactive already while its subscription runs out (cancel_at_period_end).
        if (!r.is_active && !r.cancel_at_period_end) return false;
        await markEnded(sql, userId);
        await writeHistory(sql, userId, { kind: 'ended', planId: r.payment_plan_id, ...f });
        return true;
      });
    },

    /** The money-back guarantee paid out: the first payment refunded and the account canceled at once. */
    async refunded(userId: string, f: ProviderCharge, tx?: Sql): Promise<void> {
      await run(tx, async (sql) => {
        const r = await locked(sql, userId);
        await markRefunded(sql, userId);
        await writeHistory(sql, userId, { kind: 'refunded', planId: r.payment_plan_id, ...f, amountCents: f.amountCents === null ? null : -Math.abs(f.amountCents) });
        await paymentMails.refund(sql, userId, { plan: r.payment_plan_id ? await findPlanRow(sql, r.payment_plan_id) : null, amountCents: f.amountCents, reference: f.reference });
      });
    },

    /** A new payment method (card or PayPal) for the next payments. */
    async methodChanged(userId: string, m: PaymentMethodChange, tx?: Sql): Promise<void> {
      await run(tx, async (sql) => {
        const before = await loadSubscriptionRow(sql, userId, true);
        await setPaymentMethod(sql, userId, m);
        // The first method (at sign-up) is no change; a new one is told, in case it was not the owner.
        if (before?.payment_method && before.payment_ref !== m.reference) await paymentMails.methodChanged(sql, userId, m);
      });
    },
  };
}
