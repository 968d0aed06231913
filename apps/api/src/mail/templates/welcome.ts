import type { MailContent, MailContext } from '../layout.ts';
import { hello } from './format.ts';

/** A new account: welcome, and (when the address is not confirmed yet) the link that confirms it. */
export default (d: { firstName: string; link: string | null }, ctx: MailContext): MailContent => ({
  subject: d.link ? 'Welcome to Reelbase: confirm your email address' : 'Welcome to Reelbase',
  preview: 'Your account is ready.',
  blocks: [
    { p: `${hello(d.firstName)}\n\nWelcome to Reelbase!` },
    ...(d.link ? [{ p: 'Confirm your email address by opening this link:' }, { button: 'Confirm my email address', href: d.link }, { small: 'The link is valid for 48 hours.' }] : []),
    { p: 'To get started: upload a video from My videos, put it in a folder, and copy its embed code onto your site. Your plan, usage and payment method are in Settings.' },
    { button: 'Open Reelbase', href: `${ctx.publicUrl}/` },
  ],
});
