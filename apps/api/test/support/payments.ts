import { expect } from 'vitest';
import { CARD } from './card.ts';
import { type StripeStandin, startStripeStandin } from './stripe-standin.ts';
import { startTestServer, type TestServer } from './test-server.ts';

export { CARD };

/** A server whose cards go to a Stripe stand-in (with `elements`, also a publishable key for Stripe.js), and the stand-in sending its webhooks to the server. */
export async function startWithStripe(o: { elements?: boolean } = {}): Promise<{ s: TestServer; stripe: StripeStandin; stop: () => Promise<void> }> {
  const stripe = await startStripeStandin();
  const s = await startTestServer({
    ...stripe.env,
    // Stripe Elements: the browser sends PaymentMethod ids made with this key.
    ...(o.elements && { STRIPE_PUBLISHABLE_KEY: stripe.publishableKey }),
  });
  stripe.setWebhookUrl(`${s.url}/api/payment/webhook/stripe`);
  return {
    s,
    stripe,
    async stop() {
      await s.stop();
      await stripe.close();
    },
  };
}

export type Customer = { id: string; email: string; token: string };

/** Registers with a card (through POST /api/users, as the registration page does) and signs in. */
export async function registerWithCard(s: TestServer, cardNumber = CARD.cardNumber): Promise<Customer> {
  const email = `p${crypto.randomUUID().slice(0, 8)}@example.com`;
  const reg = await s.api('POST', '/api/users', {
    body: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'secret123', paymentMethod: { type: 'card', cardInfo: { ...CARD, cardNumber } } },
  });
  expect(reg.status, JSON.stringify(reg.body)).toBe(201);
  const login = await s.api('POST', '/api/auth/login', { body: { email, password: 'secret123' } });
  return { id: reg.body.id, email, token: login.body.accessToken };
}

export async function adminToken(s: TestServer): Promise<string> {
  return (await s.api('POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'admin-password' } })).body.accessToken;
}

export const sql = async <T = any>(s: TestServer, q: string, params: unknown[] = []): Promise<T[]> => (await s.services.orm.em.fork().execute(q, params)) as T[];

export async function userRow(s: TestServer, id: string) {
  const [row] = await sql(s, 'select * from users where id = ?', [id]);
  return row;
}

export async function subscribed(s: TestServer, u: Customer, paymentPlanId: string, promoCode?: string) {
  const res = await s.api('POST', '/api/payment/subscription', { token: u.token, body: { paymentPlanId, ...(promoCode && { promoCode }) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.subscription;
}

export const history = async (s: TestServer, u: Customer) => (await s.api('GET', '/api/payment/history', { token: u.token })).body.items as any[];
export const subscription = async (s: TestServer, u: Customer) => (await s.api('GET', '/api/payment/subscription', { token: u.token })).body;

/** Time passes: the paid period ends `daysLeft` days from now, at Stripe and on our row alike. */
export async function periodEndsIn(s: TestServer, stripe: StripeStandin, u: Customer, daysLeft: number): Promise<string> {
  const row = await userRow(s, u.id);
  const end = stripe.setPeriodEnd(row.stripe_subscription_id, daysLeft);
  await sql(s, 'update users set next_payment_at = ? where id = ?', [end, u.id]);
  return row.stripe_subscription_id;
}
