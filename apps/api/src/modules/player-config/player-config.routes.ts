import { Router } from '@koa/router';
import { op, PlayerConfigUpdate } from '@reelbase/api-client';
import { type AuthGuards, currentUser } from '../access/guards.ts';
import { unprocessable } from '../../http/errors.ts';
import { imageBody, withImage } from '../../http/image-body.ts';
import { body } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { PlayerConfigService } from './player-config.service.ts';

export function playerConfigRoutes(playerConfig: PlayerConfigService, guards: AuthGuards) {
  const r = new Router({ prefix: '/api/player-config' });
  r.use(guards.requireUser);
  on(r, op.putPlayerConfigById, guards.requireActive, async (ctx) => {
    ctx.body = await playerConfig.update(currentUser(ctx).id, ctx.params.id, body(ctx, PlayerConfigUpdate));
  });
  on(
    r,
    op.putPlayerConfigByIdImage,
    guards.requireCanSpend,
    // Refuse (404, or 403 with the flag off) before receiving the file.
    async (ctx, next) => {
      await playerConfig.assertMayUploadLogo(currentUser(ctx).id, ctx.params.id);
      await next();
    },
    imageBody,
    async (ctx) => {
      ctx.body = await withImage(ctx, ['image', 'file'], async (image) => {
        if (!image) throw unprocessable({ image: 'An image file is required.' });
        return playerConfig.uploadLogo(currentUser(ctx).id, ctx.params.id, image);
      });
    },
  );
  return r;
}
