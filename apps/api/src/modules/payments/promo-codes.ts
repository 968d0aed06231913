import type { PromoCode, PromoCodeCreate } from '@reelbase/api-client';
import type { z } from 'zod';
import { conflict, unprocessable } from '../../http/errors.ts';
import type { Sql } from '../../db/sql.ts';
import type { Discount } from './billing-provider.ts';
import { type DbPromo, decrementPromoUse, insertPromoCode, promoByCode, takePromoUseRow } from './promo-codes.queries.ts';

export const PROMO_MESSAGES = {
  unknown: 'This promo code does not exist',
  notYet: 'This promo code is not valid yet',
  expired: 'This promo code has expired',
  usedUp: 'This promo code has been used up',
  exists: 'This promo code exists already',
} as const;

const toPromo = (r: DbPromo): PromoCode => ({
  code: r.code,
  percentOff: r.percent_off,
  amountOff: r.amount_off_cents === null ? null : r.amount_off_cents / 100,
  validFrom: r.valid_from ? new Date(r.valid_from).toISOString() : null,
  validUntil: r.valid_until ? new Date(r.valid_until).toISOString() : null,
  maxUses: r.max_uses,
  usedCount: r.used_count,
});

/** Codes are matched without regard to case: stored upper-case. */
const norm = (code: string) => code.trim().toUpperCase();

export async function createPromoCode(sql: Sql, input: z.output<typeof PromoCodeCreate>): Promise<PromoCode> {
  const rows = await insertPromoCode(sql, {
    code: norm(input.code),
    percentOff: input.percentOff ?? null,
    amountOffCents: input.amountOff === undefined ? null : Math.round(input.amountOff * 100),
    validFrom: input.validFrom ?? null,
    validUntil: input.validUntil ?? null,
    maxUses: input.maxUses ?? null,
  });
  if (!rows.length) throw conflict(PROMO_MESSAGES.exists);
  return toPromo(rows[0]);
}

/**
 * Takes one use of the code (valid now, uses left), or answers 422 with the reason. Taken
 * before the payment; `releasePromoUse` gives it back when the payment fails.
 */
export async function takePromoUse(sql: Sql, code: string): Promise<Discount> {
  const [row] = await takePromoUseRow(sql, norm(code));
  if (row) return { code: row.code, percentOff: row.percent_off, amountOffCents: row.amount_off_cents };
  throw unprocessable({ promoCode: (await promoCodeProblem(sql, code)) ?? PROMO_MESSAGES.usedUp });
}

/**
 * Why a code cannot be used now (unknown, not yet valid, expired, used up), or null when it can.
 * Checkout takes a use; the settings' promo code field is checked with the same reasons.
 */
export async function promoCodeProblem(sql: Sql, code: string): Promise<string | null> {
  const [found] = await promoByCode(sql, norm(code));
  const now = Date.now();
  if (!found) return PROMO_MESSAGES.unknown;
  if (found.valid_from && new Date(found.valid_from).getTime() > now) return PROMO_MESSAGES.notYet;
  if (found.valid_until && new Date(found.valid_until).getTime() <= now) return PROMO_MESSAGES.expired;
  if (found.max_uses !== null && found.used_count >= found.max_uses) return PROMO_MESSAGES.usedUp;
  return null;
}

export async function releasePromoUse(sql: Sql, code: string): Promise<void> {
  await decrementPromoUse(sql, norm(code));
}
