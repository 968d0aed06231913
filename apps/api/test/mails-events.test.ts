import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bandwidthNotices } from '../src/modules/payments/bandwidth-notices.ts';
import { makeClip } from './support/clips.ts';
import { type ReadMail, mailsTo, pdfText } from './support/mail.ts';
import { adminToken, CARD, registerWithCard, sql, subscribed } from './support/payments.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ SELLER_NAME: 'Example Video GmbH', SELLER_ADDRESS: '1 Film Street, 10115 Berlin', SELLER_VAT_ID: 'DE999999999', SELLER_VAT_RATE_PERCENT: '19', SELLER_EMAIL: 'billing@example.com' });
});
afterAll(() => s.stop());

/** Waits for the mail of `template` to `to` (event mails leave the outbox after their change commits). */
async function mailOf(to: string, template: string, count = 1): Promise<ReadMail> {
  const found = async () => (await mailsTo(s.dataDir, to)).filter((m) => m.template === template);
  await expect.poll(async () => (await found()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return (await found())[count - 1];
}
const templatesTo = async (to: string) => (await mailsTo(s.dataDir, to)).map((m) => m.template);

describe('payments through the sandbox', () => {
  test('a subscription mails a receipt with its PDF invoice; a new card and a refund are told too', async () => {
    const u = await registerWithCard(s);
    expect((await mailsTo(s.dataDir, u.email)).map((m) => m.template)).toEqual(['welcome']);
    const sub = await subscribed(s, u, 'silver-1m');
    const amount = `$${sub.plan.price.toFixed(2)}`;

    const receipt = await mailOf(u.email, 'payment-receipt');
    expect(receipt.subject).toBe(`Your Reelbase receipt: ${amount} for Silver, monthly`);
    expect(receipt.text).toContain(`Amount paid: ${amount}`);
    expect(receipt.text).toMatch(/Period: \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d/);
    expect(receipt.text).toContain('Payment method: Card •••• 4242');
    expect(receipt.html).toContain(amount);
    expect(receipt.attachments).toHaveLength(1);
    const [pdf] = receipt.attachments;
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
    const invoice = pdfText(pdf.content);
    expect(invoice).toContain(amount);
    expect(invoice).toContain('Example Video GmbH');
    expect(invoice).toContain('10115 Berlin');
    expect(invoice).toContain('VAT ID: DE999999999');
    expect(invoice).toContain('Ada Lovelace');
    expect(invoice).toContain(pdf.filename.replace('.pdf', ''));
    expect(pdf.filename).toMatch(/^INV-\d{6}\.pdf$/);

    // The first card of the registration was no change; a new one is.
    const put = await s.api('PUT', '/api/profile', { token: u.token, body: { paymentMethod: { type: 'card', cardInfo: { ...CARD, cardNumber: '5555555555554444' } } } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const changed = await mailOf(u.email, 'payment-method-changed');
    expect(changed.text).toContain('Payment method: Card •••• 4444');

    // The money-back guarantee: a credit note for the same amount.
    const refund = await s.api('POST', '/api/payment/refund', { token: u.token });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const credit = await mailOf(u.email, 'refund-receipt');
    expect(credit.subject).toBe(`Your Reelbase refund: ${amount}`);
    const note = pdfText(credit.attachments[0].content);
    expect(note).toContain('Credit note');
    expect(note).toContain(`-${amount}`);
    expect(credit.attachments[0].filename).toMatch(/^CN-\d{6}\.pdf$/);
    // Invoice numbers never repeat.
    expect(credit.attachments[0].filename.slice(3)).not.toBe(pdf.filename.slice(4));
  });

  test('a cancellation is mailed with the day it ends; nothing is mailed for a refused change', async () => {
    const u = await registerWithCard(s);
    await subscribed(s, u, 'bronze-1m');
    const cancel = await s.api('POST', '/api/payment/subscription/cancel', { token: u.token });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const mail = await mailOf(u.email, 'subscription-canceled');
    expect(mail.text).toMatch(/keeps working until \d{4}-\d\d-\d\d/);
    const before = (await templatesTo(u.email)).length;
    expect((await s.api('POST', '/api/payment/subscription/cancel', { token: u.token })).status).toBeGreaterThanOrEqual(400);
    await s.services.mailOutbox.flush();
    expect((await templatesTo(u.email)).length).toBe(before);
  });
});

test('a password change is mailed to the owner', async () => {
  const u = await signUpAndLogin(s);
  const res = await s.api('PUT', '/api/profile', { token: u.accessToken, body: { password: 'another-secret-9', currentPassword: u.password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const mail = await mailOf(u.email, 'password-changed');
  expect(mail.subject).toBe('Your Reelbase password was changed');
  expect(mail.text).toContain('in Settings');
});

describe('videos', () => {
  test('a video that cannot be processed is mailed with the reason the owner sees', async () => {
    const u = await signUpAndLogin(s);
    const fake = join(s.dataDir, 'fake.mp4');
    await writeFile(fake, 'this is not a video at all\n'.repeat(200));
    const up = await s.upload(u.accessToken, fake, { type: 'video/mp4', name: 'Holiday cut' });
    const video = await s.waitForVideo(u.accessToken, up.body.id, (v) => v.status === 'failed');
    const mail = await mailOf(u.email, 'video-processing-failed');
    expect(mail.subject).toBe('"Holiday cut" could not be processed');
    expect(mail.text).toContain(`Reason: ${video.processing.error}`);
    expect(mail.html).toContain(video.processing.error);
  });

  test("an admin's block is mailed to the owner with the reason; storage at 80% and 100% is mailed once per climb", async () => {
    const u = await signUpAndLogin(s);
    const clip = await makeClip({ seconds: 2, width: 320, height: 180 });
    const up = await s.upload(u.accessToken, clip, { name: 'Teaser' });
    const video = await s.waitForVideo(u.accessToken, up.body.id, (v) => v.status === 'ready' && v.processing.isLadderReady);

    const admin = await adminToken(s);
    const block = await s.api('POST', '/api/videos/bulk', { token: admin, body: { action: 'block', ban: true, ids: [video.id], reason: 'Copyright claim by Example Films' } });
    expect(block.status, JSON.stringify(block.body)).toBe(200);
    const blocked = await mailOf(u.email, 'video-blocked');
    expect(blocked.subject).toBe('Your video "Teaser" was blocked');
    expect(blocked.text).toContain('Reason: Copyright claim by Example Films');
    expect(blocked.text).toContain('billing@example.com');
    const tooLong = await s.api('POST', '/api/videos/bulk', { token: admin, body: { action: 'block', ban: true, ids: [video.id], reason: 'x'.repeat(501) } });
    expect(tooLong.status).toBe(422);

    // Storage: the account's limit (no plan: STORAGE_LIMIT_BYTES_PER_ACCOUNT is unlimited here) set through a plan.
    const [{ stored }] = await sql<{ stored: string }>(s, 'select sum(stored_bytes) as stored from videos where user_id = ?', [u.id]);
    const used = Number(stored);
    await sql(s, `insert into payment_plans (id, name, duration, price_cents, storage_bytes, bandwidth_bytes_per_month, video_generator_credits, features)
      select 'mailtest-1m', name, '1m', price_cents, storage_bytes, bandwidth_bytes_per_month, video_generator_credits, features from payment_plans where id = 'bronze-1m'`).catch(() => undefined);
    const limitTo = async (bytes: number) => {
      await sql(s, `update payment_plans set storage_bytes = ? where id = 'bronze-1m'`, [bytes]);
      await sql(s, `update users set payment_plan_id = 'bronze-1m' where id = ?`, [u.id]);
      // Every job that writes a video's files recounts it; this is that recount.
      await s.services.quota.recount(video.id);
      await s.services.mailOutbox.flush();
    };
    const storageMails = async () => (await mailsTo(s.dataDir, u.email)).filter((m) => m.template === 'usage-threshold').map((m) => m.subject);

    await limitTo(Math.ceil(used / 0.5));
    expect(await storageMails()).toEqual([]);
    await limitTo(Math.ceil(used / 0.85));
    expect(await storageMails()).toEqual(['Your Reelbase storage is 80% full']);
    await limitTo(Math.ceil(used / 0.9));
    expect(await storageMails()).toHaveLength(1);
    await limitTo(used);
    expect(await storageMails()).toEqual(['Your Reelbase storage is 80% full', 'Your Reelbase storage is full']);
    await limitTo(used);
    expect(await storageMails()).toHaveLength(2);
    // Room again (a bigger plan, deleted videos), then a new climb: told again.
    await limitTo(used * 4);
    await limitTo(Math.ceil(used / 0.85));
    expect(await storageMails()).toHaveLength(3);
    const full = (await mailsTo(s.dataDir, u.email)).find((m) => m.subject === 'Your Reelbase storage is full') as ReadMail;
    expect(full.text).toContain('uploads, imports, copies and edits are refused');
  });
});

test("bandwidth: 80% and then 100% of the month's limit are mailed once each", async () => {
  const u = await signUpAndLogin(s);
  const notices = bandwidthNotices({ orm: s.services.orm, defaults: { storageBytes: 1, bandwidthBytesPerMonth: 1000, bandwidthGracePercent: 10 } });
  const month = new Date().toISOString().slice(0, 7);
  const used = async (bytes: number) => {
    await sql(s, `insert into user_bandwidth_months (user_id, month, bytes) values (?, ?::date, ?) on conflict (user_id, month) do update set bytes = excluded.bytes`, [u.id, `${month}-01`, bytes]);
    // What each bandwidth flush runs for the owners it counted.
    await notices(month, [u.id]);
    await s.services.mailOutbox.flush();
    return (await mailsTo(s.dataDir, u.email)).filter((m) => m.template === 'usage-threshold').map((m) => m.subject);
  };
  expect(await used(700)).toEqual([]);
  expect(await used(850)).toEqual(["Your videos used 80% of this month's bandwidth"]);
  expect(await used(900)).toHaveLength(1);
  expect(await used(1000)).toEqual(["Your videos used 80% of this month's bandwidth", "Your videos used this month's bandwidth"]);
  expect(await used(1050)).toHaveLength(2);
  const full = (await mailsTo(s.dataDir, u.email)).at(-1) as ReadMail;
  expect(full.text).toContain('They keep playing for another 10% (100 bytes)');
});
