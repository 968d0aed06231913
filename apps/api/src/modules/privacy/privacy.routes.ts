import { Router } from '@koa/router';
import { op, VideoPrivacy } from '@reelbase/api-client';
import { type AuthGuards, currentUser } from '../access/guards.ts';
import { body } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { PrivacyService } from './privacy.service.ts';

/** The owner's privacy calls of a video. */
export function privacyRoutes(privacy: PrivacyService, guards: AuthGuards) {
  const r = new Router({ prefix: '/api/videos/:id' });
  r.use(guards.requireUser);
  on(r, op.putVideosByIdPrivacy, guards.requireActive, async (ctx) => {
    ctx.body = await privacy.set(currentUser(ctx).id, ctx.params.id, body(ctx, VideoPrivacy));
  });
  return r;
}
