import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** A rendered mail (mail/render.ts): every mail has a plain-text part and an HTML part. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** The template it came from (an X-Reelbase-Template header, so tests and filters can tell mails apart). */
  template?: string;
  /** The mail's main link, for the log of the outbox transport. */
  link?: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const message = (from: string, m: Mail) => ({
  from,
  to: m.to,
  subject: m.subject,
  text: m.text,
  ...(m.html && { html: m.html }),
  ...(m.attachments?.length && { attachments: m.attachments }),
  ...(m.template && { headers: { 'X-Reelbase-Template': m.template } }),
});

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/outbox. */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; log: Logger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail(message(opts.from, m));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail(message(opts.from, m));
      await mkdir(opts.outboxDir, { recursive: true });
      const file = join(opts.outboxDir, `${Date.now()}-${crypto.randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer);
      opts.log.info({ to: m.to, subject: m.subject, template: m.template, link: m.link, file }, 'mail written to outbox');
    },
  };
}
