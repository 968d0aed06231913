import { afterAll, beforeAll, expect, test } from 'vitest';
import { history, registerWithCard, subscribed, subscription, userRow } from './support/payments.ts';
import { type PaypalStandin, startPaypalStandin } from './support/paypal-standin.ts';
import { type StripeStandin, startStripeStandin } from './support/stripe-standin.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
let stripe: StripeStandin;
let paypal: PaypalStandin;
beforeAll(async () => {
  stripe = await startStripeStandin();
  paypal = await startPaypalStandin();
  s = await startTestServer({ ...stripe.env, ...paypal.env });
  stripe.setWebhookUrl(`${s.url}/api/payment/webhook/stripe`);
  paypal.webhookUrl = `${s.url}/api/payment/webhook/paypal`;
});
afterAll(async () => {
  await s?.stop();
  await stripe?.close();
  await paypal?.close();
});

test('an account left unpaid at Stripe that pays again with PayPal: the Stripe subscription ends, only PayPal bills from now on', async () => {
  const u = await registerWithCard(s);
  await subscribed(s, u, 'bronze-1m');
  const stripeSub = (await userRow(s, u.id)).stripe_subscription_id;
  await stripe.endPeriod(stripeSub, { fail: 'final' });
  expect((await subscription(s, u)).status).toBe('inactive');
  expect(stripe.subscriptions.get(stripeSub)?.status).toBe('unpaid');

  expect((await s.api('PUT', '/api/profile', { token: u.token, body: { paymentMethod: { type: 'paypal' } } })).status).toBe(200);
  const order = await s.api('POST', '/api/payment', { token: u.token, body: { paymentPlanId: 'silver-1m' } });
  expect(order.status).toBe(201);
  await paypal.approve(order.body.id);
  const capture = await s.api('POST', `/api/payment/${order.body.id}/capture`, { token: u.token });
  expect(capture.status, JSON.stringify(capture.body)).toBe(200);

  expect(capture.body.subscription).toMatchObject({ status: 'active', plan: { id: 'silver-1m' }, paymentMethod: 'paypal' });
  expect(stripe.subscriptions.get(stripeSub)?.status).toBe('canceled');
  expect(await userRow(s, u.id)).toMatchObject({ stripe_subscription_id: null, paypal_subscription_id: order.body.id, is_active: true });
  const latest = (await history(s, u)).slice(0, 3);
  expect(latest).toContainEqual(expect.objectContaining({ kind: 'ended', provider: 'stripe', reference: stripeSub }));
  expect(latest).toContainEqual(expect.objectContaining({ kind: 'subscribed', provider: 'paypal', planId: 'silver-1m' }));
});
