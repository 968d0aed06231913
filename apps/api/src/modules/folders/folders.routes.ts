import { Router } from '@koa/router';
import { FolderCreate, FolderListQuery, FolderUpdate, op } from '@reelbase/api-client';
import { type AuthGuards, currentUser } from '../access/guards.ts';
import { body, query } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { FoldersService } from './folders.service.ts';

export function foldersRoutes(folders: FoldersService, guards: AuthGuards) {
  const r = new Router({ prefix: '/api/folders' });
  r.use(guards.requireUser);
  on(r, op.getFolders, async (ctx) => {
    ctx.body = await folders.list(currentUser(ctx).id, query(ctx, FolderListQuery));
  });
  on(r, op.getFoldersById, async (ctx) => {
    ctx.body = await folders.get(currentUser(ctx).id, ctx.params.id);
  });
  on(r, op.postFolders, guards.requireActive, async (ctx) => {
    ctx.status = 201;
    ctx.body = await folders.create(currentUser(ctx).id, body(ctx, FolderCreate));
  });
  on(r, op.putFoldersById, guards.requireActive, async (ctx) => {
    ctx.body = await folders.update(currentUser(ctx).id, ctx.params.id, body(ctx, FolderUpdate));
  });
  on(r, op.deleteFoldersById, guards.requireActive, async (ctx) => {
    ctx.body = await folders.remove(currentUser(ctx).id, ctx.params.id);
  });
  return r;
}
