import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CARD } from './support/card.ts';
import { makeClip } from './support/clips.ts';
import { type Customer, registerWithCard, startWithStripe, sql } from './support/payments.ts';
import type { StripeStandin } from './support/stripe-standin.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/*
 * No free ride (issue 21, item 3): PayPal counts as a payment method only once the payer approved
 * and paid; under a plain start (no Stripe, no PayPal credentials) the sandbox's own approval page
 * stands in for PayPal's; card changes are limited per account and per address (card testing);
 * parallel purchases and plan changes of one account charge once; made-up cards are refused.
 */

const NO_PAYMENT = { message: 'Add a payment method to continue.' };
const IN_PROGRESS = 'Another payment or plan change of this account is in progress: wait a moment and check your plan before trying again';
const unique = (p: string) => `${p}${crypto.randomUUID().slice(0, 8)}@example.com`;

async function registerAndLogin(s: TestServer, paymentMethod?: unknown) {
  const email = unique('sp');
  const reg = await s.api('POST', '/api/users', { body: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'secret123', ...(paymentMethod !== undefined && { paymentMethod }) } });
  expect(reg.status, JSON.stringify(reg.body)).toBe(201);
  const login = await s.api('POST', '/api/auth/login', { body: { email, password: 'secret123' } });
  return { id: reg.body.id as string, email, token: login.body.accessToken as string, isPaymentMethodSet: login.body.isPaymentMethodSet as boolean };
}

/** What a browser does on the sandbox's approval page: read it, then submit its form. */
async function approveInSandbox(approveUrl: string) {
  const page = await fetch(approveUrl);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  expect(action && token, html).toBeTruthy();
  const res = await fetch(new URL(action as string, approveUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: token as string }).toString(),
    redirect: 'manual',
  });
  return { page, html, res };
}

describe('under a plain start (no Stripe key, no PayPal credentials)', () => {
  let s: TestServer;
  let clip: string;
  beforeAll(async () => {
    s = await startTestServer();
    clip = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: false });
  });
  afterAll(() => s?.stop());

  test('a PayPal-only registration cannot upload until the PayPal checkout is approved in the sandbox and paid', async () => {
    const u = await registerAndLogin(s, { type: 'paypal' });
    expect(u.isPaymentMethodSet).toBe(false);
    expect(await s.upload(u.token, clip)).toEqual({ status: 402, body: NO_PAYMENT });
    // Saying PayPal again on the profile changes nothing either.
    const again = await s.api('PUT', '/api/profile', { token: u.token, body: { paymentMethod: { type: 'paypal' } } });
    expect(again.body.profile).toMatchObject({ isPaymentMethodSet: false, paymentMethod: null });
    expect(await s.upload(u.token, clip)).toEqual({ status: 402, body: NO_PAYMENT });

    const order = await s.api('POST', '/api/payment', { token: u.token, body: { paymentPlanId: 'bronze-1m' } });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    // An order waiting for approval is not yet a method.
    expect(await s.upload(u.token, clip)).toEqual({ status: 402, body: NO_PAYMENT });
    const early = await s.api('POST', `/api/payment/${order.body.id}/capture`, { token: u.token });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('This PayPal order has not been approved yet: approve it at PayPal first');

    const { res } = await approveInSandbox(order.body.approveUrl);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${s.url}/payment/paypal?subscription_id=${order.body.id}`);
    const capture = await s.api('POST', `/api/payment/${order.body.id}/capture`, { token: u.token });
    expect(capture.status, JSON.stringify(capture.body)).toBe(200);
    expect(capture.body.message).toBe('Transaction completed by Ada Lovelace');
    expect(capture.body.subscription).toMatchObject({ status: 'active', plan: { id: 'bronze-1m' }, paymentMethod: 'paypal', paymentMethodLabel: `PayPal ${u.email}` });

    const profile = await s.api('GET', '/api/profile', { token: u.token });
    expect(profile.body).toMatchObject({ isPaymentMethodSet: true, paymentMethod: 'paypal' });
    const upload = await s.upload(u.token, clip);
    expect(upload.status).toBe(201);
    await s.waitForVideo(u.token, upload.body.id, (v) => v.status === 'ready' && v.processing.isLadderReady);
  });

  test('a PayPal purchase answers an order id and a local approval page plainly marked as a sandbox; approving it completes the purchase once', async () => {
    const u = await registerAndLogin(s, { type: 'card', cardInfo: CARD });
    const order = await s.api('POST', '/api/payment', { token: u.token, body: { paymentPlanId: 'silver-1m' } });
    expect(order.status).toBe(201);
    expect(order.body).toEqual({ id: expect.stringMatching(/^SANDBOX-I-[A-Z0-9]+$/), approveUrl: `${s.url}/api/payment/sandbox/paypal/checkout?token=${order.body.id}` });

    const { page, html, res } = await approveInSandbox(order.body.approveUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain('<title>Sandbox — not PayPal</title>');
    expect(html).toContain('<h1>Sandbox — not PayPal</h1>');
    expect(html).toContain('$29.00');
    expect(html).toContain(`href="${s.url}/payment/paypal?canceled=1"`);
    expect(res.status).toBe(303);

    // The approved checkout is no page any more; an unknown one never was.
    expect((await fetch(order.body.approveUrl)).status).toBe(404);
    expect((await fetch(`${s.url}/api/payment/sandbox/paypal/checkout?token=SANDBOX-I-NOPE`)).status).toBe(404);

    const capture = await s.api('POST', `/api/payment/${order.body.id}/capture`, { token: u.token });
    expect(capture.status).toBe(200);
    expect(capture.body.subscription).toMatchObject({ status: 'active', plan: { id: 'silver-1m', price: 29 }, paymentMethod: 'paypal' });
    const history = (await s.api('GET', '/api/payment/history', { token: u.token })).body.items;
    expect(history).toEqual([expect.objectContaining({ kind: 'subscribed', planId: 'silver-1m', amount: 29, provider: 'paypal', reference: expect.stringMatching(/^SANDBOX-CAP-/), referenceUrl: null })]);
    const twice = await s.api('POST', `/api/payment/${order.body.id}/capture`, { token: u.token });
    expect(twice.status).toBe(409);
    expect((await s.api('GET', '/api/payment/history', { token: u.token })).body.items).toHaveLength(1);
    // The rest of the PayPal life runs in the sandbox too: a cancellation, then the money-back refund.
    expect((await s.api('POST', '/api/payment/subscription/cancel', { token: u.token })).body.subscription).toMatchObject({ status: 'canceling' });
    const refund = await s.api('POST', '/api/payment/refund', { token: u.token });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect((await s.api('GET', '/api/payment/history', { token: u.token })).body.items[0]).toMatchObject({ kind: 'refunded', amount: -29, provider: 'paypal', reference: expect.stringMatching(/^SANDBOX-RE-/) });
  });

  test('made-up cards are refused with field messages (Luhn, expiry, CVC) and leave no account; the test card works', async () => {
    const register = (cardInfo: Record<string, string>) => {
      const email = unique('card');
      return s.api('POST', '/api/users', { body: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'secret123', paymentMethod: { type: 'card', cardInfo } } }).then((r) => ({ ...r, email }));
    };
    const cases: [Record<string, string>, Record<string, string>][] = [
      [
        { cardNumber: '1234567890123456', expMonth: '01', expYear: '20' },
        { 'paymentMethod.cardInfo.cardNumber': 'Enter a valid card number', 'paymentMethod.cardInfo.expYear': 'This card has expired: check the expiry date or use another card' },
      ],
      [{ cardNumber: '4242424242424241' }, { 'paymentMethod.cardInfo.cardNumber': 'Enter a valid card number' }],
      [{ expMonth: '01', expYear: '20' }, { 'paymentMethod.cardInfo.expYear': 'This card has expired: check the expiry date or use another card' }],
      [{ cvc: '12' }, { 'paymentMethod.cardInfo.cvc': 'Enter a valid CWV/CVC' }],
      [{ cvc: '12345' }, { 'paymentMethod.cardInfo.cvc': 'Enter a valid CWV/CVC' }],
    ];
    for (const [change, errors] of cases) {
      const res = await register({ ...CARD, ...change });
      expect({ change, status: res.status, errors: res.body.errors }).toEqual({ change, status: 422, errors });
      const [{ n }] = await sql<{ n: string }>(s, 'select count(*) as n from users where email = ?', [res.email]);
      expect(Number(n)).toBe(0);
    }
    // A card that expires this month is still good until the month ends.
    const now = new Date();
    const thisMonth = { expMonth: String(now.getUTCMonth() + 1).padStart(2, '0'), expYear: String(now.getUTCFullYear() % 100).padStart(2, '0') };
    for (const cardNumber of ['4242424242424242', '5555555555554444', '4000056655665556']) expect((await register({ ...CARD, ...thisMonth, cardNumber })).status).toBe(201);
    // The same checks guard a profile's card change.
    const u = await registerAndLogin(s);
    const change = await s.api('PUT', '/api/profile', { token: u.token, body: { paymentMethod: { type: 'card', cardInfo: { ...CARD, expMonth: '01', expYear: '20' } } } });
    expect(change.status).toBe(422);
    expect(change.body.errors).toEqual({ 'paymentMethod.cardInfo.expYear': 'This card has expired: check the expiry date or use another card' });
    expect((await s.api('GET', '/api/profile', { token: u.token })).body.isPaymentMethodSet).toBe(false);
  });
});

describe('card testing', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ RATE_LIMIT_PAYMENT_METHOD_PER_ACCOUNT: '3/3600', RATE_LIMIT_PAYMENT_METHOD_PER_ADDRESS: '5/3600' });
  });
  afterAll(() => s?.stop());

  test('payment-method changes are limited per account and per address: 429 with Retry-After, and the card is not tried', async () => {
    const a = await registerAndLogin(s);
    const b = await registerAndLogin(s);
    const change = (u: { token: string }, last4: string) =>
      s.api('PUT', '/api/profile', { token: u.token, body: { paymentMethod: { type: 'card', cardInfo: { ...CARD, cardNumber: last4 } } } });
    for (const n of ['4242424242424242', '5555555555554444', '4000056655665556']) expect((await change(a, n)).status).toBe(200);
    const fourth = await change(a, '5105105105105100');
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ message: 'Too many requests. Try again later.', code: 'RATE_LIMITED_ERROR' });
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(3500);
    // The refused change was not applied.
    expect((await s.api('GET', '/api/payment/subscription', { token: a.token })).body.paymentMethodLabel).toBe('Card •••• 5556');

    // Another account from the same address: the address's 5 are used up after two more.
    expect((await change(b, '4242424242424242')).status).toBe(200);
    expect((await change(b, '5555555555554444')).status).toBe(429);
    // A new account's card from this address counts as a card attach too, and leaves no account.
    const email = unique('late');
    const reg = await s.api('POST', '/api/users', { body: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'secret123', paymentMethod: { type: 'card', cardInfo: CARD } } });
    expect(reg.status).toBe(429);
    expect(reg.headers.get('retry-after')).toMatch(/^\d+$/);
    const [{ n }] = await sql<{ n: string }>(s, 'select count(*) as n from users where email = ?', [email]);
    expect(Number(n)).toBe(0);
  });
});

describe('parallel payments of one account (Stripe)', () => {
  let s: TestServer;
  let stripe: StripeStandin;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ s, stripe, stop } = await startWithStripe());
  });
  afterAll(() => stop?.());

  const customerOf = async (u: Customer) => (await sql<{ stripe_customer_id: string }>(s, 'select stripe_customer_id from users where id = ?', [u.id]))[0].stripe_customer_id;
  const subscriptionsAtStripe = (customer: string) => [...stripe.subscriptions.values()].filter((x: any) => x.customer === customer);
  const chargesAtStripe = (customer: string) => [...stripe.invoices.values()].filter((i: any) => i.customer === customer && i.status === 'paid' && i.amount_paid > 0);

  test('three parallel purchases make one subscription and one charge; the others answer 409', async () => {
    const u = await registerWithCard(s);
    const answers = await Promise.all([0, 1, 2].map(() => s.api('POST', '/api/payment/subscription', { token: u.token, body: { paymentPlanId: 'bronze-1m' } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect([IN_PROGRESS, 'You already have a subscription: change its plan instead']).toContain(a.body.message);
    const customer = await customerOf(u);
    expect(subscriptionsAtStripe(customer)).toHaveLength(1);
    expect(chargesAtStripe(customer)).toHaveLength(1);
    const history = (await s.api('GET', '/api/payment/history', { token: u.token })).body.items;
    expect(history.filter((h: any) => h.kind === 'subscribed')).toHaveLength(1);
  });

  test('two parallel upgrades charge once; the other answers 409', async () => {
    const u = await registerWithCard(s);
    expect((await s.api('POST', '/api/payment/subscription', { token: u.token, body: { paymentPlanId: 'bronze-1m' } })).status).toBe(200);
    const customer = await customerOf(u);
    expect(chargesAtStripe(customer)).toHaveLength(1);
    const answers = await Promise.all([0, 1].map(() => s.api('PUT', '/api/payment/subscription', { token: u.token, body: { paymentPlanId: 'gold-1m' } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toBe(IN_PROGRESS);
    expect(chargesAtStripe(customer)).toHaveLength(2);
    expect(subscriptionsAtStripe(customer)).toHaveLength(1);
    expect((await s.api('GET', '/api/payment/subscription', { token: u.token })).body.plan).toMatchObject({ id: 'gold-1m' });
    const history = (await s.api('GET', '/api/payment/history', { token: u.token })).body.items;
    expect(history.filter((h: any) => h.kind === 'upgraded')).toHaveLength(1);
  });
});
