import type { MailContent, MailContext } from '../layout.ts';
import { day, hello } from './format.ts';

/** Before a canceled account's data goes. */
export default (d: { firstName: string; unpaid: boolean; removalDays: number; removalOn: string }, ctx: MailContext): MailContent => ({
  subject: 'Your Reelbase videos will be removed',
  preview: `Your videos are removed on ${day(d.removalOn)}.`,
  blocks: [
    {
      p: `${hello(d.firstName)}\n\n${d.unpaid ? 'Your Reelbase subscription ended because its renewal could not be paid, which counts as a cancellation.' : 'Your Reelbase account was canceled.'} As our terms say, your videos, GIFs, folders and images are removed ${d.removalDays} days after the cancellation: on ${day(d.removalOn)}.`,
    },
    { p: 'To keep them, sign in and subscribe again before then:' },
    { button: 'Subscribe again', href: `${ctx.publicUrl}/settings` },
  ],
});
