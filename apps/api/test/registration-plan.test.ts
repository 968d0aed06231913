import { MESSAGES, PAYMENT_MESSAGES } from '@reelbase/api-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CARD, history, sql, startWithStripe, subscription } from './support/payments.ts';
import type { StripeStandin } from './support/stripe-standin.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// Sign-up chooses the plan with the card: registration starts that subscription in the same request.

const uniqueEmail = () => `plan${crypto.randomUUID().slice(0, 8)}@example.com`;
const account = (email = uniqueEmail()) => ({ firstName: 'Grace', lastName: 'Hopper', email, password: 'secret123' });
const withCard = (cardNumber = CARD.cardNumber) => ({ type: 'card', cardInfo: { ...CARD, cardNumber } });

async function signIn(s: TestServer, email: string) {
  const login = await s.api('POST', '/api/auth/login', { body: { email, password: 'secret123' } });
  expect(login.status).toBe(200);
  return { id: login.body.id as string, email, token: login.body.accessToken as string };
}

const accountsWith = async (s: TestServer, email: string) => (await sql(s, 'select id from users where email = ?', [email])).length;

describe('in the sandbox (npm start without Stripe keys)', () => {
  let s: TestServer;
  let variants: { id: string; name: string; duration: string; price: number }[];
  beforeAll(async () => {
    s = await startTestServer();
    const plans = await s.api('GET', '/api/payment/plan');
    variants = plans.body.items.flatMap((p: { name: string; variants: { id: string; duration: string; price: number }[] }) => p.variants.map((v) => ({ ...v, name: p.name })));
  });
  afterAll(() => s.stop());

  test('registration with each plan starts exactly that plan, paid once', async () => {
    // bronze, silver and gold, monthly and yearly: every variant the plans screen sells.
    expect(variants.map((v) => v.id).sort()).toEqual(['bronze-1m', 'bronze-1y', 'gold-1m', 'gold-1y', 'silver-1m', 'silver-1y']);
    for (const v of variants) {
      const email = uniqueEmail();
      const res = await s.api('POST', '/api/users', { body: { ...account(email), paymentMethod: withCard(), paymentPlanId: v.id } });
      expect(res.status, `${v.id}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body.message).toBe(MESSAGES.verificationSent);
      const u = await signIn(s, email);
      const sub = await subscription(s, u);
      expect(sub, v.id).toMatchObject({ status: 'active', plan: { id: v.id, name: v.name, duration: v.duration, price: v.price }, paymentMethod: 'card' });
      expect(sub.nextPaymentDate).not.toBeNull();
      const entries = await history(s, u);
      expect(entries.map((e) => [e.kind, e.planId, e.amount])).toEqual([['subscribed', v.id, v.price]]);
      // The plan's limits apply at once.
      const usage = await s.api('GET', '/api/usage', { token: u.token });
      expect(usage.body.plan).toBe(v.name);
    }
  });

  test('without a plan the account starts without one, as before, and chooses it after signing in', async () => {
    const email = uniqueEmail();
    expect((await s.api('POST', '/api/users', { body: { ...account(email), paymentMethod: withCard() } })).status).toBe(201);
    const u = await signIn(s, email);
    expect(await subscription(s, u)).toMatchObject({ status: 'none', plan: null, paymentMethod: 'card' });
    expect(await history(s, u)).toEqual([]);
    expect((await s.api('POST', '/api/payment/subscription', { token: u.token, body: { paymentPlanId: 'silver-1m' } })).status).toBe(200);
  });

  test('an unknown plan answers 422 at paymentPlanId and creates nothing', async () => {
    const email = uniqueEmail();
    const res = await s.api('POST', '/api/users', { body: { ...account(email), paymentMethod: withCard(), paymentPlanId: 'platinum-1m' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ paymentPlanId: PAYMENT_MESSAGES.unknownPlan });
    expect(await accountsWith(s, email)).toBe(0);
    // The address is still free.
    expect((await s.api('POST', '/api/users/email-check', { body: { email } })).body).toEqual({ available: true });
  });

  test('an empty plan id is refused with the field message', async () => {
    const res = await s.api('POST', '/api/users', { body: { ...account(), paymentMethod: withCard(), paymentPlanId: '  ' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ paymentPlanId: 'Choose a plan' });
  });

  test('a plan needs the card: with PayPal or no method it is refused before anything is stored', async () => {
    for (const paymentMethod of [{ type: 'paypal' }, undefined]) {
      const email = uniqueEmail();
      const res = await s.api('POST', '/api/users', { body: { ...account(email), ...(paymentMethod && { paymentMethod }), paymentPlanId: 'gold-1y' } });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ paymentPlanId: PAYMENT_MESSAGES.planNeedsCard });
      expect(await accountsWith(s, email)).toBe(0);
    }
  });
});

describe('through Stripe (the stand-in)', () => {
  let s: TestServer;
  let stripe: StripeStandin;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ s, stripe, stop } = await startWithStripe());
  });
  afterAll(() => stop());

  test('the plan is charged at Stripe with the new customer, and our row holds that subscription', async () => {
    const email = uniqueEmail();
    const res = await s.api('POST', '/api/users', { body: { ...account(email), paymentMethod: withCard(), paymentPlanId: 'silver-1y' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await sql(s, 'select payment_plan_id, stripe_customer_id, stripe_subscription_id from users where email = ?', [email]);
    expect(row.payment_plan_id).toBe('silver-1y');
    const atStripe = stripe.subscriptions.get(row.stripe_subscription_id);
    expect(atStripe).toMatchObject({ customer: row.stripe_customer_id, status: 'active' });
    expect(atStripe?.items.data[0].price.recurring.interval).toBe('year');
    const [entry] = await history(s, await signIn(s, email));
    expect(entry).toMatchObject({ kind: 'subscribed', planId: 'silver-1y', provider: 'stripe' });
    expect(entry.amount).toBeGreaterThan(0);
  });

  test('a card refused at the first charge leaves no account, no subscription and no customer', async () => {
    const customers = stripe.customers.size;
    const subscriptions = stripe.subscriptions.size;
    const histories = (await sql(s, 'select count(*)::int as n from payment_history'))[0].n;
    const email = uniqueEmail();
    // 4000000000000341: attaches, then every charge fails.
    const res = await s.api('POST', '/api/users', { body: { ...account(email), paymentMethod: withCard('4000000000000341'), paymentPlanId: 'gold-1m' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: MESSAGES.checkCard, errors: { 'paymentMethod.cardInfo.cardNumber': 'Your card was declined.' } });
    expect(await accountsWith(s, email)).toBe(0);
    expect((await sql(s, 'select count(*)::int as n from payment_history'))[0].n).toBe(histories);
    expect(stripe.subscriptions.size).toBe(subscriptions);
    expect(stripe.customers.size).toBe(customers);
    // The address can sign up again with a good card.
    expect((await s.api('POST', '/api/users', { body: { ...account(email), paymentMethod: withCard(), paymentPlanId: 'gold-1m' } })).status).toBe(201);
  });
});
