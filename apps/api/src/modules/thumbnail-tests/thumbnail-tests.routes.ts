import { Router } from '@koa/router';
import { ThumbnailTestCreate, ThumbnailTestEnd } from '@reelbase/api-client';
import { type AuthGuards, currentUser } from '../access/guards.ts';
import { body } from '../../http/validate.ts';
import type { ThumbnailTestsService } from './thumbnail-tests.service.ts';

/** `/api/videos/{id}/thumbnail-tests` (permissions from the contract: 'view' to read, 'edit' to start and end). */
export function thumbnailTestsRoutes(tests: ThumbnailTestsService, guards: AuthGuards) {
  const r = new Router({ prefix: '/api/videos/:id/thumbnail-tests' });
  r.use(guards.requireUser);
  r.get('/', async (ctx) => {
    ctx.body = await tests.state(currentUser(ctx).id, ctx.params.id);
  });
  // Cutting the covers runs jobs, as a poster from a frame does.
  r.post('/', guards.requireCanSpend, async (ctx) => {
    const input = body(ctx, ThumbnailTestCreate);
    ctx.body = await tests.start(currentUser(ctx).id, ctx.params.id, input);
    ctx.status = 201;
  });
  r.post('/:testId/end', guards.requireActive, async (ctx) => {
    ctx.body = await tests.end(currentUser(ctx).id, ctx.params.id, ctx.params.testId, body(ctx, ThumbnailTestEnd));
  });
  return r;
}
