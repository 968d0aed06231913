import { queueMail } from '../../mail/outbox.ts';
import type { Sql } from '../../db/sql.ts';
import { videoQueries as q } from './videos.queries.ts';

/** The mails about an owner's videos, recorded with the change (the outbox sends them after its commit). */
export const videoMails = {
  /** Processing (or an import) failed for good; `reason` is what the owner sees on the video. */
  async processingFailed(sql: Sql, videoId: string, reason: string, playable: boolean) {
    const r = await q.owner(sql, videoId);
    if (r) await queueMail(sql, r.email, 'video-processing-failed', { firstName: r.first_name, videoName: r.name, reason, playable });
  },

  /** An admin blocked or unblocked videos: one mail per owner, naming their videos. */
  async blocked(sql: Sql, videoIds: string[], blocked: boolean, reason: string | null, supportEmail: string) {
    const rows = await q.ownersOf(sql, videoIds);
    for (const r of rows) await queueMail(sql, r.email, 'video-blocked', { firstName: r.first_name, videoNames: r.names, blocked, reason, supportEmail });
  },

  /** A password video's checks reached their cap (all addresses together): told once per window. */
  async passwordGuessing(sql: Sql, videoId: string, limit: { count: number; seconds: number }) {
    const r = await q.owner(sql, videoId);
    if (r) await queueMail(sql, r.email, 'video-password-guessing', { firstName: r.first_name, videoId, videoName: r.name, checks: limit.count, minutes: Math.ceil(limit.seconds / 60) });
  },
};
