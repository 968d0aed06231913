import { PAYMENT_MESSAGES } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import { type Discount, discounted, type HeldSubscription, type SubscriptionProvider } from './billing-provider.ts';
import { linkOf, type PaypalClient, PaypalError, toCents, type WebhookHeaders } from './paypal-client.ts';
import { completeCheckout, insertCheckout, insertPaypalProduct, lockBillingPlanRow, lockCheckout, lockPaypalProduct, paypalProductRows, paypalSaleRows, setBillingPlan } from './paypal.queries.ts';
import type { PlanRow } from './plans.ts';
import { findPlanRow } from './plans.queries.ts';
import { releasePromoUse, takePromoUse } from './promo-codes.ts';
import { addPeriod, statusOf } from './subscription-terms.ts';
import { loadSubscriptionRow, recordWebhookEvent, userIdByProviderId, withPaymentLock } from './subscriptions.queries.ts';
import type { Subscriptions } from './subscriptions.service.ts';

export const PAYPAL_MESSAGES = {
  notConfigured: 'PayPal payments are not configured on this server',
  notApproved: 'This PayPal order has not been approved yet: approve it at PayPal first',
  orderClosed: 'This PayPal order was canceled or has expired: start a new one',
  completed: 'This PayPal order is completed already',
  orderNotFound: 'Order not found',
  forged: 'The webhook could not be verified',
  higherPriceNeedsApproval: "PayPal needs the payer's approval to charge a higher price: cancel and subscribe to the plan you want, or pay by card",
  paypalUnavailable: 'PayPal did not answer; try again in a minute',
} as const;

/** Payments PayPal retries before it suspends the subscription (and we set the account inactive). */
const FAILURE_THRESHOLD = 3;

/** The fields we read of a webhook's resource: a sale (PAYMENT.SALE.*) or a subscription (BILLING.SUBSCRIPTION.*). */
interface EventResource {
  id?: string;
  billing_agreement_id?: string;
  amount?: { total: string };
  billing_info?: { failed_payments_count?: number };
}

/**
 * PayPal's side of the payments: a checkout is a PayPal subscription on the plan variant's
 * billing plan that the payer approves at PayPal (the first period charged at activation, a
 * promo code discounting that first period only); its capture activates it and starts our
 * subscription through the core. Renewals, failures and cancellations at PayPal come in by
 * webhook. It is also the SubscriptionProvider the payments service calls for a PayPal subscriber.
 */
export function createPaypalPayments(d: {
  orm: Orm;
  subscriptions: Subscriptions;
  client: PaypalClient | null;
  publicUrl: string;
  /** Ends a subscription the account still holds elsewhere (an unpaid one at Stripe), so nothing bills twice. */
  endLeftover: (userId: string) => Promise<{ provider: 'stripe' | 'paypal'; subscriptionId: string } | null>;
}) {
  const sqlNow = (): Sql => sqlOf(d.orm.em.fork());

  function client(): PaypalClient {
    if (!d.client) throw new HttpError(503, PAYPAL_MESSAGES.notConfigured);
    return d.client;
  }

  /** PayPal errors a caller can do nothing about become a 502 with a clear message (details logged by the error middleware only when unexpected). */
  async function atPaypal<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof PaypalError || (err instanceof Error && (err.name === 'TimeoutError' || err.message === 'fetch failed'))) {
        const e = new HttpError(502, PAYPAL_MESSAGES.paypalUnavailable);
        e.cause = err;
        throw e;
      }
      throw err;
    }
  }

  /**
   * The PayPal billing plan of a variant at its current price: made on first use and again after
   * an admin changes the price (PayPal plan prices are fixed once subscriptions use them). The
   * first cycle is a one-cycle TRIAL at the same price, so a promo code can override it alone.
   */
  async function billingPlan(plan: PlanRow): Promise<string> {
    const c = client();
    return d.orm.em.fork().transactional(async (em) => {
      const sql = sqlOf(em);
      const [row] = await lockBillingPlanRow(sql, plan.id);
      if (row?.paypal_plan_id && row.paypal_plan_cents === plan.priceCents) return row.paypal_plan_id;
      await lockPaypalProduct(sql);
      let [product] = await paypalProductRows(sql);
      if (!product) {
        product = { paypal_product_id: (await c.createProduct('Reelbase video hosting')).id };
        await insertPaypalProduct(sql, product.paypal_product_id);
      }
      const frequency = { interval_unit: plan.duration === '1y' ? ('YEAR' as const) : ('MONTH' as const), interval_count: 1 };
      const price = { fixed_price: { currency_code: 'USD', value: (plan.priceCents / 100).toFixed(2) } };
      const created = await c.createPlan({
        productId: product.paypal_product_id,
        name: `Reelbase ${plan.name} (${plan.duration === '1y' ? 'yearly' : 'monthly'})`,
        cycles: [
          { sequence: 1, tenure_type: 'TRIAL', total_cycles: 1, frequency, pricing_scheme: price },
          { sequence: 2, tenure_type: 'REGULAR', total_cycles: 0, frequency, pricing_scheme: price },
        ],
        failureThreshold: FAILURE_THRESHOLD,
      });
      await setBillingPlan(sql, plan.id, created.id, plan.priceCents);
      return created.id;
    });
  }

  /** The payment PayPal took at activation: the newest completed transaction of the subscription. */
  async function firstCapture(subscriptionId: string, since: Date) {
    const { transactions = [] } = await client().listTransactions(subscriptionId, new Date(since.getTime() - 60_000), new Date(Date.now() + 60_000));
    return transactions.filter((t) => t.status === 'COMPLETED').sort((a, b) => b.time.localeCompare(a.time))[0] ?? null;
  }

  const provider: SubscriptionProvider = {
    name: 'paypal',
    async upgrade() {
      // Revising to a dearer plan asks the payer again at PayPal and cannot charge a pro-rated difference.
      throw conflict(PAYPAL_MESSAGES.higherPriceNeedsApproval);
    },
    async scheduleDowngrade(s: HeldSubscription, to: PlanRow | null) {
      // A cheaper plan applies from PayPal's next cycle without the payer; undoing it is a revision back.
      const target = to ?? s.plan;
      const planId = await billingPlan(target);
      const revised = await atPaypal(() => client().reviseSubscription(s.subscriptionId, { planId, returnUrl: `${d.publicUrl}/settings`, cancelUrl: `${d.publicUrl}/settings` }));
      if (linkOf(revised, 'approve')) throw conflict(PAYPAL_MESSAGES.higherPriceNeedsApproval);
    },
    async cancel(s: HeldSubscription, _endsAt: Date, atPeriodEnd: boolean) {
      // Suspended, PayPal bills nothing more and our reactivation can resume it. After the 7-day
      // line one more renewal is due: the subscription is suspended when that renewal arrives.
      if (atPeriodEnd) await atPaypal(() => client().suspendSubscription(s.subscriptionId, 'Canceled by the subscriber'));
    },
    async reactivate(s: HeldSubscription) {
      const sub = await atPaypal(() => client().getSubscription(s.subscriptionId));
      if (sub.status === 'SUSPENDED') await atPaypal(() => client().activateSubscription(s.subscriptionId, 'Reactivated by the subscriber'));
    },
    async refund(s: HeldSubscription, first: { reference: string | null; amountCents: number }) {
      if (!first.reference) throw conflict(PAYMENT_MESSAGES.refundWindowOver);
      const refund = await atPaypal(() => client().refundCapture(first.reference as string, { requestId: `refund-${first.reference}` }));
      await atPaypal(() => client().cancelSubscription(s.subscriptionId, 'Refunded under the money-back guarantee')).catch(() => {});
      return { reference: refund.id, amountCents: refund.amount ? toCents(refund.amount) : first.amountCents };
    },
  };

  /** POST /api/payment: a PayPal checkout of the plan (promo applied to the first period); the payer approves it at `approveUrl`. */
  async function createOrder(userId: string, input: { paymentPlanId: string; promoCode?: string }): Promise<{ id: string; approveUrl: string }> {
    const r = await loadSubscriptionRow(sqlNow(), userId);
    if (!r) throw notFound();
    const status = statusOf(r);
    if (status === 'active' || status === 'canceling') throw conflict(PAYMENT_MESSAGES.alreadySubscribed);
    const plan = await findPlanRow(sqlNow(), input.paymentPlanId);
    if (!plan) throw new HttpError(422, 'Validation failed', { errors: { paymentPlanId: PAYMENT_MESSAGES.unknownPlan } });
    // The code is checked now and its use taken at capture, so an abandoned checkout uses nothing.
    let discount: Discount | null = null;
    if (input.promoCode) {
      const code = input.promoCode;
      discount = await d.orm.em.fork().transactional(async (em) => {
        const taken = await takePromoUse(sqlOf(em), code);
        await releasePromoUse(sqlOf(em), taken.code);
        return taken;
      });
    }
    const c = client();
    const amountCents = discounted(plan.priceCents, discount);
    const planId = await atPaypal(() => billingPlan(plan));
    const checkoutKey = crypto.randomUUID();
    const sub = await atPaypal(() =>
      c.createSubscription({
        planId,
        customId: userId,
        ...(discount && { firstCycleCents: amountCents }),
        returnUrl: `${d.publicUrl}/payment/paypal`,
        cancelUrl: `${d.publicUrl}/payment/paypal?canceled=1`,
        requestId: checkoutKey,
      }),
    );
    const approveUrl = linkOf(sub, 'approve');
    if (!approveUrl) throw new HttpError(502, PAYPAL_MESSAGES.paypalUnavailable);
    await insertCheckout(sqlNow(), sub.id, userId, plan.id, amountCents, discount?.code ?? null);
    return { id: sub.id, approveUrl };
  }

  /**
   * POST /api/payment/{id}/capture: after the payer's approval, activates the PayPal subscription
   * (PayPal takes the first payment) and starts ours. Only the caller's own checkout; once.
   */
  async function capture(userId: string, id: string) {
    // PayPal ids are letters, digits and dashes; anything else cannot be one of ours.
    if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw notFound(PAYPAL_MESSAGES.orderNotFound);
    return d.orm.em.fork().transactional(async (em) => {
      const sql = sqlOf(em);
      // Locked: two captures of one checkout at once activate and record it once.
      const [checkout] = await lockCheckout(sql, id, userId);
      if (!checkout) throw notFound(PAYPAL_MESSAGES.orderNotFound);
      if (checkout.completed_at) throw conflict(PAYPAL_MESSAGES.completed);
      const r = await loadSubscriptionRow(sql, userId, true);
      const status = r && statusOf(r);
      if (status === 'active' || status === 'canceling') throw conflict(PAYMENT_MESSAGES.alreadySubscribed);
      const c = client();
      let sub = await atPaypal(() => c.getSubscription(id));
      if (sub.status === 'APPROVAL_PENDING') throw conflict(PAYPAL_MESSAGES.notApproved);
      if (sub.status !== 'APPROVED' && sub.status !== 'ACTIVE') throw conflict(PAYPAL_MESSAGES.orderClosed);
      const discount = checkout.promo_code ? await takePromoUse(sql, checkout.promo_code) : null;
      const started = new Date();
      if (sub.status === 'APPROVED') await atPaypal(() => c.activateSubscription(id, 'Approved by the payer'));
      sub = await atPaypal(() => c.getSubscription(id));
      const payment = await atPaypal(() => firstCapture(id, started));
      if (sub.status !== 'ACTIVE' || !payment) throw new HttpError(402, 'PayPal could not take the first payment');
      // Paid at PayPal: a leftover subscription (unpaid at Stripe after failed renewals) ends now.
      // Should that fail, the capture rolls back and a retry finds the PayPal side already paid.
      const replaced = await d.endLeftover(userId);
      const plan = (await findPlanRow(sql, checkout.plan_id)) as PlanRow;
      const periodEnd = sub.billing_info?.next_billing_time ? new Date(sub.billing_info.next_billing_time) : addPeriod(started, plan.duration);
      await d.subscriptions.start(
        userId,
        plan.id,
        { provider: 'paypal', reference: payment.id, amountCents: toCents(payment.amount_with_breakdown.gross_amount), periodEnd, subscriptionId: id, promoCode: discount?.code ?? null, replaced },
        sql,
      );
      const payer = sub.subscriber;
      await d.subscriptions.methodChanged(userId, { type: 'paypal', reference: id, label: payer?.email_address ? `PayPal ${payer.email_address}` : 'PayPal' }, sql);
      await completeCheckout(sql, id);
      const name = [payer?.name?.given_name, payer?.name?.surname].filter(Boolean).join(' ') || payer?.email_address || 'PayPal';
      return { message: `Transaction completed by ${name}`, subscription: await d.subscriptions.view(userId, sql) };
    });
  }

  return {
    provider,

    /** POST /api/payment: a PayPal checkout of the plan; one payment call of an account at a time. */
    createOrder: (userId: string, input: { paymentPlanId: string; promoCode?: string }) => withPaymentLock(d.orm, userId, () => createOrder(userId, input)),

    /**
     * POST /api/payment/{id}/capture: after the payer's approval, activates the PayPal subscription
     * (PayPal takes the first payment), starts ours and makes PayPal the account's payment method.
     * Only the caller's own checkout; once; never beside another payment call of the account.
     */
    capture: (userId: string, id: string) => withPaymentLock(d.orm, userId, () => capture(userId, id)),

    /**
     * POST /api/payment/webhook/paypal: verified by PayPal itself (verify-webhook-signature with
     * PAYPAL_WEBHOOK_ID), then applied once: the event id is recorded with its effect.
     */
    async webhook(headers: Partial<WebhookHeaders>, rawBody: string): Promise<{ received: true; duplicate?: true }> {
      const { authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime } = headers;
      if (!authAlgo || !certUrl || !transmissionId || !transmissionSig || !transmissionTime) throw badRequest(PAYPAL_MESSAGES.forged);
      let event: { id?: string; event_type?: string; resource?: EventResource };
      try {
        event = JSON.parse(rawBody);
      } catch {
        throw badRequest(PAYPAL_MESSAGES.forged);
      }
      if (!event.id || !event.event_type) throw badRequest(PAYPAL_MESSAGES.forged);
      const c = client();
      const genuine = await atPaypal(() => c.verifyWebhook({ authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime }, rawBody));
      if (!genuine) throw badRequest(PAYPAL_MESSAGES.forged);
      const { id: eventId, event_type: type, resource = {} } = event;

      return d.subscriptions.transaction(async (sql) => {
        if (!(await recordWebhookEvent(sql, 'paypal', eventId))) return { received: true as const, duplicate: true as const };
        const subscriptionId: string | undefined = type === 'PAYMENT.SALE.COMPLETED' ? resource.billing_agreement_id : resource.id;
        const userId = subscriptionId ? await userIdByProviderId(sql, 'paypal_subscription_id', subscriptionId) : null;
        if (!userId || !subscriptionId) return { received: true as const };
        const r = await loadSubscriptionRow(sql, userId, true);
        if (!r) return { received: true as const };

        if (type === 'PAYMENT.SALE.COMPLETED') {
          // The first payment is recorded by the capture; only later ones are renewals.
          const saleId = resource.id ?? null;
        const [seen] = await paypalSaleRows(sql, userId, saleId);
          if (seen) return { received: true as const };
          const sub = await atPaypal(() => c.getSubscription(subscriptionId));
          const plan = r.pending_plan_id ?? r.payment_plan_id;
          const duration = plan ? (await findPlanRow(sql, plan))?.duration : undefined;
          const periodEnd = sub.billing_info?.next_billing_time
            ? new Date(sub.billing_info.next_billing_time)
            : addPeriod(r.next_payment_at ?? new Date(), duration ?? '1m');
          await d.subscriptions.renewed(userId, { provider: 'paypal', reference: saleId, amountCents: resource.amount ? toCents(resource.amount) : null, periodEnd }, sql);
          // Canceled after the 7-day line: this was the one more renewal; PayPal bills nothing after it.
          if (r.cancel_at_period_end) await atPaypal(() => c.suspendSubscription(subscriptionId, 'Canceled by the subscriber'));
        } else if (type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED') {
          await d.subscriptions.renewalFailed(userId, { provider: 'paypal', reference: null, amountCents: null, final: false }, sql);
        } else if (type === 'BILLING.SUBSCRIPTION.SUSPENDED') {
          // Our own suspension (a cancellation) bills nothing more and is expected; one after failed payments means PayPal's retries ended.
          if ((resource.billing_info?.failed_payments_count ?? 0) > 0) await d.subscriptions.renewalFailed(userId, { provider: 'paypal', reference: null, amountCents: null, final: true }, sql);
        } else if (type === 'BILLING.SUBSCRIPTION.CANCELLED' || type === 'BILLING.SUBSCRIPTION.EXPIRED') {
          // Canceled at PayPal by the payer: no renewal any more; the paid period runs out.
          if (r.is_active && !r.cancel_at_period_end && r.next_payment_at) await d.subscriptions.canceled(userId, { provider: 'paypal', endsAt: r.next_payment_at }, sql);
        }
        return { received: true as const };
      });
    },
  };
}
export type PaypalPayments = ReturnType<typeof createPaypalPayments>;
