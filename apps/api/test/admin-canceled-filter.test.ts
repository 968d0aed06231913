import { type AdminUser, AdminUserListQuery } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminUserListQuery } from '../src/modules/admin/admin-users.queries.ts';
import { CARD, sql } from './support/payments.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// Only banned / only canceled on both admin lists: on the active list "canceled" is a subscription
// canceled and running to the end of its paid period; on the inactive list a canceled account.

let s: TestServer;
let admin: string;
const users: Record<'paying' | 'canceling' | 'canceled' | 'banned' | 'noPlan', { id: string; token: string }> = {} as never;

async function register(name: string, plan: string | null) {
  const email = `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await s.api('POST', '/api/users', {
    body: { firstName: name, lastName: 'Filter', email, password: 'secret123', paymentMethod: { type: 'card', cardInfo: CARD }, ...(plan && { paymentPlanId: plan }) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const login = await s.api('POST', '/api/auth/login', { body: { email, password: 'secret123' } });
  return { id: res.body.id as string, token: login.body.accessToken as string };
}

const list = async (query: string) => {
  const res = await s.api('GET', `/api/users?${query}`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ids: (res.body.items as AdminUser[]).map((u) => u.id).sort(), total: res.body.meta.totalItems as number };
};
const idsOf = (...names: (keyof typeof users)[]) => names.map((n) => users[n].id).sort();

const ACTIVE = 'isActive=true&ban=false';
const INACTIVE = 'inactive=true';

beforeAll(async () => {
  s = await startTestServer();
  admin = (await s.api('POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'admin-password' } })).body.accessToken;
  users.paying = await register('paying', 'silver-1m');
  users.canceling = await register('canceling', 'gold-1y');
  users.canceled = await register('canceled', 'bronze-1m');
  users.banned = await register('banned', 'bronze-1m');
  users.noPlan = await register('noplan', null);
  // The user cancels: the subscription runs to the end of the paid period, the account stays active.
  expect((await s.api('POST', '/api/payment/subscription/cancel', { token: users.canceling.token })).status).toBe(200);
  expect((await s.api('PUT', `/api/users/${users.canceled.id}`, { token: admin, body: { isActive: false } })).status).toBe(200);
  expect((await s.api('PUT', `/api/users/${users.banned.id}`, { token: admin, body: { ban: true, banReason: 'spam' } })).status).toBe(200);
});
afterAll(() => s.stop());

test('the active list: only canceled lists the accounts whose subscription is canceled but still running; only banned none', async () => {
  expect(await list(ACTIVE)).toEqual({ ids: idsOf('paying', 'canceling', 'noPlan'), total: 3 });
  const canceled = await list(`${ACTIVE}&only-canceled=true`);
  expect(canceled).toEqual({ ids: idsOf('canceling'), total: 1 });
  // The row says why: a cancellation date while active.
  const [row] = (await s.api('GET', `/api/users?${ACTIVE}&only-canceled=true`, { token: admin })).body.items as AdminUser[];
  expect(row).toMatchObject({ isActive: true, ban: false, plan: 'gold' });
  expect(row.cancellationDate).not.toBeNull();
  expect(await list(`${ACTIVE}&only-banned=true`)).toEqual({ ids: [], total: 0 });
  // Sorted by any column and searched, the filter holds.
  expect((await list(`${ACTIVE}&only-canceled=true&field=plan&direction=DESC`)).ids).toEqual(idsOf('canceling'));
  expect(await list(`${ACTIVE}&only-canceled=true&search=canceling`)).toEqual({ ids: idsOf('canceling'), total: 1 });
  expect(await list(`${ACTIVE}&only-canceled=true&search=paying`)).toEqual({ ids: [], total: 0 });
});

test('the inactive list: only canceled lists canceled accounts, only banned banned ones', async () => {
  expect(await list(INACTIVE)).toEqual({ ids: idsOf('canceled', 'banned'), total: 2 });
  expect(await list(`${INACTIVE}&only-canceled=true`)).toEqual({ ids: idsOf('canceled'), total: 1 });
  expect(await list(`${INACTIVE}&only-banned=true`)).toEqual({ ids: idsOf('banned'), total: 1 });
});

test('the totals follow every change (counts kept per status by the trigger) and match a real count', async () => {
  // The user takes the cancellation back: no longer canceled on the active list.
  expect((await s.api('POST', '/api/payment/subscription/reactivate', { token: users.canceling.token })).status).toBe(200);
  expect(await list(`${ACTIVE}&only-canceled=true`)).toEqual({ ids: [], total: 0 });
  // Another one cancels.
  expect((await s.api('POST', '/api/payment/subscription/cancel', { token: users.paying.token })).status).toBe(200);
  expect(await list(`${ACTIVE}&only-canceled=true`)).toEqual({ ids: idsOf('paying'), total: 1 });
  // An admin cancels that account: it moves to the inactive list's canceled ones.
  expect((await s.api('PUT', `/api/users/${users.paying.id}`, { token: admin, body: { isActive: false } })).status).toBe(200);
  expect(await list(`${ACTIVE}&only-canceled=true`)).toEqual({ ids: [], total: 0 });
  expect(await list(`${INACTIVE}&only-canceled=true`)).toEqual({ ids: idsOf('canceled', 'paying'), total: 2 });

  const counted = await sql(s, 'select is_admin, is_active, ban, cancel_at_period_end, n::int as n from user_status_counts where n <> 0 order by 1, 2, 3, 4');
  const real = await sql(s, 'select is_admin, is_active, ban, cancel_at_period_end, count(*)::int as n from users group by 1, 2, 3, 4 order by 1, 2, 3, 4');
  expect(counted).toEqual(real);
});

test("the active list's canceled page reads the partial index of canceling accounts", async () => {
  const em = s.services.orm.em.fork();
  await em.transactional(async (tx) => {
    // A tiny table is cheapest to scan; without that choice the planner shows which index fits the query.
    await tx.execute('set local enable_seqscan = off');
    // The list's own statement, as GET /api/users?isActive=true&ban=false&only-canceled=true runs it.
    const q = adminUserListQuery(AdminUserListQuery.parse({ isActive: 'true', ban: 'false', 'only-canceled': 'true' }));
    const plan = await tx.execute<{ 'QUERY PLAN': string }[]>(`explain ${q.text}`, q.params);
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('users_canceling_idx');
  });
});
