import { Router } from '@koa/router';
import { CaptionGenerateRequest, CaptionSettings } from '@reelbase/api-client';
import { type AuthGuards, currentPerson, currentUser } from '../access/guards.ts';
import { body } from '../../http/validate.ts';
import type { CaptionGenerationService } from './generation.service.ts';

/** Generated captions: POST /api/videos/{id}/captions/generate (202, made by the workers), and the account's auto setting. */
export function captionGenerationRoutes(generation: CaptionGenerationService, guards: AuthGuards) {
  const r = new Router({ prefix: '/api' });
  r.use(guards.requireUser);
  r.post('/videos/:id/captions/generate', guards.requireCanSpend, async (ctx) => {
    const { language } = body(ctx, CaptionGenerateRequest);
    ctx.status = 202;
    ctx.body = await generation.generate(currentUser(ctx).id, currentPerson(ctx).id, ctx.params.id, language);
  });
  r.get('/captions/settings', async (ctx) => {
    ctx.body = await generation.settings(currentUser(ctx).id);
  });
  r.put('/captions/settings', guards.requireActive, async (ctx) => {
    ctx.body = await generation.updateSettings(currentUser(ctx).id, body(ctx, CaptionSettings));
  });
  return r;
}
