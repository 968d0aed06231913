import type { MailContent, MailContext } from '../layout.ts';
import { hello } from './format.ts';

const WORDS = { approved: 'approved', changes_requested: 'requested changes to' } as const;

/** Issue 34 item 4: a reviewer approved a version of a video, or asked for changes. */
export default (d: { firstName: string | null; videoId: string; videoName: string; version: number; name: string; email: string; decision: 'approved' | 'changes_requested' }, ctx: MailContext): MailContent => ({
  subject: `${d.name} ${WORDS[d.decision]} ${d.videoName}`,
  preview: `${d.name} ${WORDS[d.decision]} version ${d.version}.`,
  blocks: [
    { p: `${hello(d.firstName)}\n\n${d.name} (${d.email}) ${WORDS[d.decision]} "${d.videoName}" (version ${d.version}).` },
    { button: 'Open the video', href: `${ctx.publicUrl}/${d.videoId}` },
  ],
});
