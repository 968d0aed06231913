/** What a receipt and its PDF say about one payment or refund (stored with the mail when it happened). */
export interface Invoice {
  /** INV-000123 for a payment, CN-000123 for a refund (a credit note). */
  number: string;
  kind: 'invoice' | 'credit-note';
  issuedAt: string;
  buyer: { name: string; email: string };
  /** What was bought: new subscription, renewal, upgrade... */
  description: string;
  plan: string;
  periodStart: string | null;
  periodEnd: string | null;
  /** Always positive; a credit note gives it back. */
  amountCents: number;
  currency: string;
  paidWith: string | null;
  reference: string | null;
}

/** The VAT included in a price (prices include VAT), in cents; null without a VAT id. */
export function vatOf(amountCents: number, seller: { vatId: string; vatRatePercent: number }): number | null {
  if (!seller.vatId) return null;
  return Math.round((amountCents * seller.vatRatePercent) / (100 + seller.vatRatePercent));
}
