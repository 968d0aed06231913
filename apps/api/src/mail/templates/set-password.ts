import type { MailContent } from '../layout.ts';
import { hello } from './format.ts';

/** An admin created the account: its owner chooses a password through this link. */
export default (d: { firstName: string; link: string }): MailContent => ({
  subject: 'Your Reelbase account: choose your password',
  preview: 'An administrator created a Reelbase account for you.',
  blocks: [
    { p: `${hello(d.firstName)}\n\nAn administrator created a Reelbase account for you with this address.\n\nChoose your password here:` },
    { button: 'Choose my password', href: d.link },
    { small: 'The link is valid for 7 days. After that, use "Forgot Password" on the sign-in page.' },
  ],
});
