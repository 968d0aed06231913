import type { MailContent, MailContext } from '../layout.ts';

/** To the old address: an admin changed the account's address, so a takeover through an admin account does not go unseen. */
export default (d: { newEmail: string }, ctx: MailContext): MailContent => ({
  subject: 'Your Reelbase address was changed',
  preview: `The account's address is now ${d.newEmail}.`,
  blocks: [{ p: `An administrator changed the email address of your Reelbase account to ${d.newEmail}.\n\nIf you did not ask for this, write to ${ctx.seller.email} at once.` }],
});
