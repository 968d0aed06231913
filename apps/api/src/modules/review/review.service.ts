import type { ReviewLinkCreated, ReviewLinkList, ReviewSummary, TeamReviewComment, TeamReviewCommentList } from '@reelbase/api-client';
import { REVIEW_MESSAGES } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { isUuid, sqlOf } from '../../db/sql.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import { newLinkToken } from './review-access.ts';
import { reviewQueries, toDecision, toLink, toTeamComment } from './review.queries.ts';

/** The member acting: their id (who made a link, who resolved, who replied) and their name (shown on replies). */
export interface ReviewMember {
  id: string;
  name: string;
}

export const COMMENT_NOT_FOUND = 'Comment not found';

/**
 * The team's side of client review (issue 34 item 4): review links of a video, the comments of
 * every version, resolving and replying, and the current version's decision. Another team's
 * video, link or comment answers like a missing one (404).
 */
export function createReviewService(d: { orm: Orm; publicOrigin: (teamId: string) => Promise<string> | string }) {
  const q = () => reviewQueries(sqlOf(d.orm.em.fork()));

  async function ownVideo(teamId: string, videoId: string) {
    const video = isUuid(videoId) ? await q().video(teamId, videoId) : null;
    if (!video) throw notFound('Video not found');
    return video;
  }
  async function ownComment(teamId: string, videoId: string, commentId: string) {
    await ownVideo(teamId, videoId);
    const c = isUuid(commentId) ? await q().comment(videoId, commentId) : null;
    if (!c) throw notFound(COMMENT_NOT_FOUND);
    return c;
  }

  return {
    async createLink(teamId: string, member: ReviewMember, videoId: string, input: { password?: string | null; expiresAt?: string | null }): Promise<ReviewLinkCreated> {
      await ownVideo(teamId, videoId);
      if (input.expiresAt && new Date(input.expiresAt).getTime() <= Date.now()) throw unprocessable({ expiresAt: REVIEW_MESSAGES.expiresInPast });
      const { token, hash, prefix } = newLinkToken();
      const row = await q().insertLink({
        id: crypto.randomUUID(),
        teamId,
        videoId,
        tokenHash: hash,
        tokenPrefix: prefix,
        passwordHash: input.password ? await hashPassword(input.password) : null,
        expiresAt: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
        createdBy: member.id,
      });
      const origin = (await d.publicOrigin(teamId)).replace(/\/+$/, '');
      return { ...toLink(row), token, url: `${origin}/review/${token}` };
    },
    async links(teamId: string, videoId: string): Promise<ReviewLinkList> {
      await ownVideo(teamId, videoId);
      return { items: (await q().links(teamId, videoId)).map(toLink) };
    },
    async revokeLink(teamId: string, videoId: string, linkId: string) {
      await ownVideo(teamId, videoId);
      if (!isUuid(linkId) || !(await q().revokeLink(teamId, videoId, linkId))) throw notFound('Review link not found');
      return { message: 'Review link revoked.' };
    },

    async comments(teamId: string, videoId: string): Promise<TeamReviewCommentList> {
      const video = await ownVideo(teamId, videoId);
      return { currentVersion: video.review_version, items: (await q().comments(videoId)).map(toTeamComment) };
    },
    async setResolved(teamId: string, member: ReviewMember, videoId: string, commentId: string, resolved: boolean): Promise<TeamReviewComment> {
      await ownComment(teamId, videoId, commentId);
      const row = await q().setResolved(videoId, commentId, resolved ? member.id : null);
      if (!row) throw notFound(COMMENT_NOT_FOUND);
      return toTeamComment(row);
    },
    /** A member's reply: in the thread of the comment (a reply to a reply joins its thread), at its time, in its version. */
    async reply(teamId: string, member: ReviewMember, videoId: string, commentId: string, text: string): Promise<TeamReviewComment> {
      const parent = await ownComment(teamId, videoId, commentId);
      const row = await q().insertComment({
        teamId,
        videoId,
        version: parent.version,
        linkId: null,
        parentId: parent.parent_id ?? parent.id,
        atSec: Number(parent.at_sec),
        text,
        name: member.name,
        email: null,
        memberId: member.id,
      });
      return toTeamComment(row);
    },
    async summary(teamId: string, videoId: string): Promise<ReviewSummary> {
      const video = await ownVideo(teamId, videoId);
      const [decision, counts] = await Promise.all([q().decision(videoId, video.review_version), q().counts(videoId, video.review_version)]);
      return { version: video.review_version, decision: decision && { ...toDecision(decision), email: decision.email }, ...counts };
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
