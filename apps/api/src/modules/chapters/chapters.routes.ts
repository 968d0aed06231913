import { Router } from '@koa/router';
import { ChaptersUpdate, op } from '@reelbase/api-client';
import { type AuthGuards, currentUser } from '../access/guards.ts';
import { body } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { ChaptersService } from './chapters.service.ts';

/** `/api/videos/{id}/chapters` (permissions from the contract: 'view' to read, 'edit' to change). */
export function chaptersRoutes(chapters: ChaptersService, guards: AuthGuards) {
  const r = new Router({ prefix: '/api/videos/:id/chapters' });
  r.use(guards.requireUser);
  on(r, op.getVideosByIdChapters, async (ctx) => {
    ctx.body = await chapters.get(currentUser(ctx).id, ctx.params.id);
  });
  on(r, op.putVideosByIdChapters, guards.requireActive, async (ctx) => {
    ctx.body = await chapters.set(currentUser(ctx).id, ctx.params.id, body(ctx, ChaptersUpdate));
  });
  return r;
}
