import type { PaymentPlan } from '@reelbase/api-client';
import { describe, expect, it } from 'vitest';
import {
  findVariant,
  formatBytes,
  formatPrice,
  monthsFreeWithYear,
  periodStart,
  planChangeKind,
  prorationEstimate,
  usagePercent,
} from '../src/lib/billing.ts';
import { cancelExplanation, planChangeExplanation, priceLabel } from '../src/screens/billing/texts.ts';

const GB = 1024 ** 3;
const limits = { storageBytes: 100 * GB, bandwidthBytesPerMonth: 500 * GB, videoGeneratorCredits: 10, features: {}, membersLimit: 1 };
const plans: PaymentPlan[] = [
  { name: 'bronze', variants: [{ id: 'bronze-1m', duration: '1m', price: 12 }, { id: 'bronze-1y', duration: '1y', price: 120 }], limits },
  { name: 'silver', variants: [{ id: 'silver-1m', duration: '1m', price: 29 }, { id: 'silver-1y', duration: '1y', price: 290 }], limits },
  { name: 'gold', variants: [{ id: 'gold-1m', duration: '1m', price: 79 }, { id: 'gold-1y', duration: '1y', price: 790 }], limits },
];
const v = (id: string) => findVariant(plans, id)!;

describe('byte and price formatting', () => {
  it('uses the largest unit that keeps the number at 1 or more, with up to two decimals', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(null)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatBytes(100 * GB)).toBe('100 GB');
    expect(formatBytes(2 * 1024 * GB)).toBe('2 TB');
    expect(formatBytes(1234567890)).toBe('1.15 GB');
    expect(formatBytes(-5)).toBe('0 B');
  });

  it('writes sizes, prices and the texts of the billing screens in the active language', async () => {
    const { activateLocale } = await import('../src/i18n/index.ts');
    const { cancelExplanation, monthLabel, priceLabel: translatedPrice } = await import('../src/screens/billing/texts.ts');
    await activateLocale('de');
    try {
      expect(formatBytes(1.5 * 1024 * 1024)).toBe('1,5 MB');
      expect(formatPrice(9.99)).toBe('9,99\u00a0$');
      expect(translatedPrice({ price: 12, duration: '1m' })).toBe('12\u00a0$ / Monat');
      expect(monthLabel('2026-03')).toBe('März 2026');
      expect(cancelExplanation({ nextPaymentDate: '2026-05-01T12:00:00', cancelDeadline: '2026-04-24T12:00:00' }, new Date('2026-04-20T12:00:00'))).toContain('Ihr Tarif bleibt bis zum 01.05.2026 aktiv');
    } finally {
      await activateLocale('en');
    }
    expect(translatedPrice({ price: 12, duration: '1m' })).toBe('$12 / Month');
  });

  it('shows a share of a limit, capped at 100, and 0 without a limit', () => {
    expect(usagePercent(25, 100)).toBe(25);
    expect(usagePercent(999, 1000)).toBe(99);
    expect(usagePercent(2000, 1000)).toBe(100);
    expect(usagePercent(5, 0)).toBe(0);
  });

  it('shows dollars whole or with cents, per duration', () => {
    expect(formatPrice(12)).toBe('$12');
    expect(formatPrice(9.9)).toBe('$9.90');
    expect(priceLabel({ price: 120, duration: '1y' })).toBe('$120 / Year');
    expect(priceLabel({ price: 12, duration: '1m' })).toBe('$12 / Month');
  });

  it('counts the months a yearly plan saves', () => {
    expect(monthsFreeWithYear(plans[0]!)).toBe(2);
    expect(monthsFreeWithYear({ ...plans[0]!, variants: [{ id: 'a', duration: '1m', price: 10 }, { id: 'b', duration: '1y', price: 130 }] })).toBe(0);
  });
});

describe('plan changes', () => {
  it('ranks plans bronze < silver < gold, and a year above a month of the same plan', () => {
    expect(planChangeKind(v('bronze-1m'), v('gold-1m'))).toBe('upgrade');
    expect(planChangeKind(v('gold-1m'), v('silver-1y'))).toBe('downgrade');
    expect(planChangeKind(v('silver-1m'), v('silver-1y'))).toBe('upgrade');
    expect(planChangeKind(v('silver-1y'), v('silver-1m'))).toBe('downgrade');
    expect(planChangeKind(v('gold-1y'), v('gold-1y'))).toBe('same');
  });

  it('finds the period that ends at the next payment', () => {
    expect(periodStart(new Date('2026-03-31T00:00:00Z'), '1y').toISOString()).toBe('2025-03-31T00:00:00.000Z');
    expect(periodStart(new Date('2026-03-15T12:00:00Z'), '1m').toISOString()).toBe('2026-02-15T12:00:00.000Z');
  });

  it('estimates an upgrade: the rest of the period at the price difference, or a new period less the credit', () => {
    // Half of a 30-day month left (April has 30 days).
    const now = new Date('2026-04-16T00:00:00Z');
    const next = '2026-05-01T00:00:00Z';
    expect(prorationEstimate(v('bronze-1m'), v('gold-1m'), next, now)).toBe(33.5);
    expect(prorationEstimate(v('bronze-1m'), v('bronze-1y'), next, now)).toBe(114);
    // A period already over leaves no credit.
    expect(prorationEstimate(v('bronze-1m'), v('silver-1m'), '2026-01-01T00:00:00Z', now)).toBe(0);
    expect(prorationEstimate(v('bronze-1m'), v('silver-1y'), null, now)).toBe(290);
  });

  it('explains an upgrade (now, pro-rated) and a downgrade (at the period end) before the user confirms', () => {
    const now = new Date('2026-04-16T00:00:00Z');
    const sub = { nextPaymentDate: '2026-05-01T00:00:00Z' };
    expect(planChangeExplanation(sub, v('bronze-1m'), v('gold-1m'), now)).toBe(
      'You move to Gold ($79 / Month) now. The unused part of your current plan is credited, and you pay about $33.50 today. On 05/01/2026 it renews at $79 / Month.',
    );
    expect(planChangeExplanation(sub, v('gold-1m'), v('bronze-1m'), now)).toBe(
      'You keep Gold until the end of the period you paid for (05/01/2026); then you move to Bronze ($12 / Month). Nothing is charged today.',
    );
    expect(planChangeExplanation(sub, v('gold-1m'), v('gold-1m'), now)).toBe('You stay on Gold ($79 / Month): the plan change waiting for the end of this period is undone.');
  });

  it('explains the 7-day cancellation rule on either side of the line', () => {
    const sub = { nextPaymentDate: '2026-05-01T12:00:00', cancelDeadline: '2026-04-24T12:00:00' };
    expect(cancelExplanation(sub, new Date('2026-04-20T12:00:00'))).toContain('You are in time: you will not be charged again and your plan stays active until 05/01/2026.');
    const late = cancelExplanation(sub, new Date('2026-04-28T12:00:00'));
    expect(late).toContain('at least 7 days before renewal (this period\'s last day for that was 04/24/2026)');
    expect(late).toContain('Your plan renews once more on 05/01/2026');
    expect(late).toContain('removed 30 days after');
  });
});

describe('labels', () => {
  it('names months, variants and history events', async () => {
    const { monthLabel, variantLabel, historyKindLabel } = await import('../src/screens/billing/texts.ts');
    expect(monthLabel('2026-03')).toBe('Mar 2026');
    expect(variantLabel(plans, 'gold-1y')).toBe('Gold (Year)');
    expect(variantLabel(plans, 'gone-1m')).toBe('gone-1m');
    expect(historyKindLabel('renewal_failed')).toBe('Renewal failed');
  });

  it('names a typed card by its last four digits only', async () => {
    const { describeMethod } = await import('../src/screens/billing/texts.ts');
    const text = describeMethod({ type: 'card', cardInfo: { cardNumber: '4242424242424242', cvc: '123', expMonth: '04', expYear: '30', firstName: 'Ada', lastName: 'Lovelace' } });
    expect(text).toBe('Card •••• 4242, expires 04/30, Ada Lovelace');
    expect(text).not.toContain('123');
    expect(describeMethod({ type: 'paypal' })).toContain('PayPal');
  });

  it('sends only the colours that changed, whatever their case', async () => {
    const { schemeChanges } = await import('../src/lib/profile-changes.ts');
    const saved = { playerCanvas: '#1974BB', transparentCanvas: false, playerPlayButton: '#22A9E0', playerControlBar: '#43C3D7' };
    expect(schemeChanges(saved, { ...saved, playerCanvas: '#1974bb' })).toEqual({});
    expect(schemeChanges(saved, { ...saved, playerControlBar: '#000000', transparentCanvas: true })).toEqual({ playerControlBar: '#000000', transparentCanvas: true });
  });
});
