import type { MailContent, MailContext } from '../layout.ts';
import { hello, minute } from './format.ts';

/** A webhook endpoint failed every delivery for WEBHOOK_DISABLE_AFTER_DAYS and was turned off. */
export default (d: { firstName: string; url: string; failingSince: string; lastError: string }, ctx: MailContext): MailContent => ({
  subject: 'A webhook endpoint was disabled',
  preview: `Every delivery failed since ${minute(d.failingSince)}.`,
  blocks: [
    { p: `${hello(d.firstName)}\n\nEvery delivery to your webhook endpoint failed since ${minute(d.failingSince)}, so we turned it off. No more events are sent to it.` },
    { button: 'Open Settings', href: `${ctx.publicUrl}/settings` },
    // Without its scheme: the customer's address is named, not linked (mails link only to Reelbase).
    { facts: [['Endpoint', d.url.replace(/^https?:\/\//, '')], ['Last failure', d.lastError]] },
    { p: 'Fix the receiver, then turn the endpoint back on in Settings, Webhooks; "Resend" sends any delivery again.' },
  ],
});
