import { Router } from '@koa/router';
import { CaptionGenerateRequest } from '@reelbase/api-client';
import { type AuthGuards, currentPerson, currentUser } from '../../http/auth.ts';
import { body } from '../../http/validate.ts';
import type { CaptionGenerationService } from './generation.service.ts';

/** POST /api/videos/{id}/captions/generate (202): a generated track, made by the workers. */
export function captionGenerationRoutes(generation: CaptionGenerationService, guards: AuthGuards) {
  const r = new Router({ prefix: '/api/videos' });
  r.use(guards.requireUser);
  r.post('/:id/captions/generate', guards.requireCanSpend, async (ctx) => {
    const { language } = body(ctx, CaptionGenerateRequest);
    ctx.status = 202;
    ctx.body = await generation.generate(currentUser(ctx).id, currentPerson(ctx).id, ctx.params.id, language);
  });
  return r;
}
