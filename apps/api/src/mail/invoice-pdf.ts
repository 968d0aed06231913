import PDFDocument from 'pdfkit';
import type { Seller } from './layout.ts';
import { day, money } from './templates/format.ts';
import { type Invoice, vatOf } from './templates/invoice.ts';

/**
 * A one-page PDF invoice (or, for a refund, a credit note): seller, buyer, what was bought and
 * for which period, the amount and the VAT it includes when the seller has a VAT id. pdfkit's
 * built-in Helvetica, so nothing is read from disk.
 */
export function invoicePdf(i: Invoice, seller: Seller): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${i.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${i.number}`, Author: seller.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const credit = i.kind === 'credit-note';
  const amount = money(credit ? -i.amountCents : i.amountCents, i.currency);

  doc.font('Helvetica-Bold').fontSize(20).text(credit ? 'Credit note' : 'Invoice');
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  doc.text(`Number: ${i.number}`).text(`Date: ${day(i.issuedAt)}`);
  if (i.reference) doc.text(`Payment reference: ${i.reference}`);

  const top = doc.moveDown(1.5).y;
  // Two columns: the seller's lines wrap before the buyer's column.
  doc.font('Helvetica-Bold').text('From', 56, top).font('Helvetica');
  for (const line of [seller.name, ...seller.address, seller.email, ...(seller.vatId ? [`VAT ID: ${seller.vatId}`] : [])]) doc.text(line, 56, undefined, { width: 240 });
  const leftEnd = doc.y;
  doc.font('Helvetica-Bold').text('Bill to', 320, top).font('Helvetica');
  doc.text(i.buyer.name, 320, undefined, { width: 219 }).text(i.buyer.email, 320, undefined, { width: 219 });
  doc.y = Math.max(leftEnd, doc.y);

  doc.moveDown(2).x = 56;
  const row = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, 56, y, { width: 330 });
    const after = doc.y;
    doc.text(value, 400, y, { width: 139, align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
  };
  doc.font('Helvetica-Bold').text('Description', 56).moveDown(0.3);
  doc.moveTo(56, doc.y).lineTo(539, doc.y).stroke().moveDown(0.5);
  const period = i.periodStart && i.periodEnd ? `, ${day(i.periodStart)} to ${day(i.periodEnd)}` : '';
  row(`${i.description}: ${i.plan}${period}`, amount);
  const vat = vatOf(i.amountCents, seller);
  if (vat !== null) row(`Including VAT ${seller.vatRatePercent}%`, money(credit ? -vat : vat, i.currency));
  doc.moveTo(56, doc.y).lineTo(539, doc.y).stroke().moveDown(0.5);
  row(credit ? 'Total refunded' : 'Total paid', `${amount} ${i.currency}`, true);
  if (i.paidWith) doc.font('Helvetica').moveDown(1).text(`${credit ? 'Refunded to' : 'Paid with'}: ${i.paidWith}`, 56);
  if (!seller.vatId) doc.moveDown(1).text('No VAT is charged on this invoice.', 56);
  doc.end();
  return done;
}
