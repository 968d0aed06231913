import type { MailContent } from '../layout.ts';

/** A verification link sent again (on request, or with the reminder before an unconfirmed account goes). */
export default (d: { intro: string; link: string }): MailContent => ({
  subject: 'Confirm your email address',
  preview: 'Confirm your email address for Reelbase.',
  blocks: [{ p: d.intro }, { p: 'Confirm your email address by opening this link:' }, { button: 'Confirm my email address', href: d.link }, { small: 'The link is valid for 48 hours.' }],
});
