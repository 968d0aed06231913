import { Router } from '@koa/router';
import { GifCreate, GifListQuery, op } from '@reelbase/api-client';
import { type AuthGuards, currentUser } from '../access/guards.ts';
import { body, query } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { GifsService } from './gifs.service.ts';

export function gifsRoutes(gifs: GifsService, guards: AuthGuards) {
  const r = new Router({ prefix: '/api/gifs' });
  r.use(guards.requireUser);
  on(r, op.getGifs, async (ctx) => {
    ctx.body = await gifs.list(currentUser(ctx).id, query(ctx, GifListQuery));
  });
  on(r, op.postGifs, guards.requireCanSpend, async (ctx) => {
    ctx.status = 201;
    ctx.body = await gifs.create(currentUser(ctx).id, body(ctx, GifCreate));
  });
  on(r, op.deleteGifsById, guards.requireActive, async (ctx) => {
    ctx.body = await gifs.remove(currentUser(ctx).id, ctx.params.id);
  });
  return r;
}
