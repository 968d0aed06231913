// Stripe billing, continued from payments-stripe.test.ts: promo codes, webhooks and the admin's view.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  adminToken,
  history,
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

describe('promo codes', () => {
  const create = async (body: object) => s.api('POST', '/api/payment/promo-codes', { token: await adminToken(s), body });

  test('only an admin creates them; a valid code takes its discount off the first payment only', async () => {
    const u = await registerWithCard(s);
    expect((await s.api('POST', '/api/payment/promo-codes', { token: u.token, body: { code: 'NOPE', percentOff: 10 } })).status).toBe(403);
    const made = await create({ code: 'half-off', percentOff: 50, maxUses: 5 });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ code: 'HALF-OFF', percentOff: 50, usedCount: 0 });
    expect((await create({ code: 'HALF-OFF', percentOff: 20 })).status).toBe(409);

    const sub = await subscribed(s, u, 'silver-1m', 'half-off');
    expect(sub.promoCode).toBe('HALF-OFF');
    expect((await history(s, u))[0]).toMatchObject({ kind: 'subscribed', amount: 14.5 });
    expect(stripe.coupons.get('reelbase_HALF-OFF')).toMatchObject({ percent_off: 50, duration: 'once' });
    const [{ used_count }] = await sql(s, `select used_count from promo_codes where code = 'HALF-OFF'`);
    expect(used_count).toBe(1);
    // Renewals pay the full price.
    await stripe.endPeriod((await userRow(s, u.id)).stripe_subscription_id);
    expect((await history(s, u))[0]).toMatchObject({ kind: 'renewed', amount: 29 });
  });

  test('a fixed amount off', async () => {
    await create({ code: 'FIVE', amountOff: 5 });
    const u = await registerWithCard(s);
    await subscribed(s, u, 'bronze-1m', 'five');
    expect((await history(s, u))[0].amount).toBe(7);
  });

  test('expired, not yet valid, used up or unknown codes are refused with the reason, and nothing is charged', async () => {
    await create({ code: 'OLD', percentOff: 10, validUntil: new Date(Date.now() - DAY).toISOString() });
    await create({ code: 'SOON', percentOff: 10, validFrom: new Date(Date.now() + DAY).toISOString() });
    await create({ code: 'ONCE', percentOff: 10, maxUses: 1 });
    await subscribed(s, await registerWithCard(s), 'bronze-1m', 'ONCE');
    const u = await registerWithCard(s);
    for (const [code, reason] of [
      ['OLD', 'This promo code has expired'],
      ['SOON', 'This promo code is not valid yet'],
      ['ONCE', 'This promo code has been used up'],
      ['NEVER-MADE', 'This promo code does not exist'],
    ]) {
      const res = await s.api('POST', '/api/payment/subscription', { token: u.token, body: { paymentPlanId: 'bronze-1m', promoCode: code } });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ promoCode: reason });
    }
    expect(await history(s, u)).toEqual([]);
  });

  test('a use is given back when the card is refused', async () => {
    await create({ code: 'LAST', percentOff: 10, maxUses: 1 });
    const refused = await registerWithCard(s, '4000000000000341');
    expect((await s.api('POST', '/api/payment/subscription', { token: refused.token, body: { paymentPlanId: 'bronze-1m', promoCode: 'LAST' } })).status).toBe(402);
    await subscribed(s, await registerWithCard(s), 'bronze-1m', 'LAST');
  });
});

describe('webhooks', () => {
  test('the same event delivered twice is applied once', async () => {
    const u = await registerWithCard(s);
    await subscribed(s, u, 'bronze-1m');
    const [paid] = await stripe.endPeriod((await userRow(s, u.id)).stripe_subscription_id);
    const after = await subscription(s, u);
    const again = await stripe.replay(paid);
    expect(again.status).toBe(200);
    expect(await subscription(s, u)).toEqual(after);
    expect((await history(s, u)).filter((h) => h.kind === 'renewed')).toHaveLength(1);
  });

  test('forged events are refused with 400 and change nothing', async () => {
    const u = await registerWithCard(s);
    await subscribed(s, u, 'bronze-1m');
    const row = await userRow(s, u.id);
    const sub = stripe.subscriptions.get(row.stripe_subscription_id);
    const before = await subscription(s, u);
    // Signed with another secret.
    const wrongKey = await stripe.deliver('customer.subscription.deleted', sub as object, { signature: stripe.sign('{}', undefined, 'whsec_not_ours') });
    expect(wrongKey.status).toBe(400);
    // No signature.
    const res = await fetch(`${s.url}/api/payment/webhook/stripe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":"evt_x","type":"customer.subscription.deleted"}' });
    expect(res.status).toBe(400);
    // A genuine signature over another body.
    const body = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'customer.subscription.deleted', data: { object: sub } });
    const tampered = await fetch(`${s.url}/api/payment/webhook/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign('{"id":"evt_other"}') },
      body,
    });
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toEqual({ message: 'Invalid signature' });
    expect(await subscription(s, u)).toEqual(before);
    expect(await sql(s, `select * from payment_webhook_events where event_id = 'evt_forged'`)).toEqual([]);
  });
});

describe('the admin user detail', () => {
  test('shows the payment dates, the method and the reference as a link to the Stripe dashboard', async () => {
    const u = await registerWithCard(s);
    const sub = await subscribed(s, u, 'silver-1y');
    const res = await s.api('GET', `/api/users/${u.id}`, { token: await adminToken(s) });
    const row = await userRow(s, u.id);
    expect(res.body).toMatchObject({
      plan: 'silver',
      paymentMethod: 'card',
      paymentRef: row.payment_ref,
      paymentRefUrl: `https://dashboard.stripe.com/subscriptions/${row.stripe_subscription_id}`,
      nextPaymentDate: sub.nextPaymentDate,
      cancellationDate: null,
    });
    expect(near(res.body.startDate, new Date())).toBe(true);
  });

  test('an admin changes a price; new subscriptions pay it through a new Stripe price', async () => {
    const token = await adminToken(s);
    const res = await s.api('PUT', '/api/payment/plan/bronze-1m', { token, body: { price: 13.5 } });
    expect(res.status).toBe(200);
    expect(res.body.items[0].variants).toContainEqual({ id: 'bronze-1m', duration: '1m', price: 13.5 });
    const [audit] = await sql(s, `select action, details from admin_audit_log where action = 'plan.update'`);
    expect(audit.details).toMatchObject({ id: 'bronze-1m', price: 13.5 });
    const u = await registerWithCard(s);
    await subscribed(s, u, 'bronze-1m');
    expect((await history(s, u))[0].amount).toBe(13.5);
    expect(stripe.subscriptions.get((await userRow(s, u.id)).stripe_subscription_id)?.items.data[0].price.unit_amount).toBe(1350);
    expect((await s.api('PUT', '/api/payment/plan/bronze-1m', { token: (await registerWithCard(s)).token, body: { price: 1 } })).status).toBe(403);
    await s.api('PUT', '/api/payment/plan/bronze-1m', { token, body: { price: 12 } });
  });
});
