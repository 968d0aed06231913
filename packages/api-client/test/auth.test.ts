import { describe, expect, it } from 'vitest';
import { createApiClient } from '../src/client/api.ts';
import { ApiError } from '../src/client/errors.ts';
import { memoryTokenStorage } from '../src/client/session.ts';
import { signedIn, testClient, uniqueEmail } from './support/client.ts';

describe('sign-in against the real API', () => {
  it('registers, signs in and keeps the tokens and flags in the injected storage', async () => {
    const { client, storage, email, password } = await signedIn();
    const stored = await storage.load();
    expect(stored).toMatchObject({ isAdmin: false, isPaymentMethodSet: true });
    expect(stored?.accessToken).toBeTruthy();
    const profile = await client.profile.get();
    expect(profile).toMatchObject({ email, firstName: 'Ada', isPaymentMethodSet: true, paymentMethod: 'card' });
    expect(password).toBe('secret123');
  });

  it('reports a user without a payment method', async () => {
    const { client } = await signedIn(null);
    expect(client.getSession()?.isPaymentMethodSet).toBe(false);
  });

  it('words 422 answers as sentences without field names, and keeps each field message for the forms', async () => {
    const { client } = testClient();
    const err = await client.users.register({ firstName: '', lastName: 'L', email: 'nope', password: '123' }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(422);
    expect(err.message).toContain('Email must match format "email".');
    expect(err.message).toContain('Password must NOT have fewer than 6 characters.');
    expect(err.message).toContain('First name must NOT have fewer than 1 characters.');
    expect(err.message).not.toMatch(/\b(email|password|firstName):/);
    expect(err.errors).toMatchObject({ email: 'Must match format "email".', firstName: 'Must NOT have fewer than 1 characters.' });
  });

  it('asks whether an address is free for a new account', async () => {
    const { client } = testClient();
    const email = uniqueEmail();
    expect(await client.users.emailAvailable(email)).toEqual({ available: true });
    await client.users.register({ firstName: 'Ada', lastName: 'Lovelace', email, password: 'secret123' });
    expect(await client.users.emailAvailable(email)).toEqual({ available: false });
  });

  it("shows the server's message for other failures", async () => {
    const { client } = testClient();
    const err = await client.auth.login({ email: uniqueEmail(), password: 'whatever' }).catch((e) => e);
    expect(err).toMatchObject({ status: 401, message: 'Invalid email or password' });
    expect(client.getSession()).toBeNull();
  });

  it('an app without cookies keeps the device token of its sign-in and presents it at the next one', async () => {
    const kept: string[] = [];
    const sent: (string | null)[] = [];
    const client = createApiClient({
      baseUrl: (await import('vitest')).inject('apiUrl'),
      storage: memoryTokenStorage(),
      deviceTokens: { load: () => kept.at(-1) ?? null, save: (t) => void kept.push(t) },
      fetch: (input, init) => {
        if (new URL(input).pathname === '/api/auth/login') sent.push(new Headers(init?.headers).get('x-device-token'));
        return fetch(input, init);
      },
    });
    const email = uniqueEmail();
    await client.users.register({ firstName: 'Ada', lastName: 'Lovelace', email, password: 'secret123' });
    await client.auth.login({ email, password: 'secret123' });
    expect(kept).toHaveLength(1);
    await client.auth.logout();
    await client.auth.login({ email, password: 'secret123' });
    // The first sign-in had none; the second sent the first's, and a fresh one replaced it.
    expect(sent).toEqual([null, kept[0]]);
    expect(kept).toHaveLength(2);
    expect(kept[1]).not.toBe(kept[0]);
  });

  it('signs in an admin with the admin flag', async () => {
    const { client } = testClient();
    const { inject } = await import('vitest');
    const r = await client.auth.login({ email: inject('adminEmail'), password: inject('adminPassword'), rememberMe: true });
    expect(r).toMatchObject({ isAdmin: true });
    expect(client.getSession()?.isAdmin).toBe(true);
  });

  it('logout clears the tokens, and the old access token no longer works', async () => {
    const { client, storage } = await signedIn();
    const token = client.getSession()!.accessToken;
    await client.auth.logout();
    expect(await storage.load()).toBeNull();
    const res = await fetch(`${client.baseUrl}/api/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
  });

  it('logout clears the tokens even when the call fails', async () => {
    const storage = memoryTokenStorage({ accessToken: 'a', refreshToken: 'r', isAdmin: false, isPaymentMethodSet: true });
    const calls: string[] = [];
    const client = createApiClient({
      baseUrl: 'http://127.0.0.1:9',
      storage,
      fetch: async (url) => {
        calls.push(url);
        return new Response('{"message":"down"}', { status: 503 });
      },
    });
    await client.ready;
    expect(client.getSession()?.accessToken).toBe('a');
    await client.auth.logout();
    expect(calls).toEqual(['http://127.0.0.1:9/api/auth/logout']);
    expect(await storage.load()).toBeNull();
    expect(client.getSession()).toBeNull();
  });

  it('updates the profile and tells the session the payment flag', async () => {
    const { client } = await signedIn();
    const r = await client.profile.update({ firstName: 'Grace' });
    expect(r.message).toBe('Profile updated successfully!');
    expect(r.profile.firstName).toBe('Grace');
  });

  it('saves a payment method through the profile (card field errors keyed by their path)', async () => {
    const { client } = await signedIn(null);
    const card = { cardNumber: '4242424242424242', cvc: '123', expMonth: '12', expYear: '29', firstName: 'Ada', lastName: 'Lovelace' };
    const err = await client.profile.update({ paymentMethod: { type: 'card', cardInfo: { ...card, cardNumber: '4242', expMonth: '13' } } }).catch((e) => e);
    expect(err).toMatchObject({ status: 422 });
    expect(err.errors).toMatchObject({ 'paymentMethod.cardInfo.cardNumber': 'Enter a valid card number', 'paymentMethod.cardInfo.expMonth': 'Enter a valid Exp month' });
    expect(client.getSession()?.isPaymentMethodSet).toBe(false);

    const r = await client.profile.update({ paymentMethod: { type: 'card', cardInfo: card } });
    expect(r.profile).toMatchObject({ isPaymentMethodSet: true, paymentMethod: 'card' });
    expect(client.getSession()?.isPaymentMethodSet).toBe(true);

    const paypal = await signedIn(null);
    // PayPal becomes the method only once a PayPal checkout is approved and paid: choosing it sets nothing.
    const p = await paypal.client.profile.update({ paymentMethod: { type: 'paypal' } });
    expect(p.profile).toMatchObject({ isPaymentMethodSet: false, paymentMethod: null });
    expect(paypal.client.getSession()?.isPaymentMethodSet).toBe(false);
  });
});
