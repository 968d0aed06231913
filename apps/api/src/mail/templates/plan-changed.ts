import type { MailContent, MailContext } from '../layout.ts';
import { day, hello } from './format.ts';

/** A plan change that is not paid now: a downgrade from the next period, or a pending one undone. (An upgrade is paid now: its receipt tells it.) */
export default (d: { firstName: string; from: string; to: string; effectiveOn: string | null; undone: boolean }, ctx: MailContext): MailContent => ({
  subject: d.undone ? 'Your Reelbase plan stays as it is' : `Your Reelbase plan changes to ${d.to}`,
  preview: d.undone ? `You keep ${d.to}.` : `From ${d.effectiveOn ? day(d.effectiveOn) : 'your next payment'}: ${d.to}.`,
  blocks: [
    {
      p: d.undone
        ? `${hello(d.firstName)}\n\nThe change of plan you asked for was undone: you keep ${d.to}.`
        : `${hello(d.firstName)}\n\nYour plan changes from ${d.from} to ${d.to} on ${d.effectiveOn ? day(d.effectiveOn) : 'your next payment'}, when your paid period ends. Until then you keep everything ${d.from} gives.`,
    },
    { button: 'See your plan', href: `${ctx.publicUrl}/settings` },
  ],
});
