import type { MailContent, MailContext } from '../layout.ts';
import { hello } from './format.ts';

/** `m:ss` of a second in the video. */
export const atTime = (sec: number) => `${Math.floor(sec / 60)}:${String(Math.floor(sec % 60)).padStart(2, '0')}`;

/**
 * Issue 34 item 4: a reviewer commented through a review link. At most one mail per link per
 * REVIEW_COMMENT_MAIL_MINUTES: `more` counts the link's comments since the last mail besides this one.
 */
export default (
  d: { firstName: string | null; videoId: string; videoName: string; version: number; name: string; email: string; atSec: number; text: string; more: number },
  ctx: MailContext,
): MailContent => ({
  subject: `${d.name} commented on ${d.videoName}`,
  preview: `At ${atTime(d.atSec)}: ${d.text.slice(0, 120)}`,
  blocks: [
    { p: `${hello(d.firstName)}\n\n${d.name} (${d.email}) commented on "${d.videoName}" (version ${d.version}) at ${atTime(d.atSec)}:\n\n${d.text}` },
    ...(d.more > 0 ? [{ p: `${d.more} more comment${d.more === 1 ? '' : 's'} came through this link since the last mail.` }] : []),
    { button: 'See the comments', href: `${ctx.publicUrl}/${d.videoId}` },
    { small: 'Comments through one review link are mailed at most once every few minutes; every comment is on the video page.' },
  ],
});
