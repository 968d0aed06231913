import { PAYMENT_MESSAGES } from '@reelbase/api-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.ts';

// Without STRIPE_SECRET_KEY cards go to the sandbox: subscriptions start, nothing is charged.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

const card = { cardNumber: '4242424242424242', cvc: '123', expMonth: '12', expYear: '34', firstName: 'Ada', lastName: 'Lovelace' };

async function registerWithCard() {
  const email = `sb${crypto.randomUUID().slice(0, 8)}@example.com`;
  const reg = await s.api('POST', '/api/users', { body: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'secret123', paymentMethod: { type: 'card', cardInfo: card } } });
  expect(reg.status).toBe(201);
  const login = await s.api('POST', '/api/auth/login', { body: { email, password: 'secret123' } });
  return { id: reg.body.id as string, token: login.body.accessToken as string };
}

describe('plans', () => {
  test('GET /api/payment/plan lists bronze, silver and gold with both durations, without signing in', async () => {
    const res = await s.api('GET', '/api/payment/plan');
    expect(res.status).toBe(200);
    expect(res.body.items.map((p: { name: string }) => p.name)).toEqual(['bronze', 'silver', 'gold']);
    expect(res.body.items[0].variants).toEqual(
      expect.arrayContaining([
        { id: 'bronze-1m', duration: '1m', price: 12 },
        { id: 'bronze-1y', duration: '1y', price: 120 },
      ]),
    );
  });
});

describe('the sandbox (no STRIPE_SECRET_KEY)', () => {
  test('a card registers with a sandbox reference and its label; subscribing starts the plan at once', async () => {
    const u = await registerWithCard();
    expect((await s.api('GET', '/api/payment/subscription', { token: u.token })).body).toMatchObject({ status: 'none', plan: null, paymentMethodLabel: 'Card •••• 4242' });
    const sub = await s.api('POST', '/api/payment/subscription', { token: u.token, body: { paymentPlanId: 'silver-1m' } });
    expect(sub.status).toBe(200);
    expect(sub.body.message).toBe(PAYMENT_MESSAGES.subscribed);
    expect(sub.body.subscription).toMatchObject({ status: 'active', plan: { id: 'silver-1m', name: 'silver', duration: '1m', price: 29 } });
    const history = await s.api('GET', '/api/payment/history', { token: u.token });
    expect(history.body.items).toMatchObject([{ kind: 'subscribed', planId: 'silver-1m', amount: 29, provider: 'stripe', referenceUrl: null }]);
    expect(history.body.items[0].reference).toMatch(/^sandbox_in_/);
  });
});
