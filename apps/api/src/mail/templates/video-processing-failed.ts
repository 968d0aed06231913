import type { MailContent, MailContext } from '../layout.ts';
import { hello } from './format.ts';

/** A video's processing failed for good; the reason is the one its owner sees in the app. */
export default (d: { firstName: string; videoName: string; reason: string; playable: boolean }, ctx: MailContext): MailContent => ({
  subject: `"${d.videoName}" could not be processed`,
  preview: d.reason,
  blocks: [
    { p: `${hello(d.firstName)}\n\nYour video "${d.videoName}" could not be processed.` },
    { facts: [['Reason', d.reason]] },
    { p: d.playable ? 'The version that was ready keeps playing; the other sizes were not made.' : 'Nothing of it was kept. Check the file and upload it again.' },
    { button: 'Open My videos', href: `${ctx.publicUrl}/` },
  ],
});
