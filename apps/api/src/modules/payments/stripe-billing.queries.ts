import type { Sql } from '../../db/sql.ts';

// The SQL of Stripe's side of the payments: each plan variant's Stripe product and price.

/** The variant's Stripe product, price and the price's amount when it was made. */
export const stripePriceRows = (sql: Sql, planId: string) =>
  sql<{ stripe_product_id: string | null; stripe_price_id: string | null; stripe_price_cents: number | null }[]>(
    'select stripe_product_id, stripe_price_id, stripe_price_cents from payment_plans where id = ?',
    [planId],
  );

export const setStripePrice = (sql: Sql, planId: string, productId: string, priceId: string, priceCents: number) =>
  sql('update payment_plans set stripe_product_id = ?, stripe_price_id = ?, stripe_price_cents = ? where id = ?', [productId, priceId, priceCents, planId]);
