import { describe, expect, test } from 'vitest';
import { invoicePdf } from '../src/mail/invoice-pdf.ts';
import type { MailContext } from '../src/mail/layout.ts';
import { renderMail } from '../src/mail/render.ts';
import { TEMPLATES, type TemplateData, type TemplateName } from '../src/mail/templates/index.ts';
import type { Invoice } from '../src/mail/templates/invoice.ts';
import { pdfText } from './support/mail.ts';

const APP = 'https://app.example.test';
const ctx: MailContext = {
  publicUrl: APP,
  productName: 'Reelbase',
  seller: { name: 'Reelbase Ltd', address: ['1 Film Street', '10115 Berlin', 'Germany'], vatId: 'DE123456789', vatRatePercent: 19, email: 'billing@reelbase.test' },
};
const invoice: Invoice = {
  number: 'INV-000042',
  kind: 'invoice',
  issuedAt: '2026-12-01T10:00:00.000Z',
  buyer: { name: 'Ada Lovelace', email: 'ada@example.com' },
  description: 'New subscription',
  plan: 'Silver, monthly',
  periodStart: '2026-12-01T10:00:00.000Z',
  periodEnd: '2027-01-01T10:00:00.000Z',
  amountCents: 1190,
  currency: 'USD',
  paidWith: 'Visa ending 4242',
  reference: 'in_123',
};
const client = { address: '203.0.113.9', userAgent: 'Firefox on Linux', at: '2026-12-01T10:00:00.000Z' };

interface Sample<N extends TemplateName> {
  data: TemplateData<N>;
  subject: string;
  /** Words the text part (and the HTML part) must say. */
  says: string[];
  /** Links the mail must carry, the first one first in the text part. */
  links: string[];
}
const SAMPLES: { [N in TemplateName]: Sample<N>[] } = {
  welcome: [
    { data: { firstName: 'Ada', link: `${APP}/verify-email?token=abc` }, subject: 'Welcome to Reelbase: confirm your email address', says: ['Hello Ada,', 'Welcome to Reelbase!', 'valid for 48 hours'], links: [`${APP}/verify-email?token=abc`, `${APP}/`] },
    { data: { firstName: 'Ada', link: null }, subject: 'Welcome to Reelbase', says: ['Welcome to Reelbase!', 'upload a video'], links: [`${APP}/`] },
  ],
  'verify-email': [{ data: { intro: 'The email address of this Reelbase account was never confirmed.', link: `${APP}/verify-email?token=t1` }, subject: 'Confirm your email address', says: ['never confirmed'], links: [`${APP}/verify-email?token=t1`] }],
  'reset-password': [{ data: { why: 'Someone asked to reset the password of this account.', link: `${APP}/reset-password?token=r1` }, subject: 'Reset your Reelbase password', says: ['valid for one hour'], links: [`${APP}/reset-password?token=r1`] }],
  'email-change-confirm': [{ data: { link: `${APP}/confirm-email?token=c1` }, subject: 'Confirm your new email address', says: ['keeps its current address'], links: [`${APP}/confirm-email?token=c1`] }],
  'email-change-notice': [
    { data: { newEmail: 'new@example.com', cancelLink: `${APP}/cancel-email-change?token=x1` }, subject: 'Your Reelbase email address is being changed', says: ['new@example.com', 'If it was not you, open this link'], links: [`${APP}/cancel-email-change?token=x1`] },
  ],
  'set-password': [
    { data: { firstName: 'Ada', link: `${APP}/reset-password?token=s1` }, subject: 'Your Reelbase account: choose your password', says: ['Hello Ada,', 'An administrator created', 'valid for 7 days'], links: [`${APP}/reset-password?token=s1`] },
  ],
  'email-changed-by-admin': [
    { data: { newEmail: 'new@example.com' }, subject: 'Your Reelbase address was changed', says: ['to new@example.com', 'write to billing@reelbase.test at once'], links: [] },
  ],
  'password-changed': [
    { data: { firstName: 'Ada', at: '2026-12-01T10:00:00.000Z', viaReset: false }, subject: 'Your Reelbase password was changed', says: ['2026-12-01 10:00 UTC', 'in Settings', 'Every other device'], links: [`${APP}/forgot-password`] },
  ],
  'sign-in-notice': [
    { data: { kind: 'newDevice', client, failures: 0, minutes: 15 }, subject: 'New sign-in to your Reelbase account', says: ['203.0.113.9', 'Firefox on Linux', '2026-12-01 10:00 UTC'], links: [`${APP}/forgot-password`] },
    { data: { kind: 'accountLocked', client, failures: 10, minutes: 15 }, subject: 'Sign-ins to your Reelbase account are paused', says: ['10 failed attempts', 'paused for 15 minutes'], links: [`${APP}/forgot-password`] },
    { data: { kind: 'deviceLocked', client, failures: 5, minutes: 15 }, subject: 'A device was stopped from signing in to your Reelbase account', says: ['5 times', 'no longer trusted'], links: [`${APP}/forgot-password`] },
  ],
  'removal-notice': [
    { data: { firstName: 'Ada', unpaid: true, removalDays: 30, removalOn: '2027-01-05T00:00:00.000Z' }, subject: 'Your Reelbase videos will be removed', says: ['could not be paid', 'on 2027-01-05'], links: [`${APP}/settings`] },
  ],
  'usage-threshold': [
    { data: { firstName: 'Ada', resource: 'storage', percent: 80, used: '8.0 GB', limit: '10.0 GB' }, subject: 'Your Reelbase storage is 80% full', says: ['8.0 GB of your 10.0 GB storage'], links: [`${APP}/settings`] },
    { data: { firstName: 'Ada', resource: 'storage', percent: 100, used: '10.0 GB', limit: '10.0 GB' }, subject: 'Your Reelbase storage is full', says: ['uploads, imports, copies and edits are refused'], links: [`${APP}/settings`] },
    { data: { firstName: 'Ada', resource: 'bandwidth', percent: 80, used: '80.0 GB', limit: '100.0 GB' }, subject: "Your videos used 80% of this month's bandwidth", says: ['80.0 GB of your 100.0 GB monthly bandwidth'], links: [`${APP}/settings`] },
    {
      data: { firstName: 'Ada', resource: 'bandwidth', percent: 100, used: '100.0 GB', limit: '100.0 GB', graceText: 'They keep playing for another 10% (10.0 GB).' },
      subject: "Your videos used this month's bandwidth",
      says: ['another 10% (10.0 GB)', 'until the 1st of next month'],
      links: [`${APP}/settings`],
    },
  ],
  'payment-receipt': [
    { data: { firstName: 'Ada', invoice }, subject: 'Your Reelbase receipt: $11.90 for Silver, monthly', says: ['INV-000042', '$11.90', '2026-12-01 to 2027-01-01', 'Including VAT (19%): $1.90', 'Visa ending 4242', 'DE123456789'], links: [`${APP}/settings`] },
  ],
  'refund-receipt': [
    { data: { firstName: 'Ada', invoice: { ...invoice, kind: 'credit-note', number: 'CN-000043', description: 'Refund of your first payment' } }, subject: 'Your Reelbase refund: $11.90', says: ['CN-000043', 'Amount refunded: $11.90', 'Credit note'], links: [`${APP}/settings`] },
  ],
  'payment-method-changed': [{ data: { firstName: 'Ada', method: 'Visa ending 4242', at: '2026-12-01T10:00:00.000Z' }, subject: 'Your Reelbase payment method was changed', says: ['Payment method: Visa ending 4242'], links: [`${APP}/settings`] }],
  'plan-changed': [
    { data: { firstName: 'Ada', from: 'Gold, monthly', to: 'Silver, monthly', effectiveOn: '2027-01-01T00:00:00.000Z', undone: false }, subject: 'Your Reelbase plan changes to Silver, monthly', says: ['from Gold, monthly to Silver, monthly on 2027-01-01'], links: [`${APP}/settings`] },
    { data: { firstName: 'Ada', from: 'Gold, monthly', to: 'Gold, monthly', effectiveOn: null, undone: true }, subject: 'Your Reelbase plan stays as it is', says: ['you keep Gold, monthly'], links: [`${APP}/settings`] },
  ],
  'subscription-canceled': [
    { data: { firstName: 'Ada', plan: 'Silver, monthly', endsAt: '2027-01-01T00:00:00.000Z', byAdmin: false, removalDays: 30 }, subject: 'Your Reelbase subscription was canceled', says: ['keeps working until 2027-01-01', '30 days'], links: [`${APP}/settings`] },
    { data: { firstName: 'Ada', plan: 'Silver, monthly', endsAt: null, byAdmin: true, removalDays: 30 }, subject: 'Your Reelbase subscription was canceled', says: ['An administrator canceled'], links: [`${APP}/settings`] },
  ],
  'renewal-failed': [
    { data: { firstName: 'Ada', plan: 'Silver, monthly', amountCents: 1190, currency: 'USD', final: false }, subject: 'Your Reelbase renewal could not be paid', says: ['($11.90) could not be paid', 'We try again'], links: [`${APP}/settings`] },
    { data: { firstName: 'Ada', plan: 'Silver, monthly', amountCents: null, currency: 'USD', final: true }, subject: 'Your Reelbase subscription stopped: the renewal could not be paid', says: ['no longer play'], links: [`${APP}/settings`] },
  ],
  'video-processing-failed': [
    { data: { firstName: 'Ada', videoName: 'Launch <b>teaser</b>', reason: 'This file could not be read as a video.', playable: false }, subject: '"Launch <b>teaser</b>" could not be processed', says: ['Reason: This file could not be read as a video.', 'upload it again'], links: [`${APP}/`] },
  ],
  'video-blocked': [
    { data: { firstName: 'Ada', videoNames: ['Teaser'], blocked: true, reason: 'Copyright claim by Example Films', supportEmail: 'billing@reelbase.test' }, subject: 'Your video "Teaser" was blocked', says: ['Reason: Copyright claim by Example Films', 'billing@reelbase.test'], links: [] },
    { data: { firstName: 'Ada', videoNames: ['Teaser', 'Trailer'], blocked: false, reason: null, supportEmail: 'billing@reelbase.test' }, subject: '2 of your videos play again', says: ['"Teaser", "Trailer"'], links: [`${APP}/`] },
  ],
  'video-password-guessing': [
    { data: { firstName: 'Ada', videoId: 'v1', videoName: 'Teaser', checks: 20, minutes: 60 }, subject: 'Password guessing on your video "Teaser" was paused', says: ['Hello Ada,', 'more than 20 password tries within 60 minutes', 'change it'], links: [`${APP}/v1`] },
  ],
  'team-invitation': [
    { data: { teamName: 'Acme <Films>', inviterName: 'Ada Lovelace', role: 'editor', link: `${APP}/invitation?token=abc` }, subject: 'Ada Lovelace invited you to Acme <Films> on Reelbase', says: ['as editor', 'works once and for 7 days'], links: [`${APP}/invitation?token=abc`] },
  ],
  'team-removed': [
    { data: { firstName: 'Grace', teamName: 'Acme <Films>' }, subject: 'You were removed from Acme <Films> on Reelbase', says: ['Hello Grace', 'removed you from it', 'still yours'], links: [`${APP}/login`] },
  ],
  'ownership-transfer': [
    { data: { firstName: 'Grace', teamName: 'Acme', fromName: 'Ada Lovelace', link: `${APP}/settings/team` }, subject: 'Ada Lovelace wants to make you the owner of Acme', says: ['Hello Grace', 'stays in the team as admin', 'expires in 7 days'], links: [`${APP}/settings/team`] },
  ],
  'two-factor': [
    { data: { firstName: 'Ada', kind: 'on', at: '2026-12-01T10:00:00.000Z' }, subject: 'Two-factor authentication is on for your Reelbase account', says: ['Hello Ada', 'turned on', '2026-12-01 10:00 UTC'], links: [`${APP}/forgot-password`] },
    { data: { firstName: 'Ada', kind: 'off', at: '2026-12-01T10:00:00.000Z' }, subject: 'Two-factor authentication is off for your Reelbase account', says: ['turned off'], links: [`${APP}/forgot-password`] },
    { data: { firstName: 'Ada', kind: 'recovery-used', at: '2026-12-01T10:00:00.000Z', codesLeft: 9 }, subject: 'A recovery code was used to sign in to your Reelbase account', says: ['9 recovery codes left'], links: [`${APP}/forgot-password`] },
  ],
  'lead-watched': [
    {
      data: { firstName: 'Ada', teamName: 'Acme', videoId: 'v1', leadEmail: 'lead@example.com', leadName: 'Grace Hopper', videoName: 'Demo <tour>', watchedSeconds: 125, percentWatched: 41.6, endedAt: '2026-12-01T10:00:00.000Z' },
      subject: 'Grace Hopper watched Demo <tour>',
      says: ['Hello Ada,', 'Grace Hopper (lead@example.com), a lead of Acme, just watched "Demo <tour>": 2 min 5 s, 42% of the video.', '2026-12-01 10:00 UTC', 'at most one an hour'],
      links: [`${APP}/video-analytics/v1`, `${APP}/settings`],
    },
  ],
  'lead-watched-digest': [
    {
      data: {
        firstName: null,
        teamName: 'Acme',
        items: [
          { leadEmail: 'lead@example.com', leadName: null, videoName: 'Demo', watchedSeconds: 30, percentWatched: 100, endedAt: '2026-12-01T10:00:00.000Z' },
          { leadEmail: 'b@example.com', leadName: 'Bo', videoName: 'Pricing', watchedSeconds: 61, percentWatched: 12.2, endedAt: '2026-12-01T11:00:00.000Z' },
        ],
        more: 1,
      },
      subject: 'Lead digest: 3 sessions watched by your leads',
      says: ['Hello,', 'Known leads of Acme watched 3 sessions', 'lead@example.com: "Demo", 30 s (100%)', 'Bo (b@example.com): "Pricing", 1 min 1 s (12%)', 'and 1 more.'],
      links: [`${APP}/leads`, `${APP}/settings`],
    },
  ],
  'review-comment': [
    {
      data: { firstName: 'Ada', videoId: 'v1', videoName: 'Spring ad', version: 2, name: 'Client Carl', email: 'carl@example.com', atSec: 65, text: 'Logo too small here.', more: 2 },
      subject: 'Client Carl commented on Spring ad',
      says: ['Hello Ada,', 'Client Carl (carl@example.com) commented on "Spring ad" (version 2) at 1:05:', 'Logo too small here.', '2 more comments came through this link'],
      links: [`${APP}/v1`],
    },
  ],
  'review-decision': [
    {
      data: { firstName: null, videoId: 'v1', videoName: 'Spring ad', version: 1, name: 'Client Carl', email: 'carl@example.com', decision: 'approved' },
      subject: 'Client Carl approved Spring ad',
      says: ['Hello,', 'Client Carl (carl@example.com) approved "Spring ad" (version 1).'],
      links: [`${APP}/v1`],
    },
  ],
  'webhook-disabled': [
    {
      data: { firstName: 'Ada', url: 'https://hooks.example.com/in', failingSince: '2026-12-01T10:00:00.000Z', lastError: 'The endpoint answered 500.' },
      subject: 'A webhook endpoint was disabled',
      says: ['Hello Ada,', 'failed since 2026-12-01 10:00 UTC', 'hooks.example.com/in', 'The endpoint answered 500.'],
      links: [`${APP}/settings`],
    },
  ],
};

const decodeHtml = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const visible = (html: string) => decodeHtml(html.replace(/<style[\s\S]*?<\/style>/g, '').replace(/<br\s*\/?>/g, '\n').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '));

test('every template has samples here', () => {
  expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(TEMPLATES).sort());
});

describe.each(Object.entries(SAMPLES).flatMap(([name, samples]) => (samples as Sample<TemplateName>[]).map((s, i) => [`${name} #${i + 1}`, name as TemplateName, s] as const)))('%s', (_label, name, sample) => {
  test('renders its subject, a text part and an HTML part that say the same, with working links', async () => {
    const mail = await renderMail(ctx, 'ada@example.com', name, sample.data as never);
    expect(mail.subject).toBe(sample.subject);
    expect(mail.template).toBe(name);
    // The text part: every fact, the main link first, and the sign-off.
    for (const words of sample.says) expect(mail.text).toContain(words);
    const textLinks = mail.text.match(/https?:\/\/\S+/g) ?? [];
    if (sample.links.length) expect(textLinks[0]).toBe(sample.links[0]);
    for (const link of sample.links) expect(textLinks).toContain(link);
    expect(mail.text.trimEnd().endsWith(`Reelbase\n${APP}`)).toBe(true);
    // Every link of the text part is a link of the HTML part, and none points elsewhere.
    const hrefs = [...(mail.html ?? '').matchAll(/href="([^"]+)"/g)].map((m) => decodeHtml(m[1]));
    for (const link of textLinks) expect(hrefs).toContain(link);
    for (const href of hrefs) expect(href.startsWith(APP) || href.startsWith('mailto:')).toBe(true);
    // The HTML part: a whole document (MJML's output), the subject as its title, the same words, nothing unescaped.
    expect(mail.html).toMatch(/^<!doctype html>/i);
    expect(mail.html).toContain(`<title>${sample.subject.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')}</title>`);
    // (A fact "Label: value" of the text part is a table row in HTML: label and value each appear.)
    const shown = visible(mail.html ?? '');
    for (const words of sample.says) for (const piece of words.split(/: (?=\S)/)) expect(shown).toContain(piece.replace(/\s+/g, ' '));
    expect(mail.html).not.toContain('<b>teaser</b>');
  });
});

test('the receipt carries its invoice as a PDF, and a refund its credit note', async () => {
  const receipt = await renderMail(ctx, 'ada@example.com', 'payment-receipt', { firstName: 'Ada', invoice });
  expect(receipt.attachments?.map((a) => [a.filename, a.contentType])).toEqual([['INV-000042.pdf', 'application/pdf']]);
  const text = pdfText(receipt.attachments?.[0].content as Buffer);
  for (const words of ['Invoice', 'INV-000042', '2026-12-01', 'Reelbase Ltd', '1 Film Street', '10115 Berlin', 'VAT ID: DE123456789', 'Ada Lovelace', 'ada@example.com', 'Silver, monthly', '2026-12-01 to 2027-01-01', '$11.90', 'Including VAT 19%', '$1.90', 'USD'])
    expect(text).toContain(words);

  const credit = pdfText(await invoicePdf({ ...invoice, kind: 'credit-note', number: 'CN-000043' }, { ...ctx.seller, vatId: '' }));
  expect(credit).toContain('Credit note');
  expect(credit).toContain('CN-000043');
  expect(credit).toContain('-$11.90');
  expect(credit).toContain('Total refunded');
  expect(credit).toContain('No VAT is charged');
  expect(credit).not.toContain('VAT ID');
  // Mails without a payment carry no attachment.
  expect((await renderMail(ctx, 'ada@example.com', 'plan-changed', SAMPLES['plan-changed'][0].data)).attachments).toBeUndefined();
});
