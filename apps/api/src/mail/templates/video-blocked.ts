import type { MailContent, MailContext } from '../layout.ts';
import { hello } from './format.ts';

/** An admin blocked (or unblocked) videos of the owner; a block says why. */
export default (d: { firstName: string; videoNames: string[]; blocked: boolean; reason: string | null; supportEmail: string }, ctx: MailContext): MailContent => {
  const one = d.videoNames.length === 1;
  const names = d.videoNames.map((n) => `"${n}"`).join(', ');
  if (!d.blocked)
    return {
      subject: one ? `Your video ${names} plays again` : `${d.videoNames.length} of your videos play again`,
      preview: 'An administrator lifted a block.',
      blocks: [{ p: `${hello(d.firstName)}\n\nAn administrator lifted the block of ${one ? 'your video' : 'your videos'} ${names}: ${one ? 'it plays' : 'they play'} again in every embed.` }, { button: 'Open My videos', href: `${ctx.publicUrl}/` }],
    };
  return {
    subject: one ? `Your video ${names} was blocked` : `${d.videoNames.length} of your videos were blocked`,
    preview: d.reason ?? 'An administrator blocked a video.',
    blocks: [
      { p: `${hello(d.firstName)}\n\nAn administrator blocked ${one ? 'your video' : 'your videos'} ${names}. ${one ? 'It no longer plays' : 'They no longer play'} in embeds or previews.` },
      { facts: [['Reason', d.reason ?? 'No reason was given.']] },
      { p: `If you think this is a mistake, write to ${d.supportEmail}.` },
    ],
  };
};
