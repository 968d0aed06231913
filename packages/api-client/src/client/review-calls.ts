import { REVIEW_ACCESS_HEADER } from '../contract/constants.ts';
import type { ReviewCommentCreate, ReviewDecisionCreate, ReviewLinkCreate } from '../contract/review.ts';
import type { Call } from './operation.ts';
import * as op from './routes.generated.ts';

/** The access header of a password link, once unlocked. */
const access = (a?: string | null) => (a ? { headers: { [REVIEW_ACCESS_HEADER]: a } } : {});

/** Issue 34 item 4: the team's review links, comments and decisions, and the reviewer's public calls (no account). */
export const reviewCalls = (call: Call) => ({
  links: (videoId: string) => call(op.getVideosByIdReviewLinks, { id: videoId }),
  createLink: (videoId: string, body: ReviewLinkCreate) => call(op.postVideosByIdReviewLinks, { id: videoId, body }),
  revokeLink: (videoId: string, linkId: string) => call(op.deleteVideosByIdReviewLinksByLinkId, { id: videoId, linkId }),
  comments: (videoId: string) => call(op.getVideosByIdComments, { id: videoId }),
  resolve: (videoId: string, commentId: string, resolved: boolean) =>
    call(resolved ? op.postVideosByIdCommentsByCommentIdResolve : op.postVideosByIdCommentsByCommentIdUnresolve, { id: videoId, commentId }),
  reply: (videoId: string, commentId: string, text: string) => call(op.postVideosByIdCommentsByCommentIdReplies, { id: videoId, commentId, body: { text } }),
  summary: (videoId: string) => call(op.getVideosByIdReview, { id: videoId }),
  /** The reviewer's page (no sign-in: no bearer token is sent). */
  page: (token: string, accessToken?: string | null) => call(op.getReviewByToken, { token, auth: false, ...access(accessToken) }),
  unlock: (token: string, password: string) => call(op.postReviewByTokenUnlock, { token, auth: false, body: { password } }),
  comment: (token: string, body: ReviewCommentCreate, accessToken?: string | null) => call(op.postReviewByTokenComments, { token, auth: false, body, ...access(accessToken) }),
  decide: (token: string, body: ReviewDecisionCreate, accessToken?: string | null) => call(op.postReviewByTokenDecision, { token, auth: false, body, ...access(accessToken) }),
});
