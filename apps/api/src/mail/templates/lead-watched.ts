import type { MailContent, MailContext } from '../layout.ts';
import { hello, minute } from './format.ts';

/** How long, in words: 2 min 5 s. */
export const watchedFor = (seconds: number) => {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return m ? `${m} min ${s} s` : `${s} s`;
};

export interface WatchedItem {
  leadEmail: string;
  leadName: string | null;
  videoName: string;
  watchedSeconds: number;
  percentWatched: number;
  endedAt: string;
}

/** Issue 33 item 4, instant: a known lead watched a video of the team (at most one per lead and video an hour). */
export default (d: { firstName: string | null; teamName: string; videoId: string } & WatchedItem, ctx: MailContext): MailContent => {
  const who = d.leadName ? `${d.leadName} (${d.leadEmail})` : d.leadEmail;
  const how = `${watchedFor(d.watchedSeconds)}, ${Math.round(d.percentWatched)}% of the video`;
  return {
    subject: `${d.leadName ?? d.leadEmail} watched ${d.videoName}`,
    preview: `${who} watched ${how}.`,
    blocks: [
      { p: `${hello(d.firstName)}\n\n${who}, a lead of ${d.teamName}, just watched "${d.videoName}": ${how}.` },
      { button: 'See who watched', href: `${ctx.publicUrl}/video-analytics/${d.videoId}` },
      { facts: [['Lead', who], ['Video', d.videoName], ['Watched', how], ['Ended', minute(d.endedAt)]] },
      { small: `You get a mail each time a known lead watches (at most one an hour per lead and video). Change it to a daily digest or turn it off in Settings: ${ctx.publicUrl}/settings` },
    ],
  };
};
