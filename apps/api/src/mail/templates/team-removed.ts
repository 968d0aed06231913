import type { MailContent, MailContext } from '../layout.ts';
import { hello } from './format.ts';

/** To a member an owner or admin removed from a team: what changed and what is still theirs. */
export default (d: { firstName: string; teamName: string }, ctx: MailContext): MailContent => ({
  subject: `You were removed from ${d.teamName} on Reelbase`,
  preview: `You no longer have access to ${d.teamName}.`,
  blocks: [
    {
      p: `${hello(d.firstName)}\n\nAn owner or admin of the team ${d.teamName} removed you from it, so you no longer see its videos. The videos you uploaded there stay with the team.\n\nYour own Reelbase account is still yours: you can sign in with the same address and password.`,
    },
    { button: 'Sign in', href: `${ctx.publicUrl}/login` },
    { small: 'If you think this was a mistake, ask the team’s owner to invite you again.' },
  ],
});
