import { Router } from '@koa/router';
import { FolderCreate, FolderListQuery, FolderUpdate } from '@reelbase/api-client';
import { type AuthGuards, currentUser } from '../access/guards.ts';
import { body, query } from '../../http/validate.ts';
import type { FoldersService } from './folders.service.ts';

export function foldersRoutes(folders: FoldersService, guards: AuthGuards) {
  const r = new Router({ prefix: '/api/folders' });
  r.use(guards.requireUser);
  r.get('/', async (ctx) => {
    ctx.body = await folders.list(currentUser(ctx).id, query(ctx, FolderListQuery));
  });
  r.get('/:id', async (ctx) => {
    ctx.body = await folders.get(currentUser(ctx).id, ctx.params.id);
  });
  r.post('/', guards.requireActive, async (ctx) => {
    ctx.status = 201;
    ctx.body = await folders.create(currentUser(ctx).id, body(ctx, FolderCreate));
  });
  r.put('/:id', guards.requireActive, async (ctx) => {
    ctx.body = await folders.update(currentUser(ctx).id, ctx.params.id, body(ctx, FolderUpdate));
  });
  r.delete('/:id', guards.requireActive, async (ctx) => {
    ctx.body = await folders.remove(currentUser(ctx).id, ctx.params.id);
  });
  return r;
}
