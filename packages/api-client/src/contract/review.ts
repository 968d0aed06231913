import { z } from 'zod';
import { email, maxLength, MessageBody, text } from './common.ts';
import type { Endpoint } from './endpoint.ts';
import { PlaybackInfo } from './player.ts';
import { PRIVACY_MESSAGES, VIDEO_PASSWORD_MAX_LENGTH, VIDEO_PASSWORD_MIN_LENGTH } from './privacy.ts';

// ---- issue 34 item 4: client review ----

export const REVIEW_DECISIONS = ['approved', 'changes_requested'] as const;
export type ReviewDecisionKind = (typeof REVIEW_DECISIONS)[number];
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_NAME_MAX = 100;

/** What a reviewer is told; the codes let the reviewer page tell the cases apart. */
export const REVIEW_MESSAGES = {
  notFound: 'This review link does not exist.',
  revoked: 'This review link was revoked. Ask the sender for a new one.',
  expired: 'This review link has expired. Ask the sender for a new one.',
  passwordNeeded: 'This review link needs its password.',
  wrongPassword: 'Wrong password',
  atSecPastEnd: 'Must be within the video’s length.',
  parentMissing: 'The comment replied to is not in this version’s review.',
  expiresInPast: 'Must be a time in the future.',
} as const;
export const REVIEW_ERROR_CODES = { password: 'REVIEW_PASSWORD', revoked: 'REVIEW_REVOKED', expired: 'REVIEW_EXPIRED' } as const;

const oneOf = (values: readonly string[]) => `Must be one of: ${values.join(', ')}.`;
const SECOND_MESSAGE = 'Must be a number of seconds from 0.';
const reviewerName = () => text(1).max(...maxLength(REVIEW_NAME_MAX));
const commentText = () => text(1).max(...maxLength(REVIEW_TEXT_MAX));
const ID_MESSAGE = 'Must be a comment id.';

/** POST /api/videos/{id}/review-links. */
export const ReviewLinkCreate = z.object({
  password: z
    .string({ error: PRIVACY_MESSAGES.passwordLength })
    .min(VIDEO_PASSWORD_MIN_LENGTH, { error: PRIVACY_MESSAGES.passwordLength })
    .max(VIDEO_PASSWORD_MAX_LENGTH, { error: PRIVACY_MESSAGES.passwordLength })
    .nullish(),
  expiresAt: z.iso.datetime({ offset: true, error: 'Must be a date and time like 2026-12-31T17:00:00Z.' }).nullish(),
});
export type ReviewLinkCreate = z.input<typeof ReviewLinkCreate>;

/** A review link as the team sees it: never its token (only its first characters) nor its password. */
export const ReviewLink = z.object({
  id: z.string(),
  videoId: z.string(),
  tokenPrefix: z.string(),
  hasPassword: z.boolean(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** active, expired or revoked, as the reviewer would find it now. */
  state: z.enum(['active', 'expired', 'revoked']),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type ReviewLink = z.infer<typeof ReviewLink>;
/** The answer of the creation: the link's URL, shown this once (only its hash is stored). */
export const ReviewLinkCreated = ReviewLink.extend({ token: z.string(), url: z.string() });
export type ReviewLinkCreated = z.infer<typeof ReviewLinkCreated>;
export const ReviewLinkList = z.object({ items: z.array(ReviewLink) });
export type ReviewLinkList = z.infer<typeof ReviewLinkList>;

/** One comment: a reviewer's (from a link) or a team member's (`byTeam`). */
export const ReviewComment = z.object({
  id: z.string(),
  version: z.number().int(),
  parentId: z.string().nullable(),
  atSec: z.number(),
  text: z.string(),
  name: z.string(),
  byTeam: z.boolean(),
  resolved: z.boolean(),
  createdAt: z.string(),
});
export type ReviewComment = z.infer<typeof ReviewComment>;
/** The team's view adds the reviewer's email and who resolved. */
export const TeamReviewComment = ReviewComment.extend({ email: z.string().nullable(), resolvedAt: z.string().nullable(), versionLabel: z.string() });
export type TeamReviewComment = z.infer<typeof TeamReviewComment>;
export const TeamReviewCommentList = z.object({ currentVersion: z.number().int(), items: z.array(TeamReviewComment) });
export type TeamReviewCommentList = z.infer<typeof TeamReviewCommentList>;

export const ReviewDecision = z.object({ decision: z.enum(REVIEW_DECISIONS), name: z.string(), version: z.number().int(), createdAt: z.string() });
export type ReviewDecision = z.infer<typeof ReviewDecision>;
/** GET /api/videos/{id}/review: the current version's decision (the latest) and counts. */
export const ReviewSummary = z.object({
  version: z.number().int(),
  decision: ReviewDecision.extend({ email: z.string() }).nullable(),
  comments: z.number().int(),
  unresolved: z.number().int(),
});
export type ReviewSummary = z.infer<typeof ReviewSummary>;

/** GET /api/review/{token}: what the reviewer page shows. */
export const ReviewPage = z.object({
  videoName: z.string(),
  version: z.number().int(),
  durationSec: z.number().nullable(),
  playback: PlaybackInfo,
  comments: z.array(ReviewComment),
  decision: ReviewDecision.nullable(),
});
export type ReviewPage = z.infer<typeof ReviewPage>;

export const ReviewUnlock = z.object({ password: z.string({ error: 'Must be text.' }).min(1, { error: 'Enter the password.' }).max(VIDEO_PASSWORD_MAX_LENGTH) });
/** The access a password link's right password answers; send it as X-Review-Access. */
export const ReviewAccess = z.object({ access: z.string(), expiresAt: z.string() });
export type ReviewAccess = z.infer<typeof ReviewAccess>;

export const ReviewCommentCreate = z.object({
  name: reviewerName(),
  email: email(),
  atSec: z.number({ error: SECOND_MESSAGE }).min(0, { error: SECOND_MESSAGE }).max(1e6, { error: REVIEW_MESSAGES.atSecPastEnd }),
  text: commentText(),
  parentId: z.uuid({ error: ID_MESSAGE }).nullish(),
});
export type ReviewCommentCreate = z.input<typeof ReviewCommentCreate>;
export const ReviewDecisionCreate = z.object({ decision: z.enum(REVIEW_DECISIONS, { error: oneOf(REVIEW_DECISIONS) }), name: reviewerName(), email: email() });
export type ReviewDecisionCreate = z.input<typeof ReviewDecisionCreate>;
/** A team member's reply (their name is their account's). */
export const ReviewReplyCreate = z.object({ text: commentText() });

const editVideo = { auth: 'user', team: 'edit', scope: 'videos:write' } as const;
const readVideo = { auth: 'user', team: 'view', scope: 'videos:read' } as const;
export const reviewOperations = [
  { method: 'post', path: '/api/videos/{id}/review-links', summary: "Create a review link (201): /review/{token}, no account needed; optional password (argon2 at rest) and expiry. The answer's `token` and `url` are shown this once (only a hash is stored)", ...editVideo, body: ReviewLinkCreate, response: ReviewLinkCreated },
  { method: 'get', path: '/api/videos/{id}/review-links', summary: "The video's review links, newest first, without tokens or passwords", ...readVideo, response: ReviewLinkList },
  { method: 'delete', path: '/api/videos/{id}/review-links/{linkId}', summary: 'Revoke a review link: it answers 410 from now on', ...editVideo, response: MessageBody },
  { method: 'get', path: '/api/videos/{id}/comments', summary: "Every review comment of the video, all versions, oldest first, each labelled with its version", ...readVideo, response: TeamReviewCommentList },
  { method: 'post', path: '/api/videos/{id}/comments/{commentId}/resolve', summary: 'Mark a comment resolved', ...editVideo, response: TeamReviewComment },
  { method: 'post', path: '/api/videos/{id}/comments/{commentId}/unresolve', summary: 'Mark a comment unresolved again', ...editVideo, response: TeamReviewComment },
  { method: 'post', path: '/api/videos/{id}/comments/{commentId}/replies', summary: "A team member's reply to a comment (201), at the comment's time, shown to reviewers", ...editVideo, body: ReviewReplyCreate, response: TeamReviewComment },
  { method: 'get', path: '/api/videos/{id}/review', summary: "The current version's review: its latest decision and its comment counts", ...readVideo, response: ReviewSummary },
  { method: 'get', path: '/api/review/{token}', summary: "Public: a review link's video (its playback answer), the current version's comments and decision. 404 unknown, 410 revoked or expired, 403 REVIEW_PASSWORD until unlocked (send X-Review-Access)", auth: 'none', response: ReviewPage },
  { method: 'post', path: '/api/review/{token}/unlock', summary: "Public: a password link's access for the right password (403 'Wrong password'; 429 past the tries per address and link)", auth: 'none', body: ReviewUnlock, response: ReviewAccess },
  { method: 'post', path: '/api/review/{token}/comments', summary: 'Public: a reviewer\'s comment at a second (201), or a reply with parentId; 422 field messages; 429 past the writes per address', auth: 'none', body: ReviewCommentCreate, response: ReviewComment },
  { method: 'post', path: '/api/review/{token}/decision', summary: "Public: the reviewer's decision on the current version (201): approved or changes_requested; 429 past the writes per address", auth: 'none', body: ReviewDecisionCreate, response: ReviewDecision },
] as const satisfies readonly Endpoint[];
