import type { MailContent, MailContext } from '../layout.ts';
import { day, hello, money } from './format.ts';
import { type Invoice, vatOf } from './invoice.ts';

/** The facts a receipt and a credit note share. */
export function receiptFacts(i: Invoice, ctx: MailContext): [string, string][] {
  const vat = vatOf(i.amountCents, ctx.seller);
  return [
    [i.kind === 'invoice' ? 'Invoice' : 'Credit note', i.number],
    ['Date', day(i.issuedAt)],
    ['Plan', i.plan],
    ...(i.periodStart && i.periodEnd ? [['Period', `${day(i.periodStart)} to ${day(i.periodEnd)}`] as [string, string]] : []),
    [i.kind === 'invoice' ? 'Amount paid' : 'Amount refunded', money(i.amountCents, i.currency)],
    ...(vat !== null ? [[`Including VAT (${ctx.seller.vatRatePercent}%)`, money(vat, i.currency)] as [string, string]] : []),
    ...(i.paidWith ? [['Payment method', i.paidWith] as [string, string]] : []),
    ...(i.reference ? [['Reference', i.reference] as [string, string]] : []),
  ];
}

/** Every payment: a new subscription, a renewal, an upgrade. The PDF invoice is attached. */
export default (d: { firstName: string; invoice: Invoice }, ctx: MailContext): MailContent => ({
  subject: `Your Reelbase receipt: ${money(d.invoice.amountCents, d.invoice.currency)} for ${d.invoice.plan}`,
  preview: `${d.invoice.description}: ${money(d.invoice.amountCents, d.invoice.currency)}.`,
  blocks: [
    { p: `${hello(d.firstName)}\n\nThank you for your payment.` },
    { facts: [['For', d.invoice.description], ...receiptFacts(d.invoice, ctx)] },
    { p: `The invoice is attached as a PDF. Your payments and plan are in Settings:` },
    { button: 'Open Settings', href: `${ctx.publicUrl}/settings` },
    { small: `${ctx.seller.name}${ctx.seller.vatId ? `, VAT ${ctx.seller.vatId}` : ''}. Questions about a payment: ${ctx.seller.email}` },
  ],
});
