import type { MailContent } from '../layout.ts';

export default (d: { why: string; link: string }): MailContent => ({
  subject: 'Reset your Reelbase password',
  preview: 'Choose a new password.',
  blocks: [{ p: d.why }, { p: 'Choose a new password here:' }, { button: 'Choose a new password', href: d.link }, { small: 'The link is valid for one hour.' }],
});
