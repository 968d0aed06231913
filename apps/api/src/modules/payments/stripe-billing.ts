import type { CardInfo } from '@reelbase/api-client';
import { MESSAGES, PAYMENT_METHOD_LABEL } from '@reelbase/api-client';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import type { Orm } from '../../db/orm.ts';
import { badRequest, HttpError, unprocessable } from '../../http/errors.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import type { CardBilling, Discount, HeldSubscription, Paid } from './billing-provider.ts';
import type { ElementsCards } from './payment-provider.ts';
import type { PlanRow } from './plans.ts';
import { setStripePrice, stripePriceRows } from './stripe-billing.queries.ts';
import { loadSubscriptionRow, recordWebhookEvent, userIdByProviderId } from './subscriptions.queries.ts';
import type { Subscriptions } from './subscriptions.service.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string | undefined;
  /** https://api.stripe.com, or a local stand-in in tests: the SDK's host, port and protocol. */
  apiUrl: string;
}

/** A Stripe client pointed at `apiUrl`; the production code path is the same for the stand-in. */
export function stripeClient(s: Pick<StripeSettings, 'secretKey' | 'apiUrl'>): Stripe {
  const url = new URL(s.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(s.secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
    timeout: 30_000,
    telemetry: false,
  });
}

/**
 * Stripe's errors as answers: a refused card is the caller's (402, or 422 on `cardField` of the card form), the
 * rest a 502. Only Stripe's message goes on: never the request (which may hold the card).
 */
function asHttpError(err: unknown, cardField: string | null = null): Error {
  if (err instanceof Stripe.errors.StripeCardError) {
    return cardField ? unprocessable({ [cardField]: err.message }, MESSAGES.checkCard) : new HttpError(402, err.message, { code: err.code });
  }
  if (err instanceof HttpError) return err;
  const e = err as { type?: string; code?: string; message?: string };
  const out = new HttpError(502, 'The payment provider did not answer as expected. Try again later.');
  out.cause = { type: e.type, code: e.code, message: e.message };
  return out;
}

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
const fromUnix = (s: number) => new Date(s * 1000);
const intervalOf = (plan: PlanRow) => (plan.duration === '1m' ? 'month' : 'year');

/** The card billing through Stripe: customers and payment methods, subscriptions and their webhooks. */
export function stripeBilling(d: { orm: Orm; settings: StripeSettings; subscriptions: Subscriptions; log: Logger }) {
  const stripe = stripeClient(d.settings);
  const sqlNow = (): Sql => sqlOf(d.orm.em.fork());
  const call = async <T>(fn: () => Promise<T>, cardField: string | null = null): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      const out = asHttpError(err, cardField);
      // Stripe's type, code and message only: never the request, which may hold the card.
      if ((out as HttpError).status === 502) d.log.error({ stripe: out.cause }, 'stripe call failed');
      throw out;
    }
  };

  /** The Stripe price of a plan variant, made once per price (prices are immutable at Stripe). */
  async function priceOf(plan: PlanRow): Promise<string> {
    const sql = sqlNow();
    const [row] = await stripePriceRows(sql, plan.id);
    if (row?.stripe_price_id && row.stripe_price_cents === plan.priceCents) return row.stripe_price_id;
    const productId =
      row?.stripe_product_id ??
      (await stripe.products.create({ name: `Reelbase ${plan.name[0].toUpperCase()}${plan.name.slice(1)} (${plan.duration === '1m' ? 'monthly' : 'yearly'})`, metadata: { planId: plan.id } })).id;
    const price = await stripe.prices.create({ product: productId, currency: 'usd', unit_amount: plan.priceCents, recurring: { interval: intervalOf(plan) }, metadata: { planId: plan.id } });
    await setStripePrice(sql, plan.id, productId, price.id, plan.priceCents);
    return price.id;
  }

  /** The coupon of a promo code at Stripe (made on its first use): off the first invoice only. */
  async function couponOf(discount: Discount): Promise<string> {
    const id = `reelbase_${discount.code}`;
    try {
      return (await stripe.coupons.retrieve(id)).id;
    } catch (err) {
      if ((err as { code?: string }).code !== 'resource_missing') throw err;
    }
    const value = discount.percentOff ? { percent_off: discount.percentOff } : { amount_off: discount.amountOffCents ?? 0, currency: 'usd' };
    return (await stripe.coupons.create({ id, name: discount.code, duration: 'once', ...value })).id;
  }

  async function currentItem(subscriptionId: string) {
    const sub = await stripe.subscriptions.retrieve(subscriptionId);
    const item = sub.items.data[0];
    if (!item) throw new Error(`subscription ${subscriptionId} has no item`);
    return { sub, item };
  }

  const paidOf = (sub: Stripe.Subscription): Paid => {
    const invoice = sub.latest_invoice as Stripe.Invoice | null;
    return { reference: invoice?.id ?? null, amountCents: invoice?.amount_paid ?? 0, periodEnd: fromUnix(sub.items.data[0].current_period_end) };
  };

  /** A card PaymentMethod made the customer's default (the customer made with it when there is none yet); what we keep of it. */
  async function keepCard(pm: Stripe.PaymentMethod, customer: { email: string; stripeCustomerId: string | null }) {
    let customerId = customer.stripeCustomerId;
    if (!customerId) {
      customerId = (await stripe.customers.create({ email: customer.email, payment_method: pm.id, invoice_settings: { default_payment_method: pm.id } })).id;
    } else {
      if (pm.customer !== customerId) await stripe.paymentMethods.attach(pm.id, { customer: customerId });
      await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } });
    }
    const brand = pm.card?.brand ?? 'card';
    return { reference: pm.id, label: PAYMENT_METHOD_LABEL(brand, pm.card?.last4 ?? ''), stripeCustomerId: customerId };
  }

  const billing: CardBilling & ElementsCards & {
    registerCard(card: CardInfo, customer: { email: string; stripeCustomerId: string | null }): Promise<{ reference: string; label: string; stripeCustomerId: string }>;
    handleWebhook(payload: Buffer, signature: string): Promise<void>;
  } = {
    name: 'stripe',
    sandbox: false,

    /**
     * The card goes to Stripe once (a PaymentMethod) and is attached to the customer as its
     * default; we keep the ids and 'Brand •••• last4'. A declined card throws a 422 and leaves nothing.
     */
    async registerCard(card, customer) {
      return call(async () => {
        const pm = await stripe.paymentMethods.create({
          type: 'card',
          card: { number: card.cardNumber, cvc: card.cvc, exp_month: Number(card.expMonth), exp_year: 2000 + Number(card.expYear) },
          billing_details: { name: `${card.firstName} ${card.lastName}`, email: customer.email },
        });
        return keepCard(pm, customer);
      }, 'paymentMethod.cardInfo.cardNumber');
    },

    /**
     * A card Stripe.js made in the browser (Stripe Elements): we never see its number. It must be
     * a card PaymentMethod attached to nobody else; then it becomes the customer's default as above.
     */
    async attachCard(paymentMethodId, customer) {
      const field = 'paymentMethod.paymentMethodId';
      return call(async () => {
        const pm = await stripe.paymentMethods.retrieve(paymentMethodId).catch((err) => {
          throw (err as { code?: string }).code === 'resource_missing' ? unprocessable({ [field]: 'Enter a valid card' }, MESSAGES.checkCard) : err;
        });
        if (pm.type !== 'card' || (pm.customer && pm.customer !== customer.stripeCustomerId)) throw unprocessable({ [field]: 'Enter a valid card' }, MESSAGES.checkCard);
        return keepCard(pm, customer);
      }, field);
    },

    async subscribe(u, plan, discount) {
      if (!u.customerId) throw new HttpError(402, 'Add a payment method to continue.');
      const customer = u.customerId;
      return call(async () => {
        const price = await priceOf(plan);
        const sub = await stripe.subscriptions.create({
          customer,
          items: [{ price }],
          // Paid now or refused now: no subscription is left waiting for a payment.
          payment_behavior: 'error_if_incomplete',
          ...(discount && { discounts: [{ coupon: await couponOf(discount) }] }),
          metadata: { userId: u.userId, planId: plan.id },
          expand: ['latest_invoice'],
        });
        return { subscriptionId: sub.id, ...paidOf(sub) };
      });
    },

    async forgetCustomer(customerId) {
      await call(() => stripe.customers.del(customerId));
    },

    async upgrade(s, to) {
      return call(async () => {
        const { item } = await currentItem(s.subscriptionId);
        const sub = await stripe.subscriptions.update(s.subscriptionId, {
          items: [{ id: item.id, price: await priceOf(to) }],
          // The difference for the rest of the period is invoiced and charged now; a refusal changes nothing.
          proration_behavior: 'always_invoice',
          payment_behavior: 'error_if_incomplete',
          metadata: { planId: to.id },
          expand: ['latest_invoice'],
        });
        return paidOf(sub);
      });
    },

    /**
     * The new price from the next period on: no proration, and the rest of the paid period made a
     * trial, so a change of interval (yearly to monthly) does not bill at once either.
     */
    async scheduleDowngrade(s, to) {
      await call(async () => {
        const { item } = await currentItem(s.subscriptionId);
        await stripe.subscriptions.update(s.subscriptionId, {
          items: [{ id: item.id, price: await priceOf(to ?? s.plan) }],
          proration_behavior: 'none',
          ...(to && { trial_end: unix(s.nextPaymentAt) }),
          metadata: { planId: (to ?? s.plan).id },
        });
      });
    },

    async cancel(s, endsAt, atPeriodEnd) {
      await call(() =>
        stripe.subscriptions.update(s.subscriptionId, atPeriodEnd ? { cancel_at_period_end: true } : { cancel_at: unix(endsAt), proration_behavior: 'none' }),
      );
    },

    async reactivate(s) {
      await call(async () => {
        const sub = await stripe.subscriptions.retrieve(s.subscriptionId);
        await stripe.subscriptions.update(s.subscriptionId, sub.cancel_at_period_end ? { cancel_at_period_end: false } : { cancel_at: '' });
      });
    },

    async end(s) {
      await call(async () => {
        const sub = await stripe.subscriptions.retrieve(s.subscriptionId);
        // Stripe then stops collecting the subscription's open invoices: nothing is charged twice.
        if (sub.status !== 'canceled' && sub.status !== 'incomplete_expired') await stripe.subscriptions.cancel(s.subscriptionId);
      });
    },

    async refund(s: HeldSubscription, first) {
      return call(async () => {
        let refund: Stripe.Refund | null = null;
        if (first.reference && first.amountCents > 0) {
          const payments = await stripe.invoicePayments.list({ invoice: first.reference, limit: 1 });
          const pi = payments.data[0]?.payment.payment_intent;
          if (pi) refund = await stripe.refunds.create({ payment_intent: typeof pi === 'string' ? pi : pi.id, reason: 'requested_by_customer' });
        }
        await stripe.subscriptions.cancel(s.subscriptionId);
        return { reference: refund?.id ?? null, amountCents: refund?.amount ?? 0 };
      });
    },

    /**
     * POST /api/payment/webhook/stripe: the signature over the raw body is checked, and each
     * event applied once (its id recorded in the transaction of its effect).
     */
    async handleWebhook(payload, signature) {
      if (!d.settings.webhookSecret) throw badRequest('Stripe webhooks are not configured');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(payload, signature, d.settings.webhookSecret);
      } catch {
        throw badRequest('Invalid signature');
      }
      await d.subscriptions.transaction(async (sql) => {
        if (!(await recordWebhookEvent(sql, 'stripe', event.id))) return;
        await apply(sql, event);
      });
    },
  };

  const subscriptionIdOf = (invoice: Stripe.Invoice): string | null => {
    const sub = invoice.parent?.subscription_details?.subscription;
    return !sub ? null : typeof sub === 'string' ? sub : sub.id;
  };

  async function apply(sql: Sql, event: Stripe.Event) {
    const userOf = (subscriptionId: string | null) => (subscriptionId ? userIdByProviderId(sql, 'stripe_subscription_id', subscriptionId) : Promise.resolve(null));
    switch (event.type) {
      case 'invoice.paid': {
        const invoice = event.data.object;
        // The first payment and upgrades are recorded by the calls that made them.
        if (invoice.billing_reason !== 'subscription_cycle') return;
        const userId = await userOf(subscriptionIdOf(invoice));
        if (!userId) return;
        const periodEnd = Math.max(...invoice.lines.data.map((l) => l.period.end));
        await d.subscriptions.renewed(userId, { provider: 'stripe', reference: invoice.id ?? null, amountCents: invoice.amount_paid, periodEnd: fromUnix(periodEnd) }, sql);
        return;
      }
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const userId = await userOf(subscriptionIdOf(invoice));
        if (!userId) return;
        // Stripe retries; the account turns inactive when the subscription becomes unpaid or is canceled for it.
        await d.subscriptions.renewalFailed(userId, { provider: 'stripe', reference: invoice.id ?? null, amountCents: invoice.amount_due, final: false }, sql);
        return;
      }
      case 'customer.subscription.updated': {
        const sub = event.data.object;
        if (sub.status !== 'unpaid') return;
        const userId = await userOf(sub.id);
        if (userId) await d.subscriptions.renewalFailed(userId, { provider: 'stripe', reference: sub.id, amountCents: null, final: true }, sql);
        return;
      }
      case 'customer.subscription.deleted': {
        const sub = event.data.object;
        const userId = await userOf(sub.id);
        if (!userId) return;
        const row = await loadSubscriptionRow(sql, userId);
        if (sub.cancellation_details?.reason === 'payment_failed' && !row?.cancel_at_period_end) {
          await d.subscriptions.renewalFailed(userId, { provider: 'stripe', reference: sub.id, amountCents: null, final: true }, sql);
        } else {
          await d.subscriptions.ended(userId, { provider: 'stripe', reference: sub.id }, sql);
        }
        return;
      }
      default:
        d.log.debug({ type: event.type }, 'stripe event ignored');
    }
  }

  return billing;
}
export type StripeBilling = ReturnType<typeof stripeBilling>;
