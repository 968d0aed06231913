import { PAYMENT_MESSAGES, type PaymentHistoryEntry, TERMS } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { conflict, HttpError, unprocessable } from '../../http/errors.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import type { CardBilling, Discount, HeldSubscription, SubscriptionProvider } from './billing-provider.ts';
import type { PlanRow } from './plans.ts';
import { findPlanRow } from './plans.queries.ts';
import { releasePromoUse, takePromoUse } from './promo-codes.ts';
import { cancellationEnd, changeKind, type Provider, providerOf, type SubscriptionRow, statusOf } from './subscription-terms.ts';
import { firstPayment, historyRows, loadSubscriptionRow, userCancellationStands, withPaymentLock } from './subscriptions.queries.ts';
import type { Subscriptions } from './subscriptions.service.ts';

const DAY_MS = 86_400_000;
export const paymentRequired = (message: string) => new HttpError(402, message);

/** The reference at the provider's dashboard (admins follow it from the user detail and the history). */
export function referenceUrl(ref: string | null, provider: Provider | null = null): string | null {
  if (!ref || /^sandbox[_-]/i.test(ref)) return null;
  const stripe = 'https://dashboard.stripe.com';
  const paths: [RegExp, string][] = [
    [/^in_/, 'invoices'],
    [/^pi_/, 'payments'],
    [/^ch_/, 'payments'],
    [/^re_/, 'refunds'],
    [/^sub_/, 'subscriptions'],
    [/^cus_/, 'customers'],
    [/^pm_/, 'payment_methods'],
  ];
  for (const [re, path] of paths) if (re.test(ref)) return `${stripe}/${path}/${ref}`;
  if (provider === 'paypal') return `https://www.paypal.com/activity/payment/${encodeURIComponent(ref)}`;
  return null;
}

/**
 * The payment calls of a signed-in user: the rules (who may subscribe, upgrade or downgrade, the
 * 7-day line, the 60-day guarantee) around the provider holding the subscription and the
 * subscription core that records each change. PayPal plugs its provider into `providers.paypal`.
 */
export function createPaymentsService(d: { orm: Orm; subscriptions: Subscriptions; card: CardBilling; providers: Partial<Record<Provider, SubscriptionProvider>> }) {
  const sqlNow = (): Sql => sqlOf(d.orm.em.fork());
  const providers = (): Partial<Record<Provider, SubscriptionProvider>> => ({ stripe: d.card, ...d.providers });

  async function row(userId: string): Promise<SubscriptionRow> {
    const r = await loadSubscriptionRow(sqlNow(), userId);
    if (!r) throw new Error(`user ${userId} not found`);
    return r;
  }

  async function planOrFail(id: string): Promise<PlanRow> {
    const p = await findPlanRow(sqlNow(), id);
    if (!p) throw unprocessable({ paymentPlanId: PAYMENT_MESSAGES.unknownPlan });
    return p;
  }

  /** The subscription the row holds at a provider (whatever its status) and that provider, or null when it holds none. */
  async function atProvider(r: SubscriptionRow): Promise<{ s: HeldSubscription; provider: SubscriptionProvider } | null> {
    const name = providerOf(r);
    if (!name || !r.payment_plan_id || !r.next_payment_at) return null;
    const provider = providers()[name];
    if (!provider) throw conflict(PAYMENT_MESSAGES.providerUnavailable);
    const plan = await planOrFail(r.payment_plan_id);
    const subscriptionId = (name === 'stripe' ? r.stripe_subscription_id : r.paypal_subscription_id) as string;
    return { provider, s: { userId: r.id, email: r.email, customerId: r.stripe_customer_id, subscriptionId, plan, nextPaymentAt: r.next_payment_at } };
  }

  /** The running subscription (active or canceling) and its provider, or 409. */
  async function held(userId: string): Promise<{ r: SubscriptionRow; s: HeldSubscription; provider: SubscriptionProvider; status: 'active' | 'canceling' }> {
    const r = await row(userId);
    const status = statusOf(r);
    const at = status === 'active' || status === 'canceling' ? await atProvider(r) : null;
    if (!at || (status !== 'active' && status !== 'canceling')) throw conflict(PAYMENT_MESSAGES.notSubscribed);
    return { r, status, ...at };
  }

  /** Ends at once a subscription still held at its provider (unpaid, or running out after an admin's cancel); the subscription ended, or null. */
  async function endLeftover(r: SubscriptionRow): Promise<{ provider: Provider; subscriptionId: string } | null> {
    const at = await atProvider(r);
    if (!at) return null;
    await (at.provider.end ? at.provider.end(at.s) : at.provider.cancel(at.s, new Date(), false));
    return { provider: at.provider.name, subscriptionId: at.s.subscriptionId };
  }

  /** Subscribe with the saved card: the first payment now (with the promo code's discount), renewing automatically. */
  async function subscribe(userId: string, input: { paymentPlanId: string; promoCode?: string }) {
    const r = await row(userId);
    const status = statusOf(r);
    if (status === 'active' || status === 'canceling') throw conflict(PAYMENT_MESSAGES.alreadySubscribed);
    if (!r.payment_method) throw paymentRequired(PAYMENT_MESSAGES.noPaymentMethod);
    if (r.payment_method !== 'card' || (!d.card.sandbox && !r.stripe_customer_id)) throw paymentRequired(PAYMENT_MESSAGES.noCard);
    const plan = await planOrFail(input.paymentPlanId);
    const discount: Discount | null = input.promoCode ? await takePromoUse(sqlNow(), input.promoCode) : null;
    let paid: Awaited<ReturnType<CardBilling['subscribe']>>;
    let replaced: Awaited<ReturnType<typeof endLeftover>> = null;
    try {
      // An inactive (unpaid) or admin-canceled account may still hold a subscription at its provider: it ends first, so nothing bills twice.
      replaced = await endLeftover(r);
      paid = await d.card.subscribe({ userId, email: r.email, customerId: r.stripe_customer_id }, plan, discount);
    } catch (err) {
      if (discount) await releasePromoUse(sqlNow(), discount.code);
      throw err;
    }
    await d.subscriptions.start(userId, plan.id, { provider: 'stripe', ...paid, promoCode: discount?.code ?? null, replaced });
    return { message: PAYMENT_MESSAGES.subscribed, subscription: await d.subscriptions.view(userId) };
  }

  /** Upgrade now (pro-rated), downgrade at the period's end; the current plan undoes a pending downgrade. */
  async function changePlan(userId: string, input: { paymentPlanId: string }) {
    const { r, s, provider, status } = await held(userId);
    if (status === 'canceling') throw conflict(PAYMENT_MESSAGES.notSubscribed);
    const to = await planOrFail(input.paymentPlanId);
    const kind = changeKind(s.plan, to);
    let message: string;
    if (kind === 'same') {
      if (!r.pending_plan_id) throw unprocessable({ paymentPlanId: PAYMENT_MESSAGES.samePlan });
      await provider.scheduleDowngrade(s, null);
      await d.subscriptions.downgradeScheduled(userId, null, provider.name);
      message = PAYMENT_MESSAGES.downgradeUndone;
    } else if (kind === 'upgrade') {
      if (r.pending_plan_id) throw conflict(PAYMENT_MESSAGES.pendingDowngrade);
      const paid = await provider.upgrade(s, to);
      await d.subscriptions.upgraded(userId, to.id, { provider: provider.name, ...paid });
      message = PAYMENT_MESSAGES.upgraded;
    } else {
      await provider.scheduleDowngrade(s, to);
      await d.subscriptions.downgradeScheduled(userId, to.id, provider.name);
      message = PAYMENT_MESSAGES.downgradeScheduled;
    }
    return { message, subscription: await d.subscriptions.view(userId) };
  }

  /** Cancel: at the end of this period until 7 days before it, after that at the end of the next one. */
  async function cancel(userId: string) {
    const { s, provider, status } = await held(userId);
    if (status === 'canceling') throw conflict(PAYMENT_MESSAGES.notSubscribed);
    const { endsAt, oneMoreRenewal } = cancellationEnd(new Date(), s.nextPaymentAt, s.plan.duration);
    await provider.cancel(s, endsAt, !oneMoreRenewal);
    await d.subscriptions.canceled(userId, { provider: provider.name, endsAt });
    return { message: oneMoreRenewal ? PAYMENT_MESSAGES.canceledAfterNotice : PAYMENT_MESSAGES.canceled, subscription: await d.subscriptions.view(userId) };
  }

  async function reactivate(userId: string) {
    const { s, provider, status } = await held(userId);
    if (status !== 'canceling') throw conflict(PAYMENT_MESSAGES.notCanceling);
    await provider.reactivate(s);
    await d.subscriptions.reactivated(userId, provider.name);
    return { message: PAYMENT_MESSAGES.reactivated, subscription: await d.subscriptions.view(userId) };
  }

  /** The money-back guarantee: the first payment back within 60 days of it, and the account canceled at once. */
  async function refund(userId: string) {
    const { s, provider } = await held(userId);
    const first = await firstPayment(sqlNow(), userId);
    if (!first || Date.now() > first.at.getTime() + TERMS.moneyBackDays * DAY_MS || first.provider !== provider.name) throw conflict(PAYMENT_MESSAGES.refundWindowOver);
    const refund = await provider.refund(s, first);
    await d.subscriptions.refunded(userId, { provider: provider.name, ...refund });
    return { message: PAYMENT_MESSAGES.refunded, subscription: await d.subscriptions.view(userId) };
  }

  /**
   * Sign-up with a plan: the card registered a moment ago pays the first period now, and the
   * subscription is recorded in `tx`, the transaction creating the account, so a refused charge
   * (thrown here) leaves neither account nor subscription. The answer's `undo` gives the payment
   * back and ends the subscription at the provider, for when that transaction fails after the charge.
   */
  async function startAtSignUp(tx: Sql, u: { userId: string; email: string; customerId: string | null }, plan: PlanRow): Promise<{ undo: () => Promise<void> }> {
    const paid = await d.card.subscribe(u, plan, null);
    const held: HeldSubscription = { userId: u.userId, email: u.email, customerId: u.customerId, subscriptionId: paid.subscriptionId, plan, nextPaymentAt: paid.periodEnd };
    const undo = async () => {
      await d.card.refund(held, { reference: paid.reference, amountCents: paid.amountCents });
    };
    try {
      await d.subscriptions.start(u.userId, plan.id, { provider: 'stripe', ...paid }, tx);
    } catch (err) {
      await undo();
      throw err;
    }
    return { undo };
  }

  return {
    view: (userId: string) => d.subscriptions.view(userId),

    /** The plan variant with this id, or 422 on `paymentPlanId`. */
    plan: planOrFail,
    startAtSignUp,
    /** A sign-up that did not complete leaves no customer at the provider. */
    forgetCustomer: async (customerId: string) => {
      await d.card.forgetCustomer?.(customerId);
    },

    /** Before another provider starts a subscription: ends what the account still holds at its old one. */
    endLeftover: async (userId: string) => endLeftover(await row(userId)),

    // Each payment call of an account runs alone: parallel ones answer 409 (one subscription, one charge).
    subscribe: (userId: string, input: { paymentPlanId: string; promoCode?: string }) => withPaymentLock(d.orm, userId, () => subscribe(userId, input)),
    changePlan: (userId: string, input: { paymentPlanId: string }) => withPaymentLock(d.orm, userId, () => changePlan(userId, input)),
    cancel: (userId: string) => withPaymentLock(d.orm, userId, () => cancel(userId)),
    reactivate: (userId: string) => withPaymentLock(d.orm, userId, () => reactivate(userId)),
    refund: (userId: string) => withPaymentLock(d.orm, userId, () => refund(userId)),

    /**
     * An admin's cancel (isActive false) or reactivation (true) of accounts, in two steps so that a
     * bulk action is all or none: this does each provider's part now (an admin's cancel ends renewal
     * with the paid period; a reactivation resumes it while the provider still holds it) and answers
     * `apply`, which records the rows and their history in the admin's transaction, and `undo`,
     * which puts the providers back when that transaction fails. Ending a subscription cannot be
     * undone, so those calls come last.
     */
    async prepareAdminChange(userIds: string[], isActive: boolean, log: (err: unknown, userId: string) => void) {
      type Step = { userId: string; at: (() => Promise<void>) | null; undo: (() => Promise<void>) | null; record: (sql: Sql) => Promise<unknown> };
      const steps: Step[] = [];
      for (const userId of userIds) {
        const r = await row(userId);
        const status = statusOf(r);
        const held = await atProvider(r);
        const provider = held?.provider.name ?? null;
        if (!isActive) {
          if (held && (status === 'active' || status === 'canceling')) {
            // No renewal after the paid period, whatever the 7-day line (the account stops now anyway).
            const { s } = held;
            const later = status === 'canceling' && r.subscription_ends_at && r.subscription_ends_at > s.nextPaymentAt ? r.subscription_ends_at : null;
            const call = status === 'active' || later;
            steps.push({
              userId,
              at: call ? () => held.provider.cancel(s, s.nextPaymentAt, true) : null,
              undo: !call ? null : later ? () => held.provider.cancel(s, later, false) : () => held.provider.reactivate(s),
              record: (sql) => d.subscriptions.adminCanceled(userId, { provider, endsAt: s.nextPaymentAt }, sql),
            });
          } else {
            // An unpaid subscription (inactive) ends at once: a late payment must not revive a canceled account.
            steps.push({ userId, at: held && status === 'inactive' ? () => endLeftover(r).then(() => {}) : null, undo: null, record: (sql) => d.subscriptions.adminCanceled(userId, { provider, endsAt: null }, sql) });
          }
          continue;
        }
        if (r.is_active) continue;
        const running = held && r.cancel_at_period_end && r.subscription_ends_at && r.subscription_ends_at > new Date();
        if (held && running) {
          const { s } = held;
          const mode = (await userCancellationStands(sqlNow(), userId)) ? 'keepCanceling' : 'resume';
          steps.push({
            userId,
            at: mode === 'resume' ? () => held.provider.reactivate(s) : null,
            undo: mode === 'resume' ? () => held.provider.cancel(s, s.nextPaymentAt, true) : null,
            record: (sql) => d.subscriptions.adminReactivated(userId, { provider, mode }, sql),
          });
        } else {
          steps.push({ userId, at: held ? () => endLeftover(r).then(() => {}) : null, undo: null, record: (sql) => d.subscriptions.adminReactivated(userId, { provider, mode: 'withoutPlan' }, sql) });
        }
      }
      const ordered = [...steps.filter((x) => x.undo), ...steps.filter((x) => !x.undo)];
      const done: Step[] = [];
      const undo = async () => {
        for (const x of done.reverse()) await x.undo?.().catch((err) => log(err, x.userId));
      };
      try {
        for (const x of ordered) {
          await x.at?.();
          done.push(x);
        }
      } catch (err) {
        await undo();
        throw err;
      }
      return {
        apply: async (sql: Sql) => {
          for (const x of steps) await x.record(sql);
        },
        undo,
      };
    },

    async history(userId: string): Promise<{ items: PaymentHistoryEntry[] }> {
      const rows = await historyRows(sqlNow(), userId);
      return {
        items: rows.map((h) => ({
          id: h.id,
          kind: h.kind,
          planId: h.plan_id,
          amount: h.amount_cents === null ? null : h.amount_cents / 100,
          provider: h.provider,
          reference: h.reference,
          referenceUrl: referenceUrl(h.reference, h.provider),
          createdAt: new Date(h.created_at).toISOString(),
        })),
      };
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
