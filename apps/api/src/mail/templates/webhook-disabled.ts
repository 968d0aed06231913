import type { MailContent, MailContext } from '../layout.ts';
import { hello, minute } from './format.ts';

/** A webhook endpoint failed every delivery for WEBHOOK_DISABLE_AFTER_DAYS and was turned off. */
export default (d: { firstName: string; url: string; failingSince: string; lastError: string }, ctx: MailContext): MailContent => ({
  subject: 'A webhook endpoint was disabled',
  preview: `Deliveries to ${d.url} failed since ${minute(d.failingSince)}.`,
  blocks: [
    { p: `${hello(d.firstName)}\n\nEvery delivery to your webhook endpoint failed since ${minute(d.failingSince)}, so we turned it off. No more events are sent to it.` },
    { facts: [['Endpoint', d.url], ['Last failure', d.lastError]] },
    { p: 'Fix the receiver, then turn the endpoint back on in Settings, Webhooks; "Resend" sends any delivery again.' },
    { button: 'Open Settings', href: `${ctx.publicUrl}/settings` },
  ],
});
