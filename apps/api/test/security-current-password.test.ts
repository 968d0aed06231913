import { MESSAGES, TEAM_MESSAGES } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addMember } from './support/teams.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Issue 35, item 2: the current password typed to change the profile, to hand a team over or to
 * link a sign-in is a guess at the account's password, so it is counted in sign-in's own counts
 * (reserved before argon2 runs, in the same bounded pool) and paused like a sign-in. The server
 * trusts X-Forwarded-For (TRUST_PROXY), so each test speaks from the addresses it chooses. The
 * window is short here so that a test can wait for its end (the Retry-After the server names).
 */

const WINDOW_SECONDS = 4;
const PAUSED = /^Too many failed sign-in attempts\. Try again in \d+ seconds?\.$/;
const SETTINGS = {
  TRUST_PROXY: 'true',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '20',
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: '5',
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '20',
  LOGIN_FAILURE_WINDOW_SECONDS: String(WINDOW_SECONDS),
} as const;

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer(SETTINGS);
});
afterAll(() => s.stop());

let lastOctet = 0;
const newAddress = () => `203.0.${113 + Math.floor(++lastOctet / 250)}.${lastOctet % 250}`;
const parallel = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));
function statusCounts(answers: { status: number }[]) {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

const changeEmail = (token: string, currentPassword: string, address: string) =>
  s.api('PUT', '/api/profile', { token, body: { email: `new-${crypto.randomUUID().slice(0, 6)}@example.com`, currentPassword }, headers: { 'x-forwarded-for': address } });

/** Repeats `call` while it answers 429, each time after the Retry-After it named: the window's end is the event waited for. */
async function afterThePause(call: () => Promise<{ status: number; headers: Headers; body: any }>) {
  for (let i = 0; i < 10; i++) {
    const res = await call();
    if (res.status !== 429) return res;
    await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after')) * 1000));
  }
  throw new Error('still paused after 10 waits');
}

test('40 parallel wrong current passwords on PUT /api/profile: 5 are checked (422), the other 35 answer 429 saying when to try again; the right one works once the window has passed', async () => {
  const me = await signUpAndLogin(s);
  const from = newAddress();
  const answers = await parallel(40, () => changeEmail(me.accessToken, 'wrong-guess', from));
  expect(statusCounts(answers)).toEqual({ 422: 5, 429: 35 });
  for (const a of answers.filter((x) => x.status === 422)) expect(a.body.errors).toEqual({ currentPassword: MESSAGES.currentPasswordWrong });
  for (const a of answers.filter((x) => x.status === 429)) {
    expect(a.body.message).toMatch(PAUSED);
    expect(Number(a.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  }
  // Paused for this account from this address, whatever the password (as a sign-in would be)...
  const rightButPaused = await changeEmail(me.accessToken, me.password, from);
  expect([rightButPaused.status, rightButPaused.body.message]).toEqual([429, expect.stringMatching(PAUSED)]);
  // ...and the same counts pause a sign-in there: one guess at the password, wherever it is typed.
  const signIn = await s.api('POST', '/api/auth/login', { body: { email: me.email, password: me.password }, headers: { 'x-forwarded-for': from } });
  expect(signIn.status).toBe(429);
  // The owner elsewhere is not paused: the account's own count (20) is far from full.
  expect((await changeEmail(me.accessToken, me.password, newAddress())).status).toBe(200);
  // Once the window has passed, the right password works from that address too.
  const later = await afterThePause(() => changeEmail(me.accessToken, me.password, from));
  expect([later.status, later.body.pendingEmail]).toEqual([200, expect.stringMatching(/^new-/)]);
});

test('a new password with a wrong current one is counted the same way', async () => {
  const me = await signUpAndLogin(s);
  const from = newAddress();
  const answers = await parallel(8, () => s.api('PUT', '/api/profile', { token: me.accessToken, body: { password: 'brand-new-1', currentPassword: 'nope' }, headers: { 'x-forwarded-for': from } }));
  expect(statusCounts(answers)).toEqual({ 422: 5, 429: 3 });
});

test('ownership transfer: wrong passwords are counted, then 429; the right one from elsewhere still works', async () => {
  const owner = await signUpAndLogin(s);
  const heir = await signUpAndLogin(s);
  await addMember(s, owner.id, heir.id, 'admin');
  const from = newAddress();
  const ask = (password: string, address: string) =>
    s.api('POST', `/api/teams/${owner.id}/ownership-transfer`, { token: owner.accessToken, body: { userId: heir.id, password }, headers: { 'x-forwarded-for': address } });
  const answers = await parallel(12, () => ask('not-it', from));
  expect(statusCounts(answers)).toEqual({ 403: 5, 429: 7 });
  expect(answers.find((a) => a.status === 403)?.body.message).toBe(TEAM_MESSAGES.wrongPassword);
  expect(answers.find((a) => a.status === 429)?.body.message).toMatch(PAUSED);
  expect((await ask(owner.password, newAddress())).status).toBe(201);
});

test('linking a sign-in: wrong current passwords are counted before the provider is asked, then 429', async () => {
  const me = await signUpAndLogin(s);
  const from = newAddress();
  const answers = await parallel(9, () =>
    s.api('POST', '/api/profile/identities', { token: me.accessToken, body: { platform: 'facebook', token: 'not-a-real-token', currentPassword: 'wrong' }, headers: { 'x-forwarded-for': from } }),
  );
  expect(statusCounts(answers)).toEqual({ 422: 5, 429: 4 });
  expect(answers.find((a) => a.status === 422)?.body.errors).toEqual({ currentPassword: MESSAGES.currentPasswordWrong });
});
