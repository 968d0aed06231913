import { INVITATION_TTL_DAYS, TEAM_ROLE_LABELS, type AssignableTeamRole } from '@reelbase/api-client';
import type { MailContent } from '../layout.ts';

/** An invitation to join a team; the link signs in (or registers) and joins, once, for 7 days. */
export default (d: { teamName: string; inviterName: string; role: AssignableTeamRole; link: string }): MailContent => ({
  subject: `${d.inviterName} invited you to ${d.teamName} on Reelbase`,
  preview: `Join ${d.teamName} as ${TEAM_ROLE_LABELS[d.role].toLowerCase()}.`,
  blocks: [
    { p: `Hello,\n\n${d.inviterName} invited you to join the team ${d.teamName} on Reelbase as ${TEAM_ROLE_LABELS[d.role].toLowerCase()}.\n\nSign in with this address (or create an account with it), then accept:` },
    { button: 'Accept the invitation', href: d.link },
    { small: `The link works once and for ${INVITATION_TTL_DAYS} days. If you did not expect it, ignore this message.` },
  ],
});
