import { Router } from '@koa/router';
import { CaptionTranslateRequest, op } from '@reelbase/api-client';
import { body } from '../../../http/validate.ts';
import { on } from '../../../http/operation.ts';
import { type AuthGuards, currentPerson, currentUser } from '../../access/guards.ts';
import type { RateLimits } from '../../limits/rate-limits.ts';
import type { TranslationService } from './translation.service.ts';

/** Caption translation: the languages a track goes to, and POST .../translate (202, made by the workers); counted like every write of cues. */
export function translationRoutes(translation: TranslationService, guards: AuthGuards, limits: RateLimits) {
  const r = new Router({ prefix: '/api/videos/:id/captions/:captionId/translate' });
  r.use(guards.requireUser);
  on(r, op.getVideosByIdCaptionsByCaptionIdTranslate, async (ctx) => {
    ctx.body = await translation.languages(currentUser(ctx).id, ctx.params.id, ctx.params.captionId);
  });
  on(r, op.postVideosByIdCaptionsByCaptionIdTranslate, guards.requireActive, async (ctx) => {
    await limits.take('captions', { account: currentUser(ctx).id, address: ctx.ip });
    const { language } = body(ctx, CaptionTranslateRequest);
    ctx.body = await translation.translate(currentUser(ctx).id, currentPerson(ctx).id, ctx.params.id, ctx.params.captionId, language);
    ctx.status = 202;
  });
  return r;
}
