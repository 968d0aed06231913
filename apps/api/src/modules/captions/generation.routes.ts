import { Router } from '@koa/router';
import { CaptionGenerateRequest, CaptionSettings, op } from '@reelbase/api-client';
import { type AuthGuards, currentPerson, currentUser } from '../access/guards.ts';
import { body } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { CaptionGenerationService } from './generation.service.ts';

/** Generated captions: POST /api/videos/{id}/captions/generate (202, made by the workers), and the account's auto setting. */
export function captionGenerationRoutes(generation: CaptionGenerationService, guards: AuthGuards) {
  const r = new Router({ prefix: '/api' });
  r.use(guards.requireUser);
  on(r, op.postVideosByIdCaptionsGenerate, guards.requireCanSpend, async (ctx) => {
    const { language } = body(ctx, CaptionGenerateRequest);
    ctx.status = 202;
    ctx.body = await generation.generate(currentUser(ctx).id, currentPerson(ctx).id, ctx.params.id, language);
  });
  on(r, op.getCaptionsSettings, async (ctx) => {
    ctx.body = await generation.settings(currentUser(ctx).id);
  });
  on(r, op.putCaptionsSettings, guards.requireActive, async (ctx) => {
    ctx.body = await generation.updateSettings(currentUser(ctx).id, body(ctx, CaptionSettings));
  });
  return r;
}
