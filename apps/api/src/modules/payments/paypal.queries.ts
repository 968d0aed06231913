import type { Sql } from '../../db/sql.ts';

// The SQL of PayPal's side of the payments: each variant's PayPal billing plan and the one PayPal
// product, the checkouts waiting for their capture, and a renewal's sale seen before.

/** A PayPal subscription made at checkout, waiting for the payer's approval and its capture. */
export interface Checkout {
  id: string;
  user_id: string;
  plan_id: string;
  amount_cents: number;
  promo_code: string | null;
  completed_at: Date | null;
}

/** The variant's PayPal billing plan and the price it was made at, locked for the transaction. */
export const lockBillingPlanRow = (sql: Sql, planId: string) =>
  sql<{ paypal_plan_id: string | null; paypal_plan_cents: number | null }[]>('select paypal_plan_id, paypal_plan_cents from payment_plans where id = ? for update', [planId]);

/** One PayPal product is made at a time (for the transaction). */
export const lockPaypalProduct = (sql: Sql) => sql(`select pg_advisory_xact_lock(hashtext('reelbase:paypal-product'))`);

export const paypalProductRows = (sql: Sql) => sql<{ paypal_product_id: string }[]>(`select paypal_product_id from paypal_products where name = 'reelbase'`);

export const insertPaypalProduct = (sql: Sql, paypalProductId: string) => sql(`insert into paypal_products (name, paypal_product_id) values ('reelbase', ?)`, [paypalProductId]);

export const setBillingPlan = (sql: Sql, planId: string, paypalPlanId: string, priceCents: number) =>
  sql('update payment_plans set paypal_plan_id = ?, paypal_plan_cents = ? where id = ?', [paypalPlanId, priceCents, planId]);

export const insertCheckout = (sql: Sql, id: string, userId: string, planId: string, amountCents: number, promoCode: string | null) =>
  sql('insert into paypal_checkouts (id, user_id, plan_id, amount_cents, promo_code) values (?, ?, ?, ?, ?)', [id, userId, planId, amountCents, promoCode]);

/** The user's checkout, locked for the transaction (two captures of one checkout record it once). */
export const lockCheckout = (sql: Sql, id: string, userId: string) => sql<Checkout[]>('select * from paypal_checkouts where id = ? and user_id = ? for update', [id, userId]);

export const completeCheckout = (sql: Sql, id: string) => sql('update paypal_checkouts set completed_at = now() where id = ?', [id]);

/** Whether the user's payment history holds this PayPal sale already. */
export const paypalSaleRows = (sql: Sql, userId: string, saleId: string | null) => sql<unknown[]>(`select 1 from payment_history where user_id = ? and provider = 'paypal' and reference = ?`, [userId, saleId]);
