import type { MailContent } from '../layout.ts';

/** To the new address: the link that makes the change. */
export default (d: { link: string }): MailContent => ({
  subject: 'Confirm your new email address',
  preview: 'Confirm this address for your Reelbase account.',
  blocks: [
    { p: 'Someone asked to use this address for a Reelbase account.\n\nConfirm it by opening this link:' },
    { button: 'Confirm this address', href: d.link },
    { small: 'The link is valid for 48 hours. Until then the account keeps its current address. If it was not you, ignore this message.' },
  ],
});
