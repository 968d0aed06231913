import type { MailContent, MailContext } from '../layout.ts';
import { hello } from './format.ts';

/**
 * Storage or this month's bandwidth reached 80% or 100% of the plan (once per threshold: per
 * month for bandwidth, per climb past it for storage).
 */
export default (
  d: { firstName: string; resource: 'storage' | 'bandwidth'; percent: 80 | 100; used: string; limit: string; graceText?: string | null },
  ctx: MailContext,
): MailContent => {
  const full = d.percent >= 100;
  const bw = d.resource === 'bandwidth';
  const subject = bw
    ? full
      ? "Your videos used this month's bandwidth"
      : "Your videos used 80% of this month's bandwidth"
    : full
      ? 'Your Reelbase storage is full'
      : 'Your Reelbase storage is 80% full';
  const what = bw ? `Your videos have been watched a lot: they used ${d.used} of your ${d.limit} monthly bandwidth.` : `Your videos take ${d.used} of your ${d.limit} storage.`;
  const next = bw
    ? full
      ? `${d.graceText ?? ''} After that, players show the videos as unavailable until the 1st of next month (UTC), unless you move to a bigger plan:`
      : 'At 100% they keep playing for a little while, then players show them as unavailable until the 1st of next month (UTC). A bigger plan gives more:'
    : full
      ? 'New uploads, imports, copies and edits are refused until you delete videos or move to a bigger plan:'
      : 'When it is full, new uploads are refused. Delete videos you no longer need, or move to a bigger plan:';
  return {
    subject,
    preview: what,
    blocks: [{ p: `${hello(d.firstName)}\n\n${what}` }, { p: next.trim() }, { button: 'See plans and usage', href: `${ctx.publicUrl}/settings` }],
  };
};
