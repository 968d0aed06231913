import { Router } from '@koa/router';
import { op, ThumbnailTestCreate, ThumbnailTestEnd } from '@reelbase/api-client';
import { type AuthGuards, currentUser } from '../access/guards.ts';
import { body } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { ThumbnailTestsService } from './thumbnail-tests.service.ts';

/** `/api/videos/{id}/thumbnail-tests` (permissions from the contract: 'view' to read, 'edit' to start and end). */
export function thumbnailTestsRoutes(tests: ThumbnailTestsService, guards: AuthGuards) {
  const r = new Router({ prefix: '/api/videos/:id/thumbnail-tests' });
  r.use(guards.requireUser);
  on(r, op.getVideosByIdThumbnailTests, async (ctx) => {
    ctx.body = await tests.state(currentUser(ctx).id, ctx.params.id);
  });
  // Cutting the covers runs jobs, as a poster from a frame does.
  on(r, op.postVideosByIdThumbnailTests, guards.requireCanSpend, async (ctx) => {
    const input = body(ctx, ThumbnailTestCreate);
    ctx.body = await tests.start(currentUser(ctx).id, ctx.params.id, input);
    ctx.status = 201;
  });
  on(r, op.postVideosByIdThumbnailTestsByTestIdEnd, guards.requireActive, async (ctx) => {
    ctx.body = await tests.end(currentUser(ctx).id, ctx.params.id, ctx.params.testId, body(ctx, ThumbnailTestEnd));
  });
  return r;
}
