import { describe, expect, inject, it } from 'vitest';
import { createApiClient } from '../src/client/api.ts';
import { memoryTokenStorage, type SignOutEvent } from '../src/client/session.ts';
import { signedIn, sleep } from './support/client.ts';

const waitForExpiry = () => sleep(inject('accessTtlSeconds') * 1000 + 1200);

describe('refresh and retry', () => {
  it('refreshes an expired access token once and retries the call', async () => {
    const { client, requests, signOuts } = await signedIn();
    const before = client.getSession()!;
    await waitForExpiry();
    requests.length = 0;
    const profile = await client.profile.get();
    expect(profile.firstName).toBe('Ada');
    expect(requests).toEqual(['GET /api/profile', 'POST /auth/refresh', 'GET /api/profile']);
    const after = client.getSession()!;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.isPaymentMethodSet).toBe(true);
    expect(signOuts).toEqual([]);
  });

  it('lets concurrent calls that meet an expired token share one refresh', async () => {
    const { client, requests, signOuts } = await signedIn();
    await waitForExpiry();
    requests.length = 0;
    const results = await Promise.all([client.profile.get(), client.videos.list(), client.profile.get(), client.videos.list({ limit: 5 })]);
    expect(results).toHaveLength(4);
    expect(requests.filter((r) => r === 'POST /auth/refresh')).toHaveLength(1);
    expect(signOuts).toEqual([]);
    // The rotated refresh token still works (a second refresh would have revoked the family).
    await waitForExpiry();
    await expect(client.profile.get()).resolves.toMatchObject({ firstName: 'Ada' });
  });

  it('clears the tokens and reports a sign-out when the refresh fails', async () => {
    const { client } = await signedIn();
    const expired = client.getSession()!.accessToken;
    const signOuts: SignOutEvent[] = [];
    const storage = memoryTokenStorage({ accessToken: expired, refreshToken: 'not-a-real-refresh-token', isAdmin: false, isPaymentMethodSet: true });
    const other = createApiClient({ baseUrl: inject('apiUrl'), storage, onSignOut: (e) => signOuts.push(e) });
    await waitForExpiry();
    const err = await other.profile.get().catch((e) => e);
    expect(err.status).toBe(401);
    expect(await storage.load()).toBeNull();
    expect(other.getSession()).toBeNull();
    expect(signOuts).toEqual([{ reason: 'expired', message: 'Your session has expired. Please sign in again.' }]);
  });

  it('ends the session when the server has revoked it', async () => {
    const { client, signOuts } = await signedIn();
    const session = client.getSession()!;
    await fetch(`${client.baseUrl}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${session.accessToken}` } });
    const err = await client.profile.get().catch((e) => e);
    expect(err.status).toBe(401);
    expect(client.getSession()).toBeNull();
    expect(signOuts.map((s) => s.reason)).toEqual(['revoked']);
  });
});
