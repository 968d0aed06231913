import { TERMS } from '@reelbase/api-client';
import { nextInvoiceNumber, queueMail } from '../../mail/outbox.ts';
import { planLabel } from '../../mail/templates/format.ts';
import type { Invoice } from '../../mail/templates/invoice.ts';
import type { Sql } from '../../db/sql.ts';
import type { PlanRow } from './plans.ts';
import { type Owner, ownerRows } from './payment-mails.queries.ts';

const CURRENCY = 'USD';

/** The team owner's address and name (after a transfer, the new owner's), with the account's payment method. */
const owner = async (sql: Sql, userId: string) => {
  const [o] = await ownerRows(sql, userId);
  return o;
};
const methodOf = (o: Pick<Owner, 'payment_method' | 'payment_method_label'>) => o.payment_method_label ?? (o.payment_method === 'paypal' ? 'PayPal' : o.payment_method === 'card' ? 'Card' : null);

/** An invoice or credit note with the next number, for the owner as they are now. */
async function invoiceOf(
  sql: Sql,
  o: Owner,
  kind: Invoice['kind'],
  f: { description: string; plan: string; periodStart: Date | null; periodEnd: Date | null; amountCents: number; reference: string | null },
): Promise<Invoice> {
  return {
    number: await nextInvoiceNumber(sql, kind),
    kind,
    issuedAt: new Date().toISOString(),
    buyer: { name: `${o.first_name} ${o.last_name}`.trim(), email: o.email },
    description: f.description,
    plan: f.plan,
    periodStart: f.periodStart?.toISOString() ?? null,
    periodEnd: f.periodEnd?.toISOString() ?? null,
    amountCents: Math.abs(f.amountCents),
    currency: CURRENCY,
    paidWith: methodOf(o),
    reference: f.reference,
  };
}

/**
 * The mails of the subscription core's changes, recorded in the change's own transaction (the
 * outbox sends them after its commit). Each payment and refund gets a receipt with an invoice or
 * credit-note number of its own.
 */
export const paymentMails = {
  /** A payment: a new subscription, a renewal, an upgrade. */
  async receipt(sql: Sql, userId: string, f: { plan: PlanRow; description: string; amountCents: number | null; periodStart: Date | null; periodEnd: Date | null; reference: string | null }) {
    const o = await owner(sql, userId);
    const invoice = await invoiceOf(sql, o, 'invoice', { ...f, plan: planLabel(f.plan.name, f.plan.duration), amountCents: f.amountCents ?? f.plan.priceCents });
    await queueMail(sql, o.email, 'payment-receipt', { firstName: o.first_name, invoice });
  },

  /** The money-back guarantee paid out: a credit note. */
  async refund(sql: Sql, userId: string, f: { plan: PlanRow | null; amountCents: number | null; reference: string | null }) {
    const o = await owner(sql, userId);
    const invoice = await invoiceOf(sql, o, 'credit-note', {
      description: `Refund of your first payment (the ${TERMS.moneyBackDays}-day money-back guarantee)`,
      plan: f.plan ? planLabel(f.plan.name, f.plan.duration) : 'Subscription',
      periodStart: null,
      periodEnd: null,
      amountCents: f.amountCents ?? f.plan?.priceCents ?? 0,
      reference: f.reference,
    });
    await queueMail(sql, o.email, 'refund-receipt', { firstName: o.first_name, invoice });
  },

  async renewalFailed(sql: Sql, userId: string, plan: PlanRow | null, amountCents: number | null, final: boolean) {
    const o = await owner(sql, userId);
    await queueMail(sql, o.email, 'renewal-failed', { firstName: o.first_name, plan: plan ? planLabel(plan.name, plan.duration) : 'Reelbase', amountCents: amountCents ?? plan?.priceCents ?? null, currency: CURRENCY, final });
  },

  async planChanged(sql: Sql, userId: string, from: PlanRow, to: PlanRow, effectiveOn: Date | null, undone: boolean) {
    const o = await owner(sql, userId);
    await queueMail(sql, o.email, 'plan-changed', { firstName: o.first_name, from: planLabel(from.name, from.duration), to: planLabel(to.name, to.duration), effectiveOn: effectiveOn?.toISOString() ?? null, undone });
  },

  async canceled(sql: Sql, userId: string, plan: PlanRow | null, endsAt: Date | null, byAdmin: boolean) {
    const o = await owner(sql, userId);
    await queueMail(sql, o.email, 'subscription-canceled', {
      firstName: o.first_name,
      plan: plan ? planLabel(plan.name, plan.duration) : 'Reelbase',
      endsAt: endsAt?.toISOString() ?? null,
      byAdmin,
      removalDays: TERMS.removalAfterCancellationDays,
    });
  },

  async methodChanged(sql: Sql, userId: string, m: { type: 'card' | 'paypal'; label: string | null }) {
    const o = await owner(sql, userId);
    await queueMail(sql, o.email, 'payment-method-changed', { firstName: o.first_name, method: methodOf({ payment_method: m.type, payment_method_label: m.label }) ?? m.type, at: new Date().toISOString() });
  },
};
