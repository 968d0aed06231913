import { Router } from '@koa/router';
import { REVIEW_ACCESS_HEADER, ReviewCommentCreate, ReviewDecisionCreate, ReviewLinkCreate, ReviewReplyCreate, ReviewUnlock } from '@reelbase/api-client';
import type { Context } from 'koa';
import { type AuthGuards, currentPerson, currentUser } from '../access/guards.ts';
import { body } from '../../http/validate.ts';
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
  r.post('/api/videos/:id/review-links', guards.requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await review.createLink(currentUser(ctx).id, memberOf(ctx), ctx.params.id, body(ctx, ReviewLinkCreate));
    ctx.status = 201;
  });
  r.get('/api/videos/:id/review-links', guards.requireUser, async (ctx) => {
    ctx.body = await review.links(currentUser(ctx).id, ctx.params.id);
  });
  r.delete('/api/videos/:id/review-links/:linkId', guards.requireUser, async (ctx) => {
    ctx.body = await review.revokeLink(currentUser(ctx).id, ctx.params.id, ctx.params.linkId);
  });
  r.get('/api/videos/:id/comments', guards.requireUser, async (ctx) => {
    ctx.body = await review.comments(currentUser(ctx).id, ctx.params.id);
  });
  for (const [action, resolved] of [['resolve', true], ['unresolve', false]] as const) {
    r.post(`/api/videos/:id/comments/:commentId/${action}`, guards.requireUser, async (ctx) => {
      ctx.body = await review.setResolved(currentUser(ctx).id, memberOf(ctx), ctx.params.id, ctx.params.commentId, resolved);
    });
  }
  r.post('/api/videos/:id/comments/:commentId/replies', guards.requireUser, async (ctx) => {
    const { text } = body(ctx, ReviewReplyCreate);
    ctx.body = await review.reply(currentUser(ctx).id, memberOf(ctx), ctx.params.id, ctx.params.commentId, text);
    ctx.status = 201;
  });
  r.get('/api/videos/:id/review', guards.requireUser, async (ctx) => {
    ctx.body = await review.summary(currentUser(ctx).id, ctx.params.id);
  });

  // The reviewer's calls: no account; answers are one reviewer's, never cached.
  r.get('/api/review/:token', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await reviewer.page(ctx.params.token, reviewerOf(ctx));
  });
  r.post('/api/review/:token/unlock', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const { password } = body(ctx, ReviewUnlock);
    ctx.body = await reviewer.unlock(ctx.params.token, password, ctx.ip);
  });
  r.post('/api/review/:token/comments', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await reviewer.comment(ctx.params.token, reviewerOf(ctx), body(ctx, ReviewCommentCreate));
    ctx.status = 201;
  });
  r.post('/api/review/:token/decision', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await reviewer.decide(ctx.params.token, reviewerOf(ctx), body(ctx, ReviewDecisionCreate));
    ctx.status = 201;
  });
  return r;
}
