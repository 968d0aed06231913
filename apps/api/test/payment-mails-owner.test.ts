import { afterAll, beforeAll, expect, test } from 'vitest';
import { type ReadMail, mailsTo } from './support/mail.ts';
import { registerWithCard, sql, subscribed } from './support/payments.ts';
import { addMember, inTeam } from './support/teams.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * The money of a team's account is its owner's business: after an ownership transfer, receipts,
 * failed renewals, cancellations and the removal notice go to the new owner, not to whoever paid first.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 60_000);
afterAll(() => s?.stop());

async function mailOf(to: string, template: string, count = 1): Promise<ReadMail> {
  const found = async () => (await mailsTo(s.dataDir, to)).filter((m) => m.template === template);
  await expect.poll(async () => (await found()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return (await found())[count - 1];
}
const templatesTo = async (to: string) => (await mailsTo(s.dataDir, to)).map((m) => m.template);

test('after an ownership transfer, payment mails go to the new owner', async () => {
  const payer = await registerWithCard(s);
  await subscribed(s, payer, 'silver-1m');
  await mailOf(payer.email, 'payment-receipt');
  const heir = await signUpAndLogin(s);
  await addMember(s, payer.id, heir.id, 'editor');
  const asked = await s.api('POST', `/api/teams/${payer.id}/ownership-transfer`, { token: payer.token, body: { userId: heir.id, password: 'secret123' } });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  expect((await s.api('POST', `/api/teams/${payer.id}/ownership-transfer/accept`, { token: heir.accessToken })).status).toBe(200);
  const payerMailsBefore = await templatesTo(payer.email);

  // The provider reports a renewal, then a failed one (as its webhooks do).
  await s.services.subscriptions.renewed(payer.id, { provider: 'stripe', reference: 'in_renewal', amountCents: 1900, periodEnd: new Date(Date.now() + 30 * 86_400_000) });
  const receipt = await mailOf(heir.email, 'payment-receipt');
  expect(receipt.to).toContain(heir.email);
  expect(receipt.subject).toContain('Your Reelbase receipt');
  // The invoice names who owns the account now; the card stays the account's.
  expect(receipt.text).toContain('Payment method: Card');
  await s.services.subscriptions.renewalFailed(payer.id, { provider: 'stripe', reference: 'in_failed', amountCents: 1900, final: false });
  expect((await mailOf(heir.email, 'renewal-failed')).subject).toBeTruthy();

  // The new owner cancels in the team; the cancellation is theirs to read.
  const cancel = await s.api('POST', '/api/payment/subscription/cancel', { token: heir.accessToken, headers: inTeam(payer.id) });
  expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
  await mailOf(heir.email, 'subscription-canceled');

  // 27 days after it ended, the removal notice goes to the owner too.
  await sql(s, `update users set is_active = false, subscription_ends_at = now() - interval '27 days', canceled_at = now() - interval '27 days' where id = ?`, [payer.id]);
  expect((await s.services.accountRemoval()).noticed).toBe(1);
  await mailOf(heir.email, 'removal-notice');

  await s.services.mailOutbox.flush();
  expect(await templatesTo(payer.email)).toEqual(payerMailsBefore);
});
