import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { type MailContext, renderHtml, renderText } from './layout.ts';
import { createMailer, type Mail } from './mailer.ts';
import { TEMPLATES, type TemplateData, type TemplateName } from './templates/index.ts';
import type { Invoice } from './templates/invoice.ts';

/** A template with its data, rendered to the mail sent: subject, text part, HTML part, and a receipt's PDF. */
export async function renderMail<N extends TemplateName>(ctx: MailContext, to: string, template: N, data: TemplateData<N>): Promise<Mail> {
  const content = (TEMPLATES[template] as (d: TemplateData<N>, c: MailContext) => ReturnType<(typeof TEMPLATES)[N]>)(data, ctx);
  const invoice = (data as { invoice?: Invoice }).invoice;
  const firstLink = content.blocks.find((b) => 'href' in b) as { href: string } | undefined;
  return {
    to,
    subject: content.subject,
    text: renderText(content, ctx),
    html: await renderHtml(content, ctx),
    template,
    link: firstLink?.href,
    ...(invoice && { attachments: [{ filename: `${invoice.number}.pdf`, content: await invoicePdf(invoice, ctx.seller), contentType: 'application/pdf' }] }),
  };
}

/** Renders and sends: what callers that hold a mailer use. */
export interface Mails {
  send<N extends TemplateName>(to: string, template: N, data: TemplateData<N>): Promise<void>;
  readonly context: MailContext;
}

export function createMails(ctx: MailContext, mailer: { send(m: Mail): Promise<void> }): Mails {
  return {
    context: ctx,
    async send(to, template, data) {
      await mailer.send(await renderMail(ctx, to, template, data));
    },
  };
}

/** The mails of this process, from the settings: the transport (SMTP_URL or DATA_DIR/outbox) and the seller. */
export function mailsFromConfig(config: Config, log: Logger): Mails {
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: join(config.DATA_DIR, 'outbox'), log });
  const seller = {
    name: config.SELLER_NAME,
    address: config.SELLER_ADDRESS.split(/\s*(?:\n|\\n|,)\s*/).filter(Boolean),
    vatId: config.SELLER_VAT_ID,
    vatRatePercent: config.SELLER_VAT_RATE_PERCENT,
    email: config.SELLER_EMAIL,
  };
  return createMails({ publicUrl: config.PUBLIC_URL, productName: 'Reelbase', seller }, mailer);
}
