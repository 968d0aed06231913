import type { Sql } from '../../db/sql.ts';

// The SQL of promo codes: creating one, taking and giving back a use, reading one (codes are
// given here already normalised, upper-case).

/** A promo_codes row as stored. */
export interface DbPromo {
  code: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  valid_from: Date | null;
  valid_until: Date | null;
  max_uses: number | null;
  used_count: number;
}

/** A new code; none when the code exists. */
export const insertPromoCode = (
  sql: Sql,
  p: { code: string; percentOff: number | null; amountOffCents: number | null; validFrom: string | null; validUntil: string | null; maxUses: number | null },
) =>
  sql<DbPromo[]>(
    `insert into promo_codes (code, percent_off, amount_off_cents, valid_from, valid_until, max_uses) values (?, ?, ?, ?, ?, ?)
     on conflict do nothing returning *`,
    [p.code, p.percentOff, p.amountOffCents, p.validFrom, p.validUntil, p.maxUses],
  );

/** Takes one use of the code when it is valid now and has uses left (none otherwise). */
export const takePromoUseRow = (sql: Sql, code: string) =>
  sql<DbPromo[]>(
    `update promo_codes set used_count = used_count + 1 where code = ? and (valid_from is null or valid_from <= now()) and (valid_until is null or valid_until > now())
       and (max_uses is null or used_count < max_uses) returning *`,
    [code],
  );

export const promoByCode = (sql: Sql, code: string) => sql<DbPromo[]>('select * from promo_codes where code = ?', [code]);

/** Gives one use back (never below zero). */
export const decrementPromoUse = (sql: Sql, code: string) => sql('update promo_codes set used_count = greatest(used_count - 1, 0) where code = ?', [code]);
