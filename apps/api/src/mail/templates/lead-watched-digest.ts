import type { MailContent, MailContext } from '../layout.ts';
import { hello } from './format.ts';
import { type WatchedItem, watchedFor } from './lead-watched.ts';

/** Issue 33 item 4, daily: what known leads watched since the last digest (the first LEAD_DIGEST_MAX_ITEMS sessions; `more` beyond). */
export default (d: { firstName: string | null; teamName: string; items: WatchedItem[]; more: number }, ctx: MailContext): MailContent => {
  const count = d.items.length + d.more;
  const sessions = count === 1 ? '1 session' : `${count} sessions`;
  const line = (i: WatchedItem) => `${i.leadName ? `${i.leadName} (${i.leadEmail})` : i.leadEmail}: "${i.videoName}", ${watchedFor(i.watchedSeconds)} (${Math.round(i.percentWatched)}%)`;
  return {
    subject: `Lead digest: ${sessions} watched by your leads`,
    preview: `${sessions} watched by known leads of ${d.teamName}.`,
    blocks: [
      { p: `${hello(d.firstName)}\n\nKnown leads of ${d.teamName} watched ${sessions} since the last digest:` },
      { p: d.items.map(line).join('\n') + (d.more ? `\n... and ${d.more} more.` : '') },
      { button: 'Open the leads', href: `${ctx.publicUrl}/leads` },
      { small: `This digest comes once a day. Change it to a mail each time a lead watches, or turn it off, in Settings: ${ctx.publicUrl}/settings` },
    ],
  };
};
