import type { PromoCode, PromoCodeCreate } from '@reelbase/api-client';
import type { z } from 'zod';
import { conflict, unprocessable } from '../../http/errors.ts';
import type { Sql } from '../../db/sql.ts';
import type { Discount } from './billing-provider.ts';

export const PROMO_MESSAGES = {
  unknown: 'This promo code does not exist',
  notYet: 'This promo code is not valid yet',
  expired: 'This promo code has expired',
  usedUp: 'This promo code has been used up',
  exists: 'This promo code exists already',
} as const;

interface DbPromo {
  code: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  valid_from: Date | null;
  valid_until: Date | null;
  max_uses: number | null;
  used_count: number;
}

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
  const rows = await sql<DbPromo[]>(
    `insert into promo_codes (code, percent_off, amount_off_cents, valid_from, valid_until, max_uses) values (?, ?, ?, ?, ?, ?)
     on conflict do nothing returning *`,
    [
      norm(input.code),
      input.percentOff ?? null,
      input.amountOff === undefined ? null : Math.round(input.amountOff * 100),
      input.validFrom ?? null,
      input.validUntil ?? null,
      input.maxUses ?? null,
    ],
  );
  if (!rows.length) throw conflict(PROMO_MESSAGES.exists);
  return toPromo(rows[0]);
}

/**
 * Takes one use of the code (valid now, uses left), or answers 422 with the reason. Taken
 * before the payment; `releasePromoUse` gives it back when the payment fails.
 */
export async function takePromoUse(sql: Sql, code: string): Promise<Discount> {
  const [row] = await sql<DbPromo[]>(
    `update promo_codes set used_count = used_count + 1 where code = ? and (valid_from is null or valid_from <= now()) and (valid_until is null or valid_until > now())
       and (max_uses is null or used_count < max_uses) returning *`,
    [norm(code)],
  );
  if (row) return { code: row.code, percentOff: row.percent_off, amountOffCents: row.amount_off_cents };
  throw unprocessable({ promoCode: (await promoCodeProblem(sql, code)) ?? PROMO_MESSAGES.usedUp });
}

/**
 * Why a code cannot be used now (unknown, not yet valid, expired, used up), or null when it can.
 * Checkout takes a use; the settings' promo code field is checked with the same reasons.
 */
export async function promoCodeProblem(sql: Sql, code: string): Promise<string | null> {
  const [found] = await sql<DbPromo[]>('select * from promo_codes where code = ?', [norm(code)]);
  const now = Date.now();
  if (!found) return PROMO_MESSAGES.unknown;
  if (found.valid_from && new Date(found.valid_from).getTime() > now) return PROMO_MESSAGES.notYet;
  if (found.valid_until && new Date(found.valid_until).getTime() <= now) return PROMO_MESSAGES.expired;
  if (found.max_uses !== null && found.used_count >= found.max_uses) return PROMO_MESSAGES.usedUp;
  return null;
}

export async function releasePromoUse(sql: Sql, code: string): Promise<void> {
  await sql('update promo_codes set used_count = greatest(used_count - 1, 0) where code = ?', [norm(code)]);
}
