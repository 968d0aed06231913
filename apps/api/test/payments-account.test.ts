import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminToken, CARD, type Customer, history, periodEndsIn, registerWithCard, sql, startWithStripe, subscribed, subscription, userRow } from './support/payments.ts';
import type { StripeStandin } from './support/stripe-standin.ts';
import type { TestServer } from './support/test-server.ts';

let s: TestServer;
let stripe: StripeStandin;
let stop: () => Promise<void>;
let admin: string;
beforeAll(async () => {
  ({ s, stripe, stop } = await startWithStripe());
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
