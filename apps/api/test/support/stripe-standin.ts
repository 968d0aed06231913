import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { addInterval, brandOf, cardError, DECLINED_ON_ATTACH, DECLINED_ON_CHARGE, type Delivery, invalid, luhn, missing, now, type Obj, StripeError, stripeHandler } from './stripe-wire.ts';

/**
 * A local stand-in for the part of Stripe's REST API the billing uses: form-encoded requests,
 * Stripe-shaped JSON answers and errors, and webhook events signed like Stripe's
 * (Stripe-Signature: t=...,v1=HMAC-SHA256 of "t.body"). The production code talks to it through
 * the stripe SDK unchanged; only STRIPE_API_URL differs.
 *
 * Test cards (as at Stripe): 4000000000000002 is declined when attached; 4000000000000341
 * attaches but every charge fails; a number failing the Luhn check is `incorrect_number`.
 */

export const STANDIN_SECRET_KEY = 'sk_test_standin_0123456789';
export const STANDIN_WEBHOOK_SECRET = 'whsec_standin_0123456789';
/** What Stripe.js uses in the browser: it may only create PaymentMethods (Stripe Elements). */
export const STANDIN_PUBLISHABLE_KEY = 'pk_test_standin_0123456789';

export async function startStripeStandin(opts: { secretKey?: string; webhookSecret?: string } = {}) {
  const secretKey = opts.secretKey ?? STANDIN_SECRET_KEY;
  const webhookSecret = opts.webhookSecret ?? STANDIN_WEBHOOK_SECRET;
  let seq = 0;
  const id = (prefix: string) => `${prefix}_standin${(++seq).toString().padStart(6, '0')}${Math.random().toString(36).slice(2, 8)}`;

  const customers = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj>();
  /** What Stripe keeps and we never do: the numbers, here only to play the test cards' parts. */
  const cardNumbers = new Map<string, string>();
  const products = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const coupons = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const invoicePayments = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  /** Every request's method, path and parameters (tests check what reached Stripe). */
  const requests: { method: string; path: string; params: Obj }[] = [];
  const deliveries: Delivery[] = [];
  let webhookUrl: string | null = null;

  const list = (data: Obj[], url: string) => ({ object: 'list', data, has_more: false, url });
  const get = <T>(m: Map<string, T>, what: string, key: string): T => {
    const v = m.get(key);
    if (!v) throw missing(what, key);
    return v;
  };

  function attach(pmId: string, customerId: string) {
    const pm = get(paymentMethods, 'payment_method', pmId);
    get(customers, 'customer', customerId);
    if (pm.customer && pm.customer !== customerId) throw invalid('The payment method you provided has already been attached to a customer.', 'payment_method');
    if (cardNumbers.get(pmId) === DECLINED_ON_ATTACH) throw cardError('card_declined', 'Your card was declined.', 'generic_decline');
    pm.customer = customerId;
    return pm;
  }

  /** Charges the customer's default card: an invoice, paid (with its payment intent) or refused. */
  function invoice(sub: Obj, amount: number, billingReason: string, period: { start: number; end: number }, opts: { fail?: boolean } = {}): Obj {
    const customer = get(customers, 'customer', sub.customer);
    const pmId = customer.invoice_settings?.default_payment_method;
    const refused = opts.fail || (amount > 0 && (!pmId || cardNumbers.get(pmId) === DECLINED_ON_CHARGE));
    const inv: Obj = {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      billing_reason: billingReason,
      amount_due: amount,
      amount_paid: refused ? 0 : amount,
      currency: 'usd',
      status: refused ? 'open' : 'paid',
      attempt_count: 1,
      next_payment_attempt: null,
      created: now(),
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: { object: 'list', data: [{ id: id('il'), object: 'line_item', amount, period, pricing: { price_details: { price: sub.items.data[0].price.id } } }] },
      period_start: period.start,
      period_end: period.start,
    };
    invoices.set(inv.id, inv);
    if (!refused && amount > 0) {
      const pi = id('pi');
      const ip = { id: id('inpay'), object: 'invoice_payment', invoice: inv.id, amount_paid: amount, amount_requested: amount, currency: 'usd', is_default: true, status: 'paid', payment: { type: 'payment_intent', payment_intent: pi } };
      invoicePayments.set(ip.id, ip);
      inv.payment_intent_for_tests = pi;
    }
    return inv;
  }

  const expandInvoice = (sub: Obj, params: Obj) => {
    const expand: string[] = params.expand ?? [];
    return expand.includes('latest_invoice') && sub.latest_invoice ? { ...sub, latest_invoice: invoices.get(sub.latest_invoice) } : sub;
  };

  function couponAmount(sub: Obj, amount: number): number {
    const coupon = sub.discounts?.[0] && coupons.get(sub.discounts[0]);
    if (!coupon) return amount;
    return Math.max(0, coupon.percent_off ? Math.round(amount * (1 - coupon.percent_off / 100)) : amount - coupon.amount_off);
  }

  function createSubscription(p: Obj): Obj {
    const customer = get(customers, 'customer', p.customer);
    const price = get(prices, 'price', p.items?.[0]?.price);
    for (const d of p.discounts ?? []) get(coupons, 'coupon', d.coupon);
    const start = now();
    const sub: Obj = {
      id: id('sub'),
      object: 'subscription',
      customer: customer.id,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      trial_end: null,
      cancellation_details: { reason: null },
      discounts: (p.discounts ?? []).map((d: Obj) => d.coupon),
      metadata: p.metadata ?? {},
      items: { object: 'list', data: [{ id: id('si'), object: 'subscription_item', price, quantity: 1, current_period_start: start, current_period_end: addInterval(start, price.recurring.interval) }] },
      latest_invoice: null,
    };
    const item = sub.items.data[0];
    const inv = invoice(sub, couponAmount(sub, price.unit_amount), 'subscription_create', { start, end: item.current_period_end });
    if (inv.status !== 'paid') throw cardError('card_declined', 'Your card was declined.', 'generic_decline');
    sub.latest_invoice = inv.id;
    subscriptions.set(sub.id, sub);
    return sub;
  }

  function updateSubscription(sub: Obj, p: Obj): Obj {
    if (sub.status === 'canceled') throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    const item = sub.items.data[0];
    const next: Obj = structuredClone(sub);
    const nextItem = next.items.data[0];
    if (p.items?.[0]) {
      if (p.items[0].id !== item.id) throw invalid(`Invalid subscription item: ${p.items[0].id}`, 'items[0][id]');
      const price = get(prices, 'price', p.items[0].price);
      const old = item.price;
      nextItem.price = price;
      if (p.proration_behavior === 'always_invoice') {
        const t = now();
        const unused = Math.max(0, (item.current_period_end - t) / (item.current_period_end - item.current_period_start));
        let amount: number;
        if (price.recurring.interval === old.recurring.interval) {
          amount = Math.round((price.unit_amount - old.unit_amount) * unused);
        } else {
          // A new interval starts a new period now, less the unused part of the old one.
          amount = Math.max(0, price.unit_amount - Math.round(old.unit_amount * unused));
          nextItem.current_period_start = t;
          nextItem.current_period_end = addInterval(t, price.recurring.interval);
        }
        const inv = invoice(next, amount, 'subscription_update', { start: t, end: nextItem.current_period_end });
        if (inv.status !== 'paid' && p.payment_behavior === 'error_if_incomplete') throw cardError('card_declined', 'Your card was declined.', 'generic_decline');
        next.latest_invoice = inv.id;
      } else if (p.proration_behavior !== 'none' && price.recurring.interval !== old.recurring.interval && !p.trial_end) {
        throw invalid('Changing the interval bills at once: this stand-in expects proration_behavior=always_invoice or a trial_end.');
      }
    }
    if (p.trial_end !== undefined) {
      const end = p.trial_end === 'now' ? now() : Number(p.trial_end);
      if (end <= now()) throw invalid('Invalid timestamp: must be in the future', 'trial_end');
      next.trial_end = end;
      next.status = 'trialing';
      nextItem.current_period_end = end;
    }
    if (p.cancel_at_period_end !== undefined) {
      next.cancel_at_period_end = p.cancel_at_period_end === 'true';
      next.cancel_at = next.cancel_at_period_end ? nextItem.current_period_end : null;
    }
    if (p.cancel_at !== undefined) {
      next.cancel_at = p.cancel_at === '' ? null : Number(p.cancel_at);
      next.cancel_at_period_end = false;
    }
    if (p.metadata) next.metadata = { ...next.metadata, ...p.metadata };
    subscriptions.set(sub.id, next);
    return next;
  }

  async function route(method: string, path: string, p: Obj): Promise<Obj> {
    const seg = path.split('/').filter(Boolean).slice(1); // without "v1"
    const [res, rid, action] = seg;
    if (res === 'payment_methods' && method === 'POST' && !rid) {
      const number = String(p.card?.number ?? '');
      if (!/^\d{12,19}$/.test(number) || !luhn(number)) throw cardError('incorrect_number', 'Your card number is incorrect.');
      if (!p.card?.cvc) throw cardError('incorrect_cvc', "Your card's security code is incorrect.");
      const exp = { month: Number(p.card.exp_month), year: Number(p.card.exp_year) };
      if (exp.year < new Date().getUTCFullYear()) throw cardError('expired_card', 'Your card has expired.');
      const pm = {
        id: id('pm'),
        object: 'payment_method',
        type: 'card',
        customer: null,
        billing_details: p.billing_details ?? {},
        card: { brand: brandOf(number), last4: number.slice(-4), exp_month: exp.month, exp_year: exp.year, funding: 'credit' },
      };
      paymentMethods.set(pm.id, pm);
      cardNumbers.set(pm.id, number);
      return pm;
    }
    if (res === 'payment_methods' && method === 'GET' && rid) return get(paymentMethods, 'payment_method', rid);
    if (res === 'payment_methods' && action === 'attach') return attach(rid, p.customer);
    if (res === 'customers' && method === 'POST' && !rid) {
      const c: Obj = { id: id('cus'), object: 'customer', email: p.email ?? null, invoice_settings: { default_payment_method: null }, metadata: p.metadata ?? {} };
      if (p.payment_method) {
        // As at Stripe: a refused card creates no customer.
        customers.set(c.id, c);
        try {
          attach(p.payment_method, c.id);
        } catch (err) {
          customers.delete(c.id);
          throw err;
        }
      } else customers.set(c.id, c);
      c.invoice_settings.default_payment_method = p.invoice_settings?.default_payment_method ?? null;
      return c;
    }
    if (res === 'customers' && method === 'POST' && rid) {
      const c = get(customers, 'customer', rid);
      if (p.invoice_settings?.default_payment_method) {
        const pm = get(paymentMethods, 'payment_method', p.invoice_settings.default_payment_method);
        if (pm.customer !== c.id) throw invalid('The payment method is not attached to this customer', 'invoice_settings[default_payment_method]');
        c.invoice_settings.default_payment_method = pm.id;
      }
      return c;
    }
    if (res === 'customers' && method === 'GET') return get(customers, 'customer', rid);
    if (res === 'customers' && method === 'DELETE') {
      // As at Stripe: the customer goes, with its subscriptions.
      get(customers, 'customer', rid);
      customers.delete(rid);
      for (const [subId, sub] of subscriptions) if (sub.customer === rid) subscriptions.delete(subId);
      return { id: rid, object: 'customer', deleted: true };
    }
    if (res === 'products' && method === 'POST') {
      const pr = { id: id('prod'), object: 'product', name: p.name, metadata: p.metadata ?? {}, active: true };
      products.set(pr.id, pr);
      return pr;
    }
    if (res === 'prices' && method === 'POST') {
      get(products, 'product', p.product);
      const pr = {
        id: id('price'),
        object: 'price',
        product: p.product,
        currency: p.currency,
        unit_amount: Number(p.unit_amount),
        recurring: { interval: p.recurring?.interval, interval_count: 1 },
        metadata: p.metadata ?? {},
        active: true,
      };
      prices.set(pr.id, pr);
      return pr;
    }
    if (res === 'coupons' && method === 'GET') return get(coupons, 'coupon', rid);
    if (res === 'coupons' && method === 'POST') {
      const cid = p.id ?? id('co');
      if (coupons.has(cid)) throw new StripeError(400, { type: 'invalid_request_error', code: 'resource_already_exists', message: 'Coupon already exists.' });
      const c = {
        id: cid,
        object: 'coupon',
        name: p.name ?? null,
        duration: p.duration,
        percent_off: p.percent_off ? Number(p.percent_off) : null,
        amount_off: p.amount_off ? Number(p.amount_off) : null,
        currency: p.currency ?? null,
        valid: true,
      };
      coupons.set(cid, c);
      return c;
    }
    if (res === 'subscriptions' && method === 'POST' && !rid) return expandInvoice(createSubscription(p), p);
    if (res === 'subscriptions' && method === 'GET' && rid) return expandInvoice(get(subscriptions, 'subscription', rid), p);
    if (res === 'subscriptions' && method === 'POST' && rid) return expandInvoice(updateSubscription(get(subscriptions, 'subscription', rid), p), p);
    if (res === 'subscriptions' && method === 'DELETE' && rid) {
      const sub = get(subscriptions, 'subscription', rid);
      if (sub.status === 'canceled') throw invalid('This subscription is already canceled.');
      Object.assign(sub, { status: 'canceled', canceled_at: now(), cancellation_details: { reason: 'cancellation_requested' } });
      return sub;
    }
    if (res === 'invoice_payments' && method === 'GET') return list([...invoicePayments.values()].filter((ip) => ip.invoice === p.invoice), '/v1/invoice_payments');
    if (res === 'invoices' && method === 'GET' && rid) return get(invoices, 'invoice', rid);
    if (res === 'refunds' && method === 'POST') {
      const ip = [...invoicePayments.values()].find((x) => x.payment.payment_intent === p.payment_intent);
      if (!ip) throw missing('payment_intent', p.payment_intent);
      if ([...refunds.values()].some((r) => r.payment_intent === p.payment_intent)) {
        throw new StripeError(400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'This charge has already been refunded.' });
      }
      const r = { id: id('re'), object: 'refund', amount: p.amount ? Number(p.amount) : ip.amount_paid, currency: 'usd', payment_intent: p.payment_intent, status: 'succeeded', reason: p.reason ?? null };
      refunds.set(r.id, r);
      return r;
    }
    throw new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  const handle = stripeHandler({ secretKey, publishableKey: STANDIN_PUBLISHABLE_KEY, requestId: () => id('req'), requests, route });
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;

  /** Signs like Stripe: v1 = HMAC-SHA256(secret, `${t}.${body}`). */
  const sign = (body: string, t = now(), secret = webhookSecret) => `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;

  async function deliver(type: string, object: Obj, o: { eventId?: string; signature?: string } = {}): Promise<Delivery & { eventId: string; payload: string }> {
    if (!webhookUrl) throw new Error('the stand-in has no webhook URL');
    const eventId = o.eventId ?? id('evt');
    const payload = JSON.stringify({ id: eventId, object: 'event', api_version: '2026-10-28.endive', created: now(), livemode: false, pending_webhooks: 1, request: { id: null }, type, data: { object } });
    const r = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': o.signature ?? sign(payload) }, body: payload });
    const d = { type, status: r.status, body: await r.text() };
    deliveries.push(d);
    return { ...d, eventId, payload };
  }

  /** What Stripe.js does with the card typed into Stripe Elements: a PaymentMethod made with the publishable key; its id. */
  async function tokenise(card: { number: string; cvc?: string; expMonth?: number; expYear?: number }): Promise<{ status: number; id?: string; error?: Obj }> {
    const form = new URLSearchParams({ type: 'card', 'card[number]': card.number, 'card[cvc]': card.cvc ?? '123', 'card[exp_month]': String(card.expMonth ?? 12), 'card[exp_year]': String(card.expYear ?? 2034) });
    const r = await fetch(`http://127.0.0.1:${port}/v1/payment_methods`, { method: 'POST', headers: { authorization: `Bearer ${STANDIN_PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    const body = (await r.json()) as Obj;
    return { status: r.status, id: body.id, error: body.error };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    /** The API's settings that point it at this stand-in. */
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: `http://127.0.0.1:${port}` },
    secretKey,
    publishableKey: STANDIN_PUBLISHABLE_KEY,
    tokenise,
    webhookSecret,
    customers,
    paymentMethods,
    subscriptions,
    invoices,
    refunds,
    coupons,
    requests,
    deliveries,
    sign,
    deliver,
    /** Where events go (our /api/payment/webhook/stripe). */
    setWebhookUrl(u: string) {
      webhookUrl = u;
    },
    /** Resends a delivered event as it was (Stripe retries deliveries; the same id must change nothing). */
    async replay(e: { payload: string }) {
      const r = await fetch(webhookUrl as string, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': sign(e.payload) }, body: e.payload });
      return { status: r.status, body: await r.text() };
    },
    /** Moves a subscription's current period (time passing): it ends `daysLeft` days from now. */
    setPeriodEnd(subscriptionId: string, daysLeft: number) {
      const sub = get(subscriptions, 'subscription', subscriptionId);
      const item = sub.items.data[0];
      const end = now() + Math.round(daysLeft * 86400);
      item.current_period_start = addInterval(end, item.price.recurring.interval, -1);
      item.current_period_end = end;
      if (sub.cancel_at_period_end) sub.cancel_at = end;
      return new Date(end * 1000);
    },
    /**
     * The end of the current period as Stripe plays it: a subscription set to cancel ends
     * (customer.subscription.deleted); otherwise the next period is invoiced and charged
     * (invoice.paid), or the charge fails (invoice.payment_failed) and, once retries are over
     * (`final`), the subscription turns unpaid (customer.subscription.updated).
     */
    async endPeriod(subscriptionId: string, o: { fail?: 'retrying' | 'final' } = {}) {
      const sub = get(subscriptions, 'subscription', subscriptionId);
      const item = sub.items.data[0];
      const end = item.current_period_end;
      if (sub.cancel_at_period_end || (sub.cancel_at && sub.cancel_at <= end)) {
        Object.assign(sub, { status: 'canceled', canceled_at: end, ended_at: end, cancellation_details: { reason: 'cancellation_requested' } });
        return [await deliver('customer.subscription.deleted', sub)];
      }
      const period = { start: end, end: addInterval(end, item.price.recurring.interval) };
      const inv = invoice(sub, item.price.unit_amount, 'subscription_cycle', period, { fail: !!o.fail });
      item.current_period_start = period.start;
      item.current_period_end = period.end;
      sub.latest_invoice = inv.id;
      if (inv.status === 'paid') {
        Object.assign(sub, { status: 'active', trial_end: null });
        return [await deliver('invoice.paid', inv)];
      }
      inv.next_payment_attempt = o.fail === 'final' ? null : end + 3 * 86400;
      const out = [await deliver('invoice.payment_failed', inv)];
      sub.status = o.fail === 'final' ? 'unpaid' : 'past_due';
      if (o.fail === 'final') out.push(await deliver('customer.subscription.updated', sub));
      return out;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type { Delivery };
export type StripeStandin = Awaited<ReturnType<typeof startStripeStandin>>;
