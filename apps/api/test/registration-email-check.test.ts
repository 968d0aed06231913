import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Registration's account step asks whether an address is free before the payment step. The answer
 * tells whether an account exists, so it is no faster to ask than registering: the same per-address
 * limit (RATE_LIMIT_REGISTRATION_PER_ADDRESS, here 3 an hour), counted on its own.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ RATE_LIMIT_REGISTRATION_PER_ADDRESS: '3/3600', TRUST_PROXY: 'true' });
});
afterAll(() => s.stop());

const uniqueEmail = () => `c${crypto.randomUUID().slice(0, 8)}@example.com`;
const check = (email: unknown, from: string) => s.api('POST', '/api/users/email-check', { body: { email }, headers: { 'x-forwarded-for': from } });

describe('POST /api/users/email-check', () => {
  test('says whether an address is free, whatever its case, and registration agrees', async () => {
    const email = uniqueEmail();
    expect(await check(email, '198.51.100.1')).toMatchObject({ status: 200, body: { available: true } });
    const reg = await s.api('POST', '/api/users', {
      body: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'secret123', paymentMethod: { type: 'paypal' } },
      headers: { 'x-forwarded-for': '198.51.100.9' },
    });
    expect(reg.status).toBe(201);
    expect(await check(email.toUpperCase(), '198.51.100.1')).toMatchObject({ status: 200, body: { available: false } });
  });

  test('an address that is not one answers the registration form’s own message, beside the email field', async () => {
    const res = await check('ada@', '198.51.100.2');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ email: 'Must match format "email".' });
  });

  test('past the registration limit of an address it answers 429, other addresses still ask', async () => {
    for (let i = 0; i < 3; i++) expect((await check(uniqueEmail(), '198.51.100.3')).status).toBe(200);
    const over = await check(uniqueEmail(), '198.51.100.3');
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ message: 'Too many requests. Try again later.', code: 'RATE_LIMITED_ERROR' });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await check(uniqueEmail(), '198.51.100.4')).status).toBe(200);
    // Its own count: checking did not use up the address's registrations.
    const reg = await s.api('POST', '/api/users', {
      body: { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail(), password: 'secret123', paymentMethod: { type: 'paypal' } },
      headers: { 'x-forwarded-for': '198.51.100.3' },
    });
    expect(reg.status).toBe(201);
  });
});
