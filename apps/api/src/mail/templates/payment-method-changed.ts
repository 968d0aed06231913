import type { MailContent, MailContext } from '../layout.ts';
import { hello, minute } from './format.ts';

export default (d: { firstName: string; method: string; at: string }, ctx: MailContext): MailContent => ({
  subject: 'Your Reelbase payment method was changed',
  preview: `Next payments use ${d.method}.`,
  blocks: [
    { p: `${hello(d.firstName)}\n\nThe payment method of your Reelbase account was changed on ${minute(d.at)}. Your next payments use:` },
    { facts: [['Payment method', d.method]] },
    { p: 'If it was not you, choose a new password and check your payment method in Settings:' },
    { button: 'Open Settings', href: `${ctx.publicUrl}/settings` },
  ],
});
