import type { MailContent, MailContext } from '../layout.ts';
import { day, hello } from './format.ts';

/** A cancellation: by the owner (runs to the end of the paid period) or by an admin (stops now). */
export default (d: { firstName: string; plan: string; endsAt: string | null; byAdmin: boolean; removalDays: number }, ctx: MailContext): MailContent => ({
  subject: 'Your Reelbase subscription was canceled',
  preview: d.endsAt ? `It ends on ${day(d.endsAt)}.` : 'It ended.',
  blocks: [
    {
      p: `${hello(d.firstName)}\n\n${d.byAdmin ? 'An administrator canceled your Reelbase account.' : `Your ${d.plan} subscription was canceled.`} ${
        d.byAdmin ? 'Your videos no longer play.' : d.endsAt ? `Everything keeps working until ${day(d.endsAt)}; nothing is charged after that.` : ''
      }`.trim(),
    },
    { p: `Your videos, GIFs and folders are removed ${d.removalDays} days after the cancellation takes effect. Changed your mind? Subscribe again from Settings:` },
    { button: 'Open Settings', href: `${ctx.publicUrl}/settings` },
  ],
});
