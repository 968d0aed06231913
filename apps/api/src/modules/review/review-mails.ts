import { queueMail } from '../../mail/outbox.ts';
import type { ReviewQueries, VideoRow } from './review.queries.ts';
import type { Sql } from '../../db/sql.ts';

/**
 * The team's mails about a review, recorded in the transaction of the comment or decision (the
 * outbox sends them after its commit), to the owner and every member whose role edits.
 * Comments through one link are mailed at most once per `commentMailMinutes`: the mail that takes
 * the turn counts the link's comments since the previous one (the rest are on the video page).
 */
export const reviewMails = (commentMailMinutes: number) => ({
  async comment(sql: Sql, q: ReviewQueries, video: VideoRow, linkId: string, c: { name: string; email: string; atSec: number; text: string }) {
    const turn = await q.takeCommentMailTurn(linkId, commentMailMinutes);
    if (!turn) return;
    const more = Math.max(0, (await q.linkCommentsSince(linkId, turn.since)) - 1);
    for (const to of await q.editors(video.user_id)) {
      await queueMail(sql, to.email, 'review-comment', { firstName: to.first_name, videoId: video.id, videoName: video.name, version: video.review_version, ...c, more });
    }
  },
  async decision(sql: Sql, q: ReviewQueries, video: VideoRow, d: { name: string; email: string; decision: 'approved' | 'changes_requested' }) {
    for (const to of await q.editors(video.user_id)) {
      await queueMail(sql, to.email, 'review-decision', { firstName: to.first_name, videoId: video.id, videoName: video.name, version: video.review_version, ...d });
    }
  },
});
export type ReviewMails = ReturnType<typeof reviewMails>;
