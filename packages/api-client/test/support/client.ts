import { inject } from 'vitest';
import { createApiClient } from '../../src/client/api.ts';
import { memoryTokenStorage, type SignOutEvent } from '../../src/client/session.ts';
import type { FetchLike } from '../../src/client/transport.ts';

/** A client on the test API with in-memory tokens; records sign-outs and every request path. */
export function testClient(opts: { fetch?: FetchLike } = {}) {
  const signOuts: SignOutEvent[] = [];
  const requests: string[] = [];
  const storage = memoryTokenStorage();
  const fetcher: FetchLike = (input, init) => {
    requests.push(`${init?.method ?? 'GET'} ${new URL(input).pathname}`);
    return (opts.fetch ?? fetch)(input, init);
  };
  const client = createApiClient({ baseUrl: inject('apiUrl'), storage, onSignOut: (e) => signOuts.push(e), fetch: fetcher });
  return { client, storage, signOuts, requests };
}

export const uniqueEmail = () => `u${crypto.randomUUID().slice(0, 8)}@example.com`;

export const CARD = { cardNumber: '4242424242424242', cvc: '123', expMonth: '12', expYear: '34', firstName: 'Ada', lastName: 'Lovelace' };

/** Registers a user with a card (the sandbox's test card; null: no payment method) and signs the client in. */
export async function signedIn(paymentMethod: 'card' | null = 'card') {
  const t = testClient();
  const email = uniqueEmail();
  const password = 'secret123';
  await t.client.users.register({ firstName: 'Ada', lastName: 'Lovelace', email, password, ...(paymentMethod && { paymentMethod: { type: paymentMethod, cardInfo: CARD } }) });
  await t.client.auth.login({ email, password });
  return { ...t, email, password };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
