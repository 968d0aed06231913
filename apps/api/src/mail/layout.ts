import mjml2html from 'mjml';

/** What a template is made of; the layout turns the same blocks into the HTML and the text part. */
export type Block =
  | { p: string }
  | { button: string; href: string }
  | { facts: [label: string, value: string][] }
  | { small: string };

export interface MailContent {
  subject: string;
  /** The first line mail clients show beside the subject. */
  preview: string;
  blocks: Block[];
}

/** What every template may use: where the app is, and who greets. */
export interface MailContext {
  publicUrl: string;
  productName: string;
  /** Who sells (SELLER_* settings): on receipts, their invoices, and where to write. */
  seller: Seller;
}

export interface Seller {
  name: string;
  /** Address lines. */
  address: string[];
  vatId: string;
  vatRatePercent: number;
  email: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Paragraph text: escaped, line breaks kept, bare links made clickable. */
const para = (s: string) => esc(s).replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}" style="color:#1677ff">${u}</a>`).replace(/\n/g, '<br />');

const BRAND = '#1677ff';

function blockMjml(b: Block): string {
  if ('p' in b) return `<mj-text>${para(b.p)}</mj-text>`;
  if ('button' in b) return `<mj-button href="${esc(b.href)}" background-color="${BRAND}" align="left">${esc(b.button)}</mj-button><mj-text font-size="12px" color="#666666">${para(`Or open this link: ${b.href}`)}</mj-text>`;
  if ('facts' in b) {
    const rows = b.facts.map(([k, v]) => `<tr><td style="padding:4px 12px 4px 0;color:#666666;vertical-align:top">${esc(k)}</td><td style="padding:4px 0">${para(v)}</td></tr>`).join('');
    return `<mj-table>${rows}</mj-table>`;
  }
  return `<mj-text font-size="12px" color="#666666">${para(b.small)}</mj-text>`;
}

function blockText(b: Block): string {
  if ('p' in b) return b.p;
  if ('button' in b) return `${b.button}:\n${b.href}`;
  if ('facts' in b) return b.facts.map(([k, v]) => `${k}: ${v}`).join('\n');
  return b.small;
}

/** The plain-text part: the blocks in order, then the sign-off. The first link is the mail's main link. */
export function renderText(c: MailContent, ctx: MailContext): string {
  return `${c.blocks.map(blockText).join('\n\n')}\n\n-- \n${ctx.productName}\n${ctx.publicUrl}\n`;
}

/** The HTML part, through MJML (responsive, inlined styles, tested by mail clients' quirks). */
export async function renderHtml(c: MailContent, ctx: MailContext): Promise<string> {
  const source = `<mjml>
  <mj-head>
    <mj-title>${esc(c.subject)}</mj-title>
    <mj-preview>${esc(c.preview)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="22px" color="#1f1f1f" />
      <mj-table font-size="14px" line-height="20px" color="#1f1f1f" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f5f7">
    <mj-section padding="24px 0 8px"><mj-column><mj-text font-size="20px" font-weight="bold" color="${BRAND}">${esc(ctx.productName)}</mj-text></mj-column></mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="16px 8px">
      <mj-column>
        ${c.blocks.map(blockMjml).join('\n        ')}
      </mj-column>
    </mj-section>
    <mj-section padding="8px 0 24px"><mj-column><mj-text font-size="12px" color="#888888" align="center"><a href="${esc(ctx.publicUrl)}" style="color:#888888">${esc(ctx.publicUrl)}</a></mj-text></mj-column></mj-section>
  </mj-body>
</mjml>`;
  const out = await mjml2html(source, { validationLevel: 'strict' });
  return out.html;
}
