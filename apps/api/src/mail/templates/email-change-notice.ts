import type { MailContent } from '../layout.ts';

/** To the old address, at once: the email is being changed, with the link that undoes it. */
export default (d: { newEmail: string; cancelLink: string }): MailContent => ({
  subject: 'Your Reelbase email address is being changed',
  preview: `Your account's address is being changed to ${d.newEmail}.`,
  blocks: [
    { p: `Someone signed in to your Reelbase account asked to change its email address to ${d.newEmail}.` },
    { button: 'If it was not you, open this link', href: d.cancelLink },
    { p: 'It cancels the change (also if it was already confirmed), signs out every device, and sends a link to this address to choose a new password. It works for 7 days.\n\nIf it was you, there is nothing to do.' },
  ],
});
