import { Router } from '@koa/router';
import { op, REVIEW_ACCESS_HEADER, ReviewCommentCreate, ReviewDecisionCreate, ReviewLinkCreate, ReviewReplyCreate, ReviewUnlock } from '@reelbase/api-client';
import type { Context } from 'koa';
import { type AuthGuards, currentPerson, currentUser } from '../access/guards.ts';
import { body } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { ReviewService } from './review.service.ts';
import type { ReviewerService } from './reviewer.service.ts';

const memberOf = (ctx: Context) => {
  const p = currentPerson(ctx);
  return { id: p.id, name: `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim() || p.email };
};
/** The reviewer: a password link's access (header, or ?access= for a plain link) and the client address. */
const reviewerOf = (ctx: Context) => ({ access: ctx.get(REVIEW_ACCESS_HEADER) || (typeof ctx.query.access === 'string' ? ctx.query.access : undefined), address: ctx.ip });

/** Client review (issue 34 item 4): the team's links, comments and decision; the reviewer's public calls. */
export function reviewRoutes(review: ReviewService, reviewer: ReviewerService, guards: AuthGuards) {
  const r = new Router();
  on(r, op.postVideosByIdReviewLinks, guards.requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await review.createLink(currentUser(ctx).id, memberOf(ctx), ctx.params.id, body(ctx, ReviewLinkCreate));
    ctx.status = 201;
  });
  on(r, op.getVideosByIdReviewLinks, guards.requireUser, async (ctx) => {
    ctx.body = await review.links(currentUser(ctx).id, ctx.params.id);
  });
  on(r, op.deleteVideosByIdReviewLinksByLinkId, guards.requireUser, async (ctx) => {
    ctx.body = await review.revokeLink(currentUser(ctx).id, ctx.params.id, ctx.params.linkId);
  });
  on(r, op.getVideosByIdComments, guards.requireUser, async (ctx) => {
    ctx.body = await review.comments(currentUser(ctx).id, ctx.params.id);
  });
  for (const [operation, resolved] of [[op.postVideosByIdCommentsByCommentIdResolve, true], [op.postVideosByIdCommentsByCommentIdUnresolve, false]] as const) {
    on(r, operation, guards.requireUser, async (ctx) => {
      ctx.body = await review.setResolved(currentUser(ctx).id, memberOf(ctx), ctx.params.id, ctx.params.commentId, resolved);
    });
  }
  on(r, op.postVideosByIdCommentsByCommentIdReplies, guards.requireUser, async (ctx) => {
    const { text } = body(ctx, ReviewReplyCreate);
    ctx.body = await review.reply(currentUser(ctx).id, memberOf(ctx), ctx.params.id, ctx.params.commentId, text);
    ctx.status = 201;
  });
  on(r, op.getVideosByIdReview, guards.requireUser, async (ctx) => {
    ctx.body = await review.summary(currentUser(ctx).id, ctx.params.id);
  });

  // The reviewer's calls: no account; answers are one reviewer's, never cached.
  on(r, op.getReviewByToken, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await reviewer.page(ctx.params.token, reviewerOf(ctx));
  });
  on(r, op.postReviewByTokenUnlock, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const { password } = body(ctx, ReviewUnlock);
    ctx.body = await reviewer.unlock(ctx.params.token, password, ctx.ip);
  });
  on(r, op.postReviewByTokenComments, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await reviewer.comment(ctx.params.token, reviewerOf(ctx), body(ctx, ReviewCommentCreate));
    ctx.status = 201;
  });
  on(r, op.postReviewByTokenDecision, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await reviewer.decide(ctx.params.token, reviewerOf(ctx), body(ctx, ReviewDecisionCreate));
    ctx.status = 201;
  });
  return r;
}
