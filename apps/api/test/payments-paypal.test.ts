import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type PaypalStandin, startPaypalStandin } from './support/paypal-standin.ts';
import { type SignedIn, signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let paypal: PaypalStandin;
let s: TestServer;
let admin: string;

beforeAll(async () => {
  paypal = await startPaypalStandin();
  s = await startTestServer(paypal.env);
  paypal.webhookUrl = `${s.url}/api/payment/webhook/paypal`;
  admin = (await s.api('POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'admin-password' } })).body.accessToken;
});
afterAll(async () => {
  await s?.stop();
  await paypal?.close();
});

const history = async (u: SignedIn) => (await s.api('GET', '/api/payment/history', { token: u.accessToken })).body.items as any[];
const subscription = async (u: SignedIn) => (await s.api('GET', '/api/payment/subscription', { token: u.accessToken })).body;

/** A user who paid `plan` with PayPal: order, approval at the stand-in, capture. */
async function subscribed(plan = 'silver-1m', promoCode?: string) {
  const u = await signUpAndLogin(s);
  const order = await s.api('POST', '/api/payment', { token: u.accessToken, body: { paymentPlanId: plan, ...(promoCode && { promoCode }) } });
  expect(order.status).toBe(201);
  await paypal.approve(order.body.id);
  const capture = await s.api('POST', `/api/payment/${order.body.id}/capture`, { token: u.accessToken });
  expect(capture.status).toBe(200);
  return { u, id: order.body.id as string, capture: capture.body };
}

describe('PayPal checkout', () => {
  test('choosing PayPal at registration records no method; the first capture makes PayPal the method, its subscription the reference', async () => {
    const email = `pp${crypto.randomUUID().slice(0, 8)}@example.com`;
    const reg = await s.api('POST', '/api/users', { body: { firstName: 'Grace', lastName: 'Hopper', email, password: 'secret123', paymentMethod: { type: 'paypal' } } });
    expect(reg.status).toBe(201);
    const login = await s.api('POST', '/api/auth/login', { body: { email, password: 'secret123' } });
    expect(login.body.isPaymentMethodSet).toBe(false);
    const u = { id: reg.body.id as string, accessToken: login.body.accessToken as string } as SignedIn;
    const before = await s.api('GET', `/api/users/${u.id}`, { token: admin });
    expect(before.body).toMatchObject({ paymentMethod: null, paymentRef: null });
    expect(await subscription(u)).toMatchObject({ status: 'none', plan: null, paymentMethod: null });
    const order = await s.api('POST', '/api/payment', { token: u.accessToken, body: { paymentPlanId: 'bronze-1m' } });
    await paypal.approve(order.body.id);
    await s.api('POST', `/api/payment/${order.body.id}/capture`, { token: u.accessToken });
    const after = await s.api('GET', `/api/users/${u.id}`, { token: admin });
    expect(after.body).toMatchObject({ paymentMethod: 'paypal', paymentRef: order.body.id, plan: 'bronze' });
    expect((await subscription(u)).paymentMethodLabel).toBe('PayPal grace@example.com');
  });

  test('an order for a plan is approved at PayPal and captured: the subscription runs and the history holds the payment', async () => {
    const u = await signUpAndLogin(s);
    const order = await s.api('POST', '/api/payment', { token: u.accessToken, body: { paymentPlanId: 'silver-1m' } });
    expect(order.status).toBe(201);
    expect(order.body.approveUrl).toBe(`${paypal.url}/checkoutnow?token=${order.body.id}`);
    // The approval page shows the price; approving sends the browser back to the app with the id.
    expect(await (await fetch(order.body.approveUrl)).text()).toContain('$29.00');
    expect(await paypal.approve(order.body.id)).toMatch(new RegExp(`^${s.url}/payment/paypal\\?subscription_id=${order.body.id}&`));

    const capture = await s.api('POST', `/api/payment/${order.body.id}/capture`, { token: u.accessToken });
    expect(capture.status).toBe(200);
    expect(capture.body.message).toBe('Transaction completed by Grace Hopper');
    expect(capture.body.subscription).toMatchObject({ status: 'active', plan: { id: 'silver-1m', name: 'silver', duration: '1m', price: 29 }, paymentMethod: 'paypal' });
    const sub = paypal.subscriptions.get(order.body.id);
    expect(sub?.status).toBe('ACTIVE');
    // The next payment is PayPal's next billing time.
    expect(capture.body.subscription.nextPaymentDate).toBe(sub?.nextBilling?.toISOString());
    const [payment] = await history(u);
    expect(payment).toMatchObject({ kind: 'subscribed', planId: 'silver-1m', amount: 29, provider: 'paypal', reference: sub?.transactions[0] });
    expect(paypal.captures.get(payment.reference)?.value).toBe('29.00');
    const profile = await s.api('GET', '/api/profile', { token: u.accessToken });
    expect(profile.body).toMatchObject({ paymentMethod: 'paypal', isPaymentMethodSet: true, isActive: true });

    // Captured once: a second capture changes nothing.
    const again = await s.api('POST', `/api/payment/${order.body.id}/capture`, { token: u.accessToken });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This PayPal order is completed already');
    expect(await history(u)).toHaveLength(1);
    // One token served every call so far.
    expect(paypal.tokensIssued).toBe(1);
  });

  test('a capture before the payer approved is refused and charges nothing', async () => {
    const u = await signUpAndLogin(s);
    const order = await s.api('POST', '/api/payment', { token: u.accessToken, body: { paymentPlanId: 'bronze-1y' } });
    const capture = await s.api('POST', `/api/payment/${order.body.id}/capture`, { token: u.accessToken });
    expect(capture.status).toBe(409);
    expect(capture.body.message).toBe('This PayPal order has not been approved yet: approve it at PayPal first');
    expect(paypal.subscriptions.get(order.body.id)?.transactions).toEqual([]);
    expect((await subscription(u)).status).toBe('none');
    expect(await history(u)).toEqual([]);
  });

  test("another user's order answers 404, as does an unknown one; an unknown plan is a 422", async () => {
    const owner = await signUpAndLogin(s);
    const other = await signUpAndLogin(s);
    const order = await s.api('POST', '/api/payment', { token: owner.accessToken, body: { paymentPlanId: 'gold-1m' } });
    await paypal.approve(order.body.id);
    const stolen = await s.api('POST', `/api/payment/${order.body.id}/capture`, { token: other.accessToken });
    expect(stolen.status).toBe(404);
    expect(paypal.subscriptions.get(order.body.id)?.status).toBe('APPROVED');
    expect((await s.api('POST', '/api/payment/I-NOPE/capture', { token: owner.accessToken })).status).toBe(404);
    const bad = await s.api('POST', '/api/payment', { token: owner.accessToken, body: { paymentPlanId: 'platinum-1m' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ paymentPlanId: 'Unknown plan' });
    expect((await s.api('POST', '/api/payment', { body: { paymentPlanId: 'gold-1m' } })).status).toBe(401);
    // The owner still captures it.
    expect((await s.api('POST', `/api/payment/${order.body.id}/capture`, { token: owner.accessToken })).status).toBe(200);
    // A subscriber cannot start a second checkout.
    const second = await s.api('POST', '/api/payment', { token: owner.accessToken, body: { paymentPlanId: 'gold-1y' } });
    expect(second.status).toBe(409);
  });

  test('a promo code discounts the first PayPal payment only, and is used once the order is captured', async () => {
    const code = `HALF${crypto.randomUUID().slice(0, 6)}`.toUpperCase();
    expect((await s.api('POST', '/api/payment/promo-codes', { token: admin, body: { code, percentOff: 50, maxUses: 1 } })).status).toBe(201);
    const { u, id } = await subscribed('silver-1m', code);
    expect((await history(u))[0]).toMatchObject({ kind: 'subscribed', amount: 14.5 });
    expect((await subscription(u)).promoCode).toBe(code);
    // Used up by the capture.
    const next = await signUpAndLogin(s);
    const refused = await s.api('POST', '/api/payment', { token: next.accessToken, body: { paymentPlanId: 'silver-1m', promoCode: code } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.promoCode).toBe('This promo code has been used up');
    // The renewal is at the full price.
    await paypal.renew(id);
    expect((await history(u))[0]).toMatchObject({ kind: 'renewed', amount: 29 });
  });
});

describe('PayPal webhooks', () => {
  test('a renewal moves the next payment a period on; the same delivery again changes nothing', async () => {
    const { u, id, capture } = await subscribed('bronze-1m');
    const delivery = await paypal.renew(id);
    expect(delivery.status).toBe(200);
    const after = await subscription(u);
    expect(after.status).toBe('active');
    expect(new Date(after.nextPaymentDate).getTime()).toBeGreaterThan(new Date(capture.subscription.nextPaymentDate).getTime() + 27 * 86_400_000);
    const renewals = (await history(u)).filter((h) => h.kind === 'renewed');
    expect(renewals).toEqual([expect.objectContaining({ amount: 12, provider: 'paypal', reference: delivery.event.resource.id })]);

    const replay = await paypal.replay(delivery);
    expect(replay.status).toBe(200);
    expect(replay.response).toEqual({ received: true, duplicate: true });
    expect((await history(u)).filter((h) => h.kind === 'renewed')).toHaveLength(1);
    expect((await subscription(u)).nextPaymentDate).toBe(after.nextPaymentDate);
  });

  test('forged deliveries are refused and change nothing', async () => {
    const { u, id } = await subscribed('bronze-1m');
    const before = await subscription(u);
    const forged = JSON.stringify({ id: 'WH-FORGED', event_type: 'BILLING.SUBSCRIPTION.SUSPENDED', resource: { id, billing_info: { failed_payments_count: 3 } } });
    // No signature headers at all, and made-up ones.
    expect((await paypal.post({}, forged)).status).toBe(400);
    const madeUp = await paypal.post(
      {
        'paypal-transmission-id': crypto.randomUUID(),
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': 'c2lnbmF0dXJl',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${paypal.url}/v1/notifications/certs/CERT`,
      },
      forged,
    );
    expect(madeUp.status).toBe(400);
    expect(madeUp.body.message).toBe('The webhook could not be verified');
    // A genuine delivery's headers over altered bytes.
    const real = await paypal.renew(id);
    const tampered = await paypal.post(real.headers, real.body.replace(real.event.id, 'WH-OTHER').replace(/"total": "12.00"/, '"total": "0.01"'));
    expect(tampered.status).toBe(400);
    expect((await history(u)).filter((h) => h.kind === 'renewed')).toHaveLength(1);
    expect((await subscription(u)).status).toBe(before.status);
  });

  test('failed renewals keep the account while PayPal retries, then set it inactive', async () => {
    const { u, id } = await subscribed('gold-1m');
    const [first] = await paypal.failRenewal(id);
    expect(first.status).toBe(200);
    expect((await subscription(u)).status).toBe('active');
    expect((await history(u))[0]).toMatchObject({ kind: 'renewal_failed', provider: 'paypal' });
    await paypal.failRenewal(id);
    const last = await paypal.failRenewal(id);
    expect(last.map((d) => d.event.event_type)).toEqual(['BILLING.SUBSCRIPTION.PAYMENT.FAILED', 'BILLING.SUBSCRIPTION.SUSPENDED']);
    expect((await subscription(u)).status).toBe('inactive');
    expect((await s.api('GET', '/api/profile', { token: u.accessToken })).body.isActive).toBe(false);
    expect((await history(u))[0]).toMatchObject({ kind: 'inactive' });
  });

  test('a cancellation at PayPal lets the paid period run out without renewal', async () => {
    const { u, id } = await subscribed('silver-1y');
    expect((await paypal.cancelAtPaypal(id)).status).toBe(200);
    const after = await subscription(u);
    expect(after.status).toBe('canceling');
    expect(after.cancellationDate).not.toBeNull();
  });
});

describe('PayPal subscriber', () => {
  test('cancels and reactivates through our API: PayPal stops and resumes billing', async () => {
    const { u, id } = await subscribed('silver-1m');
    const cancel = await s.api('POST', '/api/payment/subscription/cancel', { token: u.accessToken });
    expect(cancel.status).toBe(200);
    expect(cancel.body.subscription.status).toBe('canceling');
    expect(paypal.subscriptions.get(id)?.status).toBe('SUSPENDED');
    const back = await s.api('POST', '/api/payment/subscription/reactivate', { token: u.accessToken });
    expect(back.status).toBe(200);
    expect(back.body.subscription.status).toBe('active');
    expect(paypal.subscriptions.get(id)?.status).toBe('ACTIVE');
  });

  test('the money-back guarantee refunds the first payment at PayPal and ends the subscription', async () => {
    const { u, id } = await subscribed('gold-1y');
    const captureId = paypal.subscriptions.get(id)?.transactions[0] as string;
    const refund = await s.api('POST', '/api/payment/refund', { token: u.accessToken });
    expect(refund.status).toBe(200);
    expect(refund.body.subscription.status).toBe('canceled');
    expect(paypal.captures.get(captureId)?.refunded).toBe(true);
    expect(paypal.subscriptions.get(id)?.status).toBe('CANCELLED');
    expect((await history(u))[0]).toMatchObject({ kind: 'refunded', amount: -790, provider: 'paypal' });
    // Once only.
    expect((await s.api('POST', '/api/payment/refund', { token: u.accessToken })).status).toBe(409);
  });

  test('a downgrade revises the PayPal subscription to the cheaper plan from the next cycle', async () => {
    const { u, id } = await subscribed('gold-1m');
    const before = paypal.subscriptions.get(id)?.plan_id;
    const change = await s.api('PUT', '/api/payment/subscription', { token: u.accessToken, body: { paymentPlanId: 'bronze-1m' } });
    expect(change.status).toBe(200);
    expect(change.body.subscription.pendingPlanId).toBe('bronze-1m');
    expect(paypal.subscriptions.get(id)?.plan_id).not.toBe(before);
    // The renewal charges the cheaper plan and applies it.
    const renewal = await paypal.renew(id);
    expect(renewal.event.resource.amount.total).toBe('12.00');
    expect((await subscription(u)).plan.id).toBe('bronze-1m');
  });
});
