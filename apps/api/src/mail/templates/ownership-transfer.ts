import { OWNERSHIP_TRANSFER_TTL_DAYS } from '@reelbase/api-client';
import type { MailContent } from '../layout.ts';
import { hello } from './format.ts';

/** The owner asked to hand the team over; the member accepts in the app (Team page). */
export default (d: { firstName: string; teamName: string; fromName: string; link: string }): MailContent => ({
  subject: `${d.fromName} wants to make you the owner of ${d.teamName}`,
  preview: 'Accept to become the owner: billing and the account become yours.',
  blocks: [
    { p: `${hello(d.firstName)}\n\n${d.fromName} asked to transfer the ownership of the team ${d.teamName} to you. As owner you manage billing and the account; ${d.fromName} stays in the team as admin.` },
    { button: 'Review the transfer', href: d.link },
    { small: `The request expires in ${OWNERSHIP_TRANSFER_TTL_DAYS} days.` },
  ],
});
