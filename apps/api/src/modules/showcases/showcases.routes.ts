import { Router } from '@koa/router';
import { op, ShowcaseCreate, ShowcaseUpdate } from '@reelbase/api-client';
import { body } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import { type AuthGuards, currentUser } from '../access/guards.ts';
import type { ShowcasesService } from './showcases.service.ts';

/** `/api/showcases`: the team's showcases (reads need 'view', writes 'edit': bindTeamAccess checks the contract's). */
export function showcasesRoutes(showcases: ShowcasesService, guards: AuthGuards) {
  const r = new Router({ prefix: '/api/showcases' });
  r.use(guards.requireUser);
  on(r, op.getShowcases, async (ctx) => {
    ctx.body = await showcases.list(currentUser(ctx).id);
  });
  on(r, op.getShowcasesById, async (ctx) => {
    ctx.body = await showcases.get(currentUser(ctx).id, ctx.params.id);
  });
  on(r, op.postShowcases, guards.requireActive, async (ctx) => {
    ctx.status = 201;
    ctx.body = await showcases.create(currentUser(ctx).id, body(ctx, ShowcaseCreate));
  });
  on(r, op.putShowcasesById, guards.requireActive, async (ctx) => {
    ctx.body = await showcases.update(currentUser(ctx).id, ctx.params.id, body(ctx, ShowcaseUpdate));
  });
  on(r, op.deleteShowcasesById, guards.requireActive, async (ctx) => {
    ctx.body = await showcases.remove(currentUser(ctx).id, ctx.params.id);
  });
  return r;
}
