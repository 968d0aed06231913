import { Router } from '@koa/router';
import { AdminUserListQuery, AdminUserUpdate, AdminVideoListQuery, FeatureToggle, op, UserBulkRequest, VideoBlockRequest } from '@reelbase/api-client';
import type { Context, Next } from 'koa';
import { type AuthGuards, currentUser } from '../access/guards.ts';
import { body, query } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { AdminUsersService } from './admin-users.service.ts';
import type { AdminVideosService } from './admin-videos.service.ts';

/**
 * The admin API. Every route checks the admin role against the database (401 without a valid
 * token, 403 for anyone else). Mounted before the videos routes: GET /api/videos with `user-id`
 * and POST /api/videos/bulk with action block are the admin's, the rest go on to the owner's routes.
 */
export function adminRoutes(users: AdminUsersService, videos: AdminVideosService, guards: AuthGuards) {
  const r = new Router();
  const admin = guards.requireAdmin;
  on(r, op.getUsers, admin, async (ctx) => {
    ctx.body = await users.list(currentUser(ctx), query(ctx, AdminUserListQuery));
  });
  on(r, op.getUsersById, admin, async (ctx) => {
    ctx.body = await users.get(currentUser(ctx), ctx.params.id);
  });
  on(r, op.putUsersById, admin, async (ctx) => {
    ctx.body = await users.update(currentUser(ctx), ctx.params.id, body(ctx, AdminUserUpdate));
  });
  on(r, op.deleteUsersById, admin, async (ctx) => {
    ctx.body = await users.remove(currentUser(ctx), ctx.params.id);
  });
  on(r, op.postUsersBulk, admin, async (ctx) => {
    ctx.body = await users.bulk(currentUser(ctx), body(ctx, UserBulkRequest));
  });
  on(r, op.putFeatureById, admin, async (ctx) => {
    ctx.body = await users.toggleFeature(currentUser(ctx), ctx.params.id, body(ctx, FeatureToggle));
  });

  const adminWhen = (isAdminCall: (ctx: Context) => boolean, handle: (ctx: Context) => Promise<void>) => async (ctx: Context, next: Next) => {
    if (!isAdminCall(ctx)) return next();
    await admin(ctx, () => handle(ctx));
  };
  on(
    r,
    op.getVideos,
    adminWhen(
      (ctx) => ctx.query['user-id'] !== undefined,
      async (ctx) => {
        ctx.body = await videos.list(currentUser(ctx), query(ctx, AdminVideoListQuery));
      },
    ),
  );
  on(
    r,
    op.postVideosBulk,
    adminWhen(
      (ctx) => (ctx.request as unknown as { body?: { action?: unknown } }).body?.action === 'block',
      async (ctx) => {
        ctx.body = await videos.block(currentUser(ctx), body(ctx, VideoBlockRequest));
      },
    ),
  );
  return r;
}
