import { MESSAGES, PAYMENT_MESSAGES } from '@reelbase/api-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CARD,
  history,
  periodEndsIn,
  registerWithCard,
  sql,
  startWithStripe,
  subscribed,
  subscription,
  userRow,
} from './support/payments.ts';
import type { StripeStandin } from './support/stripe-standin.ts';
import type { TestServer } from './support/test-server.ts';

let s: TestServer;
let stripe: StripeStandin;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ s, stripe, stop } = await startWithStripe());
});
afterAll(() => stop());

const DAY = 86_400_000;
const near = (a: string | Date, b: string | Date, ms = 5_000) => Math.abs(new Date(a).getTime() - new Date(b).getTime()) < ms;

describe('registration with a card', () => {
  test('the card becomes a customer and a payment method at Stripe; we keep only ids and the label', async () => {
    const u = await registerWithCard(s);
    const row = await userRow(s, u.id);
    const customer = stripe.customers.get(row.stripe_customer_id);
    expect(customer).toMatchObject({ email: u.email, invoice_settings: { default_payment_method: row.payment_ref } });
    expect(stripe.paymentMethods.get(row.payment_ref)).toMatchObject({ customer: customer?.id, card: { brand: 'visa', last4: '4242' } });
    expect(row).toMatchObject({ payment_method: 'card', payment_method_label: 'Visa •••• 4242' });
    // Nothing card-like in our rows: not the number, not the CVC.
    const [{ text }] = await sql(s, `select row_to_json(u)::text as text from users u where id = ?`, [u.id]);
    expect(text).not.toContain(CARD.cardNumber);
    expect(text).not.toMatch(/cvc|"987"/i);
    expect((await subscription(s, u)).paymentMethodLabel).toBe('Visa •••• 4242');
  });

  test('a declined card answers 422 "Check the card." and leaves no account and no customer', async () => {
    const customersBefore = stripe.customers.size;
    const email = `d${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await s.api('POST', '/api/users', {
      body: { firstName: 'Ada', lastName: 'L', email, password: 'secret123', paymentMethod: { type: 'card', cardInfo: { ...CARD, cardNumber: '4000000000000002' } } },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: MESSAGES.checkCard, errors: { 'paymentMethod.cardInfo.cardNumber': 'Your card was declined.' } });
    expect(await sql(s, 'select id from users where email = ?', [email])).toEqual([]);
    expect(stripe.customers.size).toBe(customersBefore);
  });

  test('changing the card on the profile attaches the new one to the same customer as its default', async () => {
    const u = await registerWithCard(s);
    const before = await userRow(s, u.id);
    const res = await s.api('PUT', '/api/profile', { token: u.token, body: { paymentMethod: { type: 'card', cardInfo: { ...CARD, cardNumber: '5555555555554444' } } } });
    expect(res.status).toBe(200);
    const after = await userRow(s, u.id);
    expect(after.stripe_customer_id).toBe(before.stripe_customer_id);
    expect(after.payment_ref).not.toBe(before.payment_ref);
    expect(after.payment_method_label).toBe('Mastercard •••• 4444');
    expect(stripe.customers.get(after.stripe_customer_id)?.invoice_settings.default_payment_method).toBe(after.payment_ref);
  });
});

describe('subscribing', () => {
  test.each(['bronze-1m', 'bronze-1y', 'silver-1m', 'silver-1y', 'gold-1m', 'gold-1y'])('%s: paid now, renewing at the end of the period', async (planId) => {
    const u = await registerWithCard(s);
    const [{ price_cents }] = await sql(s, 'select price_cents from payment_plans where id = ?', [planId]);
    const sub = await subscribed(s, u, planId);
    expect(sub).toMatchObject({ status: 'active', plan: { id: planId, price: price_cents / 100 }, pendingPlanId: null, cancellationDate: null });
    const row = await userRow(s, u.id);
    const atStripe = stripe.subscriptions.get(row.stripe_subscription_id);
    expect(atStripe?.items.data[0].price.unit_amount).toBe(price_cents);
    expect(atStripe?.customer).toBe(row.stripe_customer_id);
    expect(near(sub.nextPaymentDate, new Date(atStripe?.items.data[0].current_period_end * 1000))).toBe(true);
    const expected = new Date();
    if (planId.endsWith('1m')) expected.setUTCMonth(expected.getUTCMonth() + 1);
    else expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    expect(near(sub.nextPaymentDate, expected, 60_000)).toBe(true);
    expect(near(sub.cancelDeadline, new Date(new Date(sub.nextPaymentDate).getTime() - 7 * DAY))).toBe(true);
    expect(near(sub.refundableUntil, new Date(Date.now() + 60 * DAY), 60_000)).toBe(true);
    expect(row).toMatchObject({ plan: planId.split('-')[0], payment_plan_id: planId, is_active: true });
    const [entry] = await history(s, u);
    expect(entry).toMatchObject({ kind: 'subscribed', planId, amount: price_cents / 100, provider: 'stripe' });
    expect(entry.referenceUrl).toBe(`https://dashboard.stripe.com/invoices/${entry.reference}`);
  });

  test('a card refused at the charge answers 402 and starts nothing', async () => {
    const u = await registerWithCard(s, '4000000000000341');
    const res = await s.api('POST', '/api/payment/subscription', { token: u.token, body: { paymentPlanId: 'gold-1m' } });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe('Your card was declined.');
    expect((await subscription(s, u)).status).toBe('none');
    expect(await history(s, u)).toEqual([]);
  });

  test('an unknown plan is a 422; subscribing twice is a 409', async () => {
    const u = await registerWithCard(s);
    expect((await s.api('POST', '/api/payment/subscription', { token: u.token, body: { paymentPlanId: 'platinum-1m' } })).body).toMatchObject({
      errors: { paymentPlanId: PAYMENT_MESSAGES.unknownPlan },
    });
    await subscribed(s, u, 'bronze-1m');
    expect((await s.api('POST', '/api/payment/subscription', { token: u.token, body: { paymentPlanId: 'gold-1m' } })).status).toBe(409);
  });

  test('an account without a card is told to add one (402)', async () => {
    const email = `n${crypto.randomUUID().slice(0, 8)}@example.com`;
    await s.api('POST', '/api/users', { body: { firstName: 'No', lastName: 'Card', email, password: 'secret123' } });
    const token = (await s.api('POST', '/api/auth/login', { body: { email, password: 'secret123' } })).body.accessToken;
    const res = await s.api('POST', '/api/payment/subscription', { token, body: { paymentPlanId: 'gold-1m' } });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe(PAYMENT_MESSAGES.noPaymentMethod);
  });
});

describe('changing plan', () => {
  test('an upgrade applies at once and charges the difference for the rest of the period', async () => {
    const u = await registerWithCard(s);
    await subscribed(s, u, 'bronze-1m');
    await periodEndsIn(s, stripe, u, 15);
    const before = await subscription(s, u);
    const res = await s.api('PUT', '/api/payment/subscription', { token: u.token, body: { paymentPlanId: 'silver-1m' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: PAYMENT_MESSAGES.upgraded, subscription: { status: 'active', plan: { id: 'silver-1m' }, nextPaymentDate: before.nextPaymentDate } });
    const [upgrade] = await history(s, u);
    expect(upgrade.kind).toBe('upgraded');
    // $17 a month more, about half a month left.
    expect(upgrade.amount).toBeGreaterThan(7);
    expect(upgrade.amount).toBeLessThan(10);
    expect(stripe.invoices.get(upgrade.reference)).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
    expect((await userRow(s, u.id)).plan).toBe('silver');
  });

  test('monthly to yearly is an upgrade: a new yearly period starts now, less the unused month', async () => {
    const u = await registerWithCard(s);
    await subscribed(s, u, 'silver-1m');
    const res = await s.api('PUT', '/api/payment/subscription', { token: u.token, body: { paymentPlanId: 'silver-1y' } });
    expect(res.body.subscription.plan.id).toBe('silver-1y');
    const inAYear = new Date();
    inAYear.setUTCFullYear(inAYear.getUTCFullYear() + 1);
    expect(near(res.body.subscription.nextPaymentDate, inAYear, 60_000)).toBe(true);
    const [upgrade] = await history(s, u);
    expect(upgrade.amount).toBeGreaterThan(290 - 29 - 1);
    expect(upgrade.amount).toBeLessThan(290 - 29 + 1);
  });

  test('a downgrade waits for the end of the period; the renewal then bills and grants the cheaper plan', async () => {
    const u = await registerWithCard(s);
    await subscribed(s, u, 'gold-1m');
    const subId = await periodEndsIn(s, stripe, u, 10);
    const res = await s.api('PUT', '/api/payment/subscription', { token: u.token, body: { paymentPlanId: 'bronze-1m' } });
    expect(res.body).toMatchObject({ message: PAYMENT_MESSAGES.downgradeScheduled, subscription: { plan: { id: 'gold-1m' }, pendingPlanId: 'bronze-1m' } });
    // Nothing charged now; Stripe bills bronze from the next period on.
    expect(stripe.subscriptions.get(subId)?.items.data[0].price.unit_amount).toBe(1200);
    expect((await history(s, u))[0]).toMatchObject({ kind: 'downgrade_scheduled', amount: null });
    // An upgrade while a downgrade waits is refused.
    expect((await s.api('PUT', '/api/payment/subscription', { token: u.token, body: { paymentPlanId: 'gold-1y' } })).status).toBe(409);

    const next = (await subscription(s, u)).nextPaymentDate;
    const [delivery] = await stripe.endPeriod(subId);
    expect(delivery).toMatchObject({ type: 'invoice.paid', status: 200 });
    const after = await subscription(s, u);
    expect(after).toMatchObject({ status: 'active', plan: { id: 'bronze-1m' }, pendingPlanId: null });
    expect(new Date(after.nextPaymentDate).getTime()).toBeGreaterThan(new Date(next).getTime() + 27 * DAY);
    expect((await history(s, u))[0]).toMatchObject({ kind: 'renewed', planId: 'bronze-1m', amount: 12 });
    expect((await userRow(s, u.id)).plan).toBe('bronze');
  });

  test('choosing the current plan undoes a pending downgrade', async () => {
    const u = await registerWithCard(s);
    await subscribed(s, u, 'silver-1y');
    await s.api('PUT', '/api/payment/subscription', { token: u.token, body: { paymentPlanId: 'silver-1m' } });
    const res = await s.api('PUT', '/api/payment/subscription', { token: u.token, body: { paymentPlanId: 'silver-1y' } });
    expect(res.body).toMatchObject({ message: PAYMENT_MESSAGES.downgradeUndone, subscription: { pendingPlanId: null, plan: { id: 'silver-1y' } } });
    const row = await userRow(s, u.id);
    expect(stripe.subscriptions.get(row.stripe_subscription_id)?.items.data[0].price.unit_amount).toBe(29000);
    expect((await s.api('PUT', '/api/payment/subscription', { token: u.token, body: { paymentPlanId: 'silver-1y' } })).status).toBe(422);
  });
});

describe('cancelling', () => {
  test('at least 7 days before expiry: no further renewal; the account ends with the period', async () => {
    const u = await registerWithCard(s);
    await subscribed(s, u, 'bronze-1m');
    const subId = await periodEndsIn(s, stripe, u, 8);
    const res = await s.api('POST', '/api/payment/subscription/cancel', { token: u.token });
    expect(res.body).toMatchObject({ message: PAYMENT_MESSAGES.canceled, subscription: { status: 'canceling', nextPaymentDate: null } });
    expect(res.body.subscription.cancellationDate).not.toBeNull();
    expect(stripe.subscriptions.get(subId)?.cancel_at_period_end).toBe(true);

    const [ended] = await stripe.endPeriod(subId);
    expect(ended).toMatchObject({ type: 'customer.subscription.deleted', status: 200 });
    expect(await subscription(s, u)).toMatchObject({ status: 'canceled', nextPaymentDate: null });
    expect((await userRow(s, u.id)).is_active).toBe(false);
  });

  test('less than 7 days before expiry: accepted, one more renewal happens, then it ends', async () => {
    const u = await registerWithCard(s);
    await subscribed(s, u, 'bronze-1m');
    const subId = await periodEndsIn(s, stripe, u, 3);
    const { nextPaymentDate } = await subscription(s, u);
    const res = await s.api('POST', '/api/payment/subscription/cancel', { token: u.token });
    expect(res.body).toMatchObject({ message: PAYMENT_MESSAGES.canceledAfterNotice, subscription: { status: 'canceling', nextPaymentDate } });
    const atStripe = stripe.subscriptions.get(subId);
    expect(atStripe?.cancel_at_period_end).toBe(false);
    expect(atStripe?.cancel_at).toBeGreaterThan(new Date(nextPaymentDate).getTime() / 1000 + 27 * 86400);

    expect((await stripe.endPeriod(subId))[0]).toMatchObject({ type: 'invoice.paid', status: 200 });
    expect(await subscription(s, u)).toMatchObject({ status: 'canceling', nextPaymentDate: null });
    expect((await history(s, u))[0]).toMatchObject({ kind: 'renewed', amount: 12 });

    expect((await stripe.endPeriod(subId))[0]).toMatchObject({ type: 'customer.subscription.deleted' });
    expect((await subscription(s, u)).status).toBe('canceled');
  });

  test('reactivating before the end undoes the cancellation', async () => {
    const u = await registerWithCard(s);
    await subscribed(s, u, 'silver-1m');
    const subId = await periodEndsIn(s, stripe, u, 20);
    await s.api('POST', '/api/payment/subscription/cancel', { token: u.token });
    const res = await s.api('POST', '/api/payment/subscription/reactivate', { token: u.token });
    expect(res.body).toMatchObject({ message: PAYMENT_MESSAGES.reactivated, subscription: { status: 'active', cancellationDate: null } });
    expect(stripe.subscriptions.get(subId)).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    expect((await stripe.endPeriod(subId))[0].type).toBe('invoice.paid');
    expect((await subscription(s, u)).status).toBe('active');
    expect((await s.api('POST', '/api/payment/subscription/reactivate', { token: u.token })).status).toBe(409);
  });
});

describe('renewals', () => {
  test('a failed renewal keeps the account while Stripe retries; when the retries end it is inactive', async () => {
    const u = await registerWithCard(s);
    await subscribed(s, u, 'bronze-1m');
    const subId = (await userRow(s, u.id)).stripe_subscription_id;
    expect((await stripe.endPeriod(subId, { fail: 'retrying' }))[0]).toMatchObject({ type: 'invoice.payment_failed', status: 200 });
    expect((await subscription(s, u)).status).toBe('active');
    expect((await history(s, u))[0].kind).toBe('renewal_failed');

    const deliveries = await stripe.endPeriod(subId, { fail: 'final' });
    expect(deliveries.map((d) => [d.type, d.status])).toEqual([
      ['invoice.payment_failed', 200],
      ['customer.subscription.updated', 200],
    ]);
    expect((await subscription(s, u)).status).toBe('inactive');
    expect(await userRow(s, u.id)).toMatchObject({ is_active: false, canceled_at: null });
    expect((await history(s, u))[0].kind).toBe('inactive');
  });

  test('a card that fails every charge fails the renewal too', async () => {
    const u = await registerWithCard(s);
    await subscribed(s, u, 'bronze-1m');
    await s.api('PUT', '/api/profile', { token: u.token, body: { paymentMethod: { type: 'card', cardInfo: { ...CARD, cardNumber: '4000000000000341' } } } });
    const [failed] = await stripe.endPeriod((await userRow(s, u.id)).stripe_subscription_id);
    expect(failed.type).toBe('invoice.payment_failed');
  });
});

describe('the money-back guarantee', () => {
  test('within 60 days the first payment is refunded and the account canceled at once', async () => {
    const u = await registerWithCard(s);
    await subscribed(s, u, 'gold-1y');
    const subId = (await userRow(s, u.id)).stripe_subscription_id;
    const res = await s.api('POST', '/api/payment/refund', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: PAYMENT_MESSAGES.refunded, subscription: { status: 'canceled', refundableUntil: null } });
    const [refund] = await history(s, u);
    expect(refund).toMatchObject({ kind: 'refunded', amount: -790 });
    expect(stripe.refunds.get(refund.reference)).toMatchObject({ amount: 79000, status: 'succeeded' });
    expect(stripe.subscriptions.get(subId)?.status).toBe('canceled');
  });

  test('after 60 days it is refused and nothing changes', async () => {
    const u = await registerWithCard(s);
    await subscribed(s, u, 'bronze-1m');
    await sql(s, `update payment_history set created_at = now() - interval '61 days' where user_id = ?`, [u.id]);
    const refundsBefore = stripe.refunds.size;
    const res = await s.api('POST', '/api/payment/refund', { token: u.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(PAYMENT_MESSAGES.refundWindowOver);
    expect(stripe.refunds.size).toBe(refundsBefore);
    expect((await subscription(s, u)).status).toBe('active');
  });
});
