import { REVIEW_ERROR_CODES, REVIEW_MESSAGES, type ReviewAccess, type ReviewComment, type ReviewDecision, type ReviewPage } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { sqlOf } from '../../db/sql.ts';
import { forbidden, HttpError, notFound, unprocessable } from '../../http/errors.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { RateLimits } from '../limits/rate-limits.ts';
import { addressBucket } from '../limits/address.ts';
import type { PlaybackService } from '../playback/playback.service.ts';
import { hashLinkToken, type ReviewAccessSigner } from './review-access.ts';
import type { ReviewMails } from './review-mails.ts';
import { type LinkRow, linkState, reviewQueries, toComment, toDecision, type VideoRow } from './review.queries.ts';

/** A token as newLinkToken makes them; anything else is looked up no further. */
const TOKEN = /^[\w-]{20,64}$/;

/** Who acts on a review link: the access a password link's unlock answered, and the client address. */
export interface Reviewer {
  access?: string;
  address: string;
}

/**
 * The reviewer's side of client review (issue 34 item 4), needing no account: the link's token
 * is the right to see the video (whatever its privacy: the team chose to send it) and to comment
 * and decide on its current review version. Unknown links answer 404; revoked or expired ones
 * 410 with a message saying which; a password link 403 (REVIEW_PASSWORD) until the reviewer sends
 * the access its unlock answered. Password tries and the public writes are rate-limited per address.
 */
export function createReviewerService(d: {
  orm: Orm;
  playback: Pick<PlaybackService, 'forReview'>;
  limits: Pick<RateLimits, 'take'>;
  access: ReviewAccessSigner;
  mails: ReviewMails;
  /** The bounded pool of argon2 checks (keyed by address), shared with sign-ins and video unlocks. */
  checkPassword: <T>(key: string, task: () => Promise<T>) => Promise<T>;
}) {
  const q = () => reviewQueries(sqlOf(d.orm.em.fork()));

  /** The link and its video, or the refusal the reviewer sees; `unlocking`: no access needed yet. */
  async function open(token: string, reviewer: Reviewer, unlocking = false): Promise<{ link: LinkRow; video: VideoRow }> {
    const link = TOKEN.test(token) ? await q().linkByHash(hashLinkToken(token)) : null;
    const video = link && (await q().videoById(link.video_id));
    if (!link || !video) throw notFound(REVIEW_MESSAGES.notFound);
    const state = linkState(link);
    if (state === 'revoked') throw new HttpError(410, REVIEW_MESSAGES.revoked, { code: REVIEW_ERROR_CODES.revoked });
    if (state === 'expired') throw new HttpError(410, REVIEW_MESSAGES.expired, { code: REVIEW_ERROR_CODES.expired });
    if (link.password_hash && !unlocking && !d.access.valid(link.id, reviewer.access)) throw forbidden(REVIEW_MESSAGES.passwordNeeded, REVIEW_ERROR_CODES.password);
    return { link, video };
  }

  /** One public write, counted per address and per email typed (as the lead form counts). */
  const countWrite = (email: string, address: string) => d.limits.take('review-write', { account: email, address });

  return {
    async page(token: string, reviewer: Reviewer): Promise<ReviewPage> {
      const { video } = await open(token, reviewer);
      const version = video.review_version;
      const [playback, comments, decision] = await Promise.all([d.playback.forReview(video.id), q().comments(video.id, version), q().decision(video.id, version)]);
      return { videoName: video.name, version, durationSec: video.duration_sec, playback, comments: comments.map(toComment), decision: decision && toDecision(decision) };
    },

    /** A password link's access for the right password; tries are counted before argon2 runs, as a video unlock's are. */
    async unlock(token: string, password: string, address: string): Promise<ReviewAccess> {
      const { link } = await open(token, { address }, true);
      if (!link.password_hash) return d.access.issue(link.id);
      await d.limits.take('review-unlock', { account: `${link.id}\n${addressBucket(address)}`, address });
      const ok = await d.checkPassword(address, () => verifyPassword(link.password_hash, password));
      if (!ok) throw forbidden(REVIEW_MESSAGES.wrongPassword);
      return d.access.issue(link.id);
    },

    async comment(token: string, reviewer: Reviewer, input: { name: string; email: string; atSec: number; text: string; parentId?: string | null }): Promise<ReviewComment> {
      const { link, video } = await open(token, reviewer);
      if (video.duration_sec !== null && input.atSec > Number(video.duration_sec) + 0.5) throw unprocessable({ atSec: REVIEW_MESSAGES.atSecPastEnd });
      let parentId: string | null = null;
      let atSec = input.atSec;
      if (input.parentId) {
        const parent = await q().comment(video.id, input.parentId);
        if (!parent || parent.version !== video.review_version) throw unprocessable({ parentId: REVIEW_MESSAGES.parentMissing });
        // A reply joins its thread (one level) at the thread's time.
        parentId = parent.parent_id ?? parent.id;
        atSec = Number(parent.at_sec);
      }
      await countWrite(input.email, reviewer.address);
      const row = await d.orm.em.fork().transactional(async (tx) => {
        const sq = reviewQueries(sqlOf(tx));
        const made = await sq.insertComment({ teamId: video.user_id, videoId: video.id, version: video.review_version, linkId: link.id, parentId, atSec, text: input.text, name: input.name, email: input.email, memberId: null });
        await d.mails.comment(sqlOf(tx), sq, video, link.id, { name: input.name, email: input.email, atSec, text: input.text });
        return made;
      });
      return toComment(row);
    },

    async decide(token: string, reviewer: Reviewer, input: { decision: ReviewDecision['decision']; name: string; email: string }): Promise<ReviewDecision> {
      const { link, video } = await open(token, reviewer);
      await countWrite(input.email, reviewer.address);
      const row = await d.orm.em.fork().transactional(async (tx) => {
        const sq = reviewQueries(sqlOf(tx));
        const made = await sq.insertDecision({ teamId: video.user_id, videoId: video.id, version: video.review_version, linkId: link.id, ...input });
        await d.mails.decision(sqlOf(tx), sq, video, input);
        return made;
      });
      return toDecision(row);
    },
  };
}
export type ReviewerService = ReturnType<typeof createReviewerService>;
