import { MESSAGES } from '@reelbase/api-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminToken, CARD, type Customer, history, periodEndsIn, registerWithCard, sql, startWithStripe, subscribed, subscription, userRow } from './support/payments.ts';
import type { StripeStandin } from './support/stripe-standin.ts';
import type { TestServer } from './support/test-server.ts';

let s: TestServer;
let stripe: StripeStandin;
let stop: () => Promise<void>;
let admin: string;
beforeAll(async () => {
  ({ s, stripe, stop } = await startWithStripe({ elements: true }));
  admin = await adminToken(s);
});
afterAll(() => stop());

const setActive = (u: Customer, isActive: boolean) => s.api('PUT', `/api/users/${u.id}`, { token: admin, body: { isActive } });
const bulk = (ids: string[], isActive: boolean) => s.api('POST', '/api/users/bulk', { token: admin, body: { action: 'cancel', isActive, ids } });
const stripeSub = async (u: Customer) => stripe.subscriptions.get((await userRow(s, u.id)).stripe_subscription_id);

/** A subscriber whose renewals failed until Stripe gave up: the account is inactive, its subscription unpaid at Stripe. */
async function unpaid(): Promise<Customer & { subId: string }> {
  const u = await registerWithCard(s);
  await subscribed(s, u, 'bronze-1m');
  const subId = (await userRow(s, u.id)).stripe_subscription_id;
  await stripe.endPeriod(subId, { fail: 'final' });
  expect((await subscription(s, u)).status).toBe('inactive');
  expect(stripe.subscriptions.get(subId)?.status).toBe('unpaid');
  return { ...u, subId };
}

describe("an admin's cancel and reactivation act on the subscription", () => {
  test('cancel: the account stops now, Stripe renews no more after the paid period, and the history says so', async () => {
    const u = await registerWithCard(s);
    await subscribed(s, u, 'silver-1m');
    const subId = await periodEndsIn(s, stripe, u, 20);
    const res = await setActive(u, false);
    expect(res.status).toBe(200);
    expect(res.body.isActive).toBe(false);
    expect(stripe.subscriptions.get(subId)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await subscription(s, u)).toMatchObject({ status: 'canceled', nextPaymentDate: null });
    expect((await history(s, u))[0]).toMatchObject({ kind: 'admin_canceled', planId: 'silver-1m', provider: 'stripe' });
    // Canceling again changes nothing and writes nothing.
    await setActive(u, false);
    expect((await history(s, u)).filter((h) => h.kind === 'admin_canceled')).toHaveLength(1);

    // The period ends: no renewal invoice; the subscription is over on both sides.
    const invoicesBefore = stripe.invoices.size;
    expect((await stripe.endPeriod(subId))[0]).toMatchObject({ type: 'customer.subscription.deleted', status: 200 });
    expect(stripe.invoices.size).toBe(invoicesBefore);
    expect(await userRow(s, u.id)).toMatchObject({ is_active: false, cancel_at_period_end: false, next_payment_at: null });
    expect((await history(s, u))[0].kind).toBe('ended');
  });

  test('cancel less than 7 days before expiry still ends renewal with this period (the account is stopped already)', async () => {
    const u = await registerWithCard(s);
    await subscribed(s, u, 'bronze-1m');
    const subId = await periodEndsIn(s, stripe, u, 3);
    await setActive(u, false);
    expect(stripe.subscriptions.get(subId)).toMatchObject({ cancel_at_period_end: true });
    expect((await stripe.endPeriod(subId))[0].type).toBe('customer.subscription.deleted');
  });

  test('reactivate before the period ends: renewal resumes at Stripe and the next renewal is paid', async () => {
    const u = await registerWithCard(s);
    await subscribed(s, u, 'gold-1m');
    const subId = await periodEndsIn(s, stripe, u, 12);
    await setActive(u, false);
    const res = await setActive(u, true);
    expect(res.body).toMatchObject({ isActive: true, cancellationDate: null });
    expect(stripe.subscriptions.get(subId)).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    expect(await subscription(s, u)).toMatchObject({ status: 'active', plan: { id: 'gold-1m' }, cancellationDate: null });
    expect((await history(s, u))[0]).toMatchObject({ kind: 'admin_reactivated', planId: 'gold-1m' });
    expect((await stripe.endPeriod(subId))[0]).toMatchObject({ type: 'invoice.paid', status: 200 });
    expect((await history(s, u))[0]).toMatchObject({ kind: 'renewed', amount: 79 });
  });

  test("the user's own cancellation survives an admin's cancel and reactivation", async () => {
    const u = await registerWithCard(s);
    await subscribed(s, u, 'bronze-1m');
    const subId = await periodEndsIn(s, stripe, u, 15);
    await s.api('POST', '/api/payment/subscription/cancel', { token: u.token });
    const canceledAt = (await subscription(s, u)).cancellationDate;
    await setActive(u, false);
    await setActive(u, true);
    expect(await subscription(s, u)).toMatchObject({ status: 'canceling', cancellationDate: canceledAt });
    expect(stripe.subscriptions.get(subId)?.cancel_at_period_end).toBe(true);
  });

  test('reactivate after the subscription ran out: the account is back without a plan and may subscribe again', async () => {
    const u = await registerWithCard(s);
    await subscribed(s, u, 'bronze-1m');
    const subId = (await userRow(s, u.id)).stripe_subscription_id;
    await setActive(u, false);
    await stripe.endPeriod(subId);
    const res = await setActive(u, true);
    expect(res.body).toMatchObject({ isActive: true, plan: null, nextPaymentDate: null });
    expect(await subscription(s, u)).toMatchObject({ status: 'none', plan: null });
    expect((await history(s, u))[0]).toMatchObject({ kind: 'admin_reactivated', planId: null });
    await subscribed(s, u, 'silver-1m');
  });

  test("cancel of an account inactive after failed renewals ends its unpaid subscription at Stripe", async () => {
    const u = await unpaid();
    await setActive(u, false);
    expect(stripe.subscriptions.get(u.subId)?.status).toBe('canceled');
    expect((await subscription(s, u)).status).toBe('canceled');
  });

  test('bulk cancel and reactivate reach every subscription; a provider failure puts the others back and changes no row', async () => {
    const a = await registerWithCard(s);
    const b = await registerWithCard(s);
    await subscribed(s, a, 'bronze-1m');
    await subscribed(s, b, 'silver-1y');
    expect((await bulk([a.id, b.id], false)).body.message).toBe('2 users canceled.');
    expect((await stripeSub(a))?.cancel_at_period_end).toBe(true);
    expect((await stripeSub(b))?.cancel_at_period_end).toBe(true);
    expect((await bulk([a.id, b.id], true)).body.message).toBe('2 users reactivated.');
    expect((await stripeSub(a))?.cancel_at_period_end).toBe(false);
    expect((await stripeSub(b))?.cancel_at_period_end).toBe(false);

    // b's subscription is gone at Stripe: its cancel fails after a's went through, and a's is undone.
    const gone = (await userRow(s, b.id)).stripe_subscription_id;
    const kept = stripe.subscriptions.get(gone);
    stripe.subscriptions.delete(gone);
    const failed = await bulk([a.id, b.id], false);
    expect(failed.status).toBe(502);
    expect((await stripeSub(a))?.cancel_at_period_end).toBe(false);
    for (const u of [a, b]) expect(await userRow(s, u.id)).toMatchObject({ is_active: true, canceled_at: null });
    expect((await history(s, a))[0].kind).not.toBe('admin_canceled');
    stripe.subscriptions.set(gone, kept as object);

    // An admin among the targets: 403 before any provider call.
    const [{ id: adminId }] = await sql(s, 'select id from users where is_admin limit 1');
    expect((await bulk([a.id, adminId], false)).status).toBe(403);
    expect((await stripeSub(a))?.cancel_at_period_end).toBe(false);
  });
});

describe('an account inactive after failed renewals pays again', () => {
  test('with a new card it subscribes anew: the unpaid subscription ends at Stripe first, only the new one is charged', async () => {
    const u = await unpaid();
    expect((await s.api('PUT', '/api/profile', { token: u.token, body: { paymentMethod: { type: 'card', cardInfo: { ...CARD, cardNumber: '5555555555554444' } } } })).status).toBe(200);
    const sub = await subscribed(s, u, 'silver-1m');
    expect(sub).toMatchObject({ status: 'active', plan: { id: 'silver-1m' } });
    const row = await userRow(s, u.id);
    expect(row.stripe_subscription_id).not.toBe(u.subId);
    expect(stripe.subscriptions.get(u.subId)?.status).toBe('canceled');
    expect(row).toMatchObject({ is_active: true, payment_failed_at: null, subscription_ends_at: null });
    // Both written in the same transaction (same time): found by kind.
    const latest = (await history(s, u)).slice(0, 2);
    expect(latest).toContainEqual(expect.objectContaining({ kind: 'subscribed', planId: 'silver-1m', amount: 29 }));
    expect(latest).toContainEqual(expect.objectContaining({ kind: 'ended', reference: u.subId }));
    // Only the new subscription renews.
    const paid = [...stripe.invoices.values()].filter((i) => i.status === 'paid' && i.customer === row.stripe_customer_id);
    expect(paid.map((i) => i.parent.subscription_details.subscription)).toEqual([u.subId, row.stripe_subscription_id]);
  });

  test('with the card still refused, subscribing answers 402 and the account stays inactive', async () => {
    const u = await unpaid();
    await s.api('PUT', '/api/profile', { token: u.token, body: { paymentMethod: { type: 'card', cardInfo: { ...CARD, cardNumber: '4000000000000341' } } } });
    const res = await s.api('POST', '/api/payment/subscription', { token: u.token, body: { paymentPlanId: 'bronze-1m' } });
    expect(res.status).toBe(402);
    expect((await subscription(s, u)).status).toBe('inactive');
  });
});

describe('Stripe Elements: the browser sends a PaymentMethod id, never the card', () => {
  const register = (paymentMethod: object) => {
    const email = `e${crypto.randomUUID().slice(0, 8)}@example.com`;
    return s.api('POST', '/api/users', { body: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'secret123', paymentMethod } }).then((res) => ({ res, email }));
  };

  test('the web app reads the publishable key at run time, without signing in', async () => {
    const res = await s.api('GET', '/api/payment/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ stripePublishableKey: stripe.publishableKey });
  });

  test('registration with a card Stripe.js made: attached to a new customer as its default; the number never reaches the API', async () => {
    const pm = await stripe.tokenise({ number: '5555555555554444' });
    expect(pm.status).toBe(200);
    const requestsBefore = stripe.requests.length;
    const { res, email } = await register({ type: 'card', paymentMethodId: pm.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await userRow(s, res.body.id);
    expect(row).toMatchObject({ payment_method: 'card', payment_ref: pm.id, payment_method_label: 'Mastercard •••• 4444' });
    expect(stripe.customers.get(row.stripe_customer_id)).toMatchObject({ email, invoice_settings: { default_payment_method: pm.id } });
    expect(stripe.paymentMethods.get(pm.id as string)?.customer).toBe(row.stripe_customer_id);
    // What the API asked Stripe: no card number, no CVC (it only looked the PaymentMethod up and attached it).
    const asked = JSON.stringify(stripe.requests.slice(requestsBefore));
    expect(asked).not.toContain('5555555555554444');
    expect(stripe.requests.slice(requestsBefore).some((r) => r.method === 'POST' && r.path === '/v1/payment_methods')).toBe(false);

    // It subscribes and pays with that card like any other.
    const token = (await s.api('POST', '/api/auth/login', { body: { email, password: 'secret123' } })).body.accessToken;
    const sub = await s.api('POST', '/api/payment/subscription', { token, body: { paymentPlanId: 'bronze-1m' } });
    expect(sub.status).toBe(200);
    expect(sub.body.subscription).toMatchObject({ status: 'active', paymentMethodLabel: 'Mastercard •••• 4444' });
  });

  test('changing the card on the profile with a PaymentMethod id: attached to the same customer as its default', async () => {
    const u = await registerWithCard(s);
    const before = await userRow(s, u.id);
    const pm = await stripe.tokenise({ number: '4242424242424242' });
    const res = await s.api('PUT', '/api/profile', { token: u.token, body: { paymentMethod: { type: 'card', paymentMethodId: pm.id } } });
    expect(res.status).toBe(200);
    const after = await userRow(s, u.id);
    expect(after).toMatchObject({ stripe_customer_id: before.stripe_customer_id, payment_ref: pm.id });
    expect(stripe.customers.get(before.stripe_customer_id)?.invoice_settings.default_payment_method).toBe(pm.id);
  });

  test("a declined card, an unknown id, another customer's card, or both forms at once are refused with 422 and leave nothing", async () => {
    const declined = await stripe.tokenise({ number: '4000000000000002' });
    const other = await registerWithCard(s);
    const someoneElses = (await userRow(s, other.id)).payment_ref;
    const customersBefore = stripe.customers.size;
    for (const [paymentMethod, errors] of [
      [{ type: 'card', paymentMethodId: declined.id }, { 'paymentMethod.paymentMethodId': 'Your card was declined.' }],
      [{ type: 'card', paymentMethodId: 'pm_doesnotexist' }, { 'paymentMethod.paymentMethodId': 'Enter a valid card' }],
      [{ type: 'card', paymentMethodId: someoneElses }, { 'paymentMethod.paymentMethodId': 'Enter a valid card' }],
      [{ type: 'card', paymentMethodId: 'not-a-pm' }, { 'paymentMethod.paymentMethodId': 'Enter a valid card' }],
      [{ type: 'card', paymentMethodId: declined.id, cardInfo: CARD }, { 'paymentMethod.paymentMethodId': 'Send the card form or a paymentMethodId, not both' }],
      [{ type: 'card' }, { 'paymentMethod.cardInfo.cardNumber': 'Card number is required' }],
    ] as const) {
      const { res, email } = await register(paymentMethod);
      expect(res.status, JSON.stringify(paymentMethod)).toBe(422);
      expect(res.body.errors).toEqual(errors);
      expect(await sql(s, 'select id from users where email = ?', [email])).toEqual([]);
    }
    expect(stripe.customers.size).toBe(customersBefore);
    expect(stripe.paymentMethods.get(someoneElses)?.customer).toBe((await userRow(s, other.id)).stripe_customer_id);
    // The declined card answers with the card form's message too.
    expect((await register({ type: 'card', paymentMethodId: declined.id })).res.body.message).toBe(MESSAGES.checkCard);
  });
});
