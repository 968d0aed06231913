import type { MailContent, MailContext } from '../layout.ts';
import { hello, money } from './format.ts';
import type { Invoice } from './invoice.ts';
import { receiptFacts } from './payment-receipt.ts';

/** A refund: the credit note is attached. */
export default (d: { firstName: string; invoice: Invoice }, ctx: MailContext): MailContent => ({
  subject: `Your Reelbase refund: ${money(d.invoice.amountCents, d.invoice.currency)}`,
  preview: `${money(d.invoice.amountCents, d.invoice.currency)} is on its way back to you.`,
  blocks: [
    { p: `${hello(d.firstName)}\n\n${d.invoice.description}. ${money(d.invoice.amountCents, d.invoice.currency)} goes back to the payment method it came from; banks take a few days to show it.` },
    { facts: receiptFacts(d.invoice, ctx) },
    { p: 'The credit note is attached as a PDF. Your account is canceled; to keep your videos, subscribe again from Settings within 30 days:' },
    { button: 'Open Settings', href: `${ctx.publicUrl}/settings` },
    { small: `${ctx.seller.name}. Questions about a payment: ${ctx.seller.email}` },
  ],
});
