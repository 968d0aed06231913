import type { MailContent, MailContext } from '../layout.ts';
import { hello } from './format.ts';

/** A password video got more wrong passwords than its cap (all addresses together): checks paused until the window ends. */
export default (d: { firstName: string; videoId: string; videoName: string; checks: number; minutes: number }, ctx: MailContext): MailContent => ({
  subject: `Password guessing on your video "${d.videoName}" was paused`,
  preview: `More than ${d.checks} passwords were tried within ${d.minutes} minutes.`,
  blocks: [
    {
      p: `${hello(d.firstName)}\n\nYour video "${d.videoName}" got more than ${d.checks} password tries within ${d.minutes} minutes, from all viewers together. To stop guessing, no more passwords are checked for it until that time has passed: viewers who already unlocked it keep watching, others see "Too many requests" for now.`,
    },
    { p: "If you did not share the password that widely, change it on the video's page: everyone will need the new one." },
    { button: 'Open the video', href: `${ctx.publicUrl}/${d.videoId}` },
  ],
});
