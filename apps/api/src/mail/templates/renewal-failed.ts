import type { MailContent, MailContext } from '../layout.ts';
import { hello, money } from './format.ts';

/** A renewal could not be paid: the provider tries again (`final` false), or gave up and the account stopped. */
export default (d: { firstName: string; plan: string; amountCents: number | null; currency: string; final: boolean }, ctx: MailContext): MailContent => ({
  subject: d.final ? 'Your Reelbase subscription stopped: the renewal could not be paid' : 'Your Reelbase renewal could not be paid',
  preview: 'Please check your payment method.',
  blocks: [
    {
      p: `${hello(d.firstName)}\n\nThe renewal of your ${d.plan} plan${d.amountCents ? ` (${money(d.amountCents, d.currency)})` : ''} could not be paid. ${
        d.final ? 'After several tries the subscription stopped: your videos no longer play.' : 'We try again over the next days; meanwhile everything keeps working.'
      }`,
    },
    { p: 'Update your payment method in Settings:' },
    { button: 'Update payment method', href: `${ctx.publicUrl}/settings` },
  ],
});
