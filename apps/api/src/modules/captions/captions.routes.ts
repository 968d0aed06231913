import { Router } from '@koa/router';
import { CAPTION_FORMAT_MESSAGES, CAPTION_FORMATS, CAPTION_MAX_BYTES, type CaptionFormat, CaptionUpdate, op } from '@reelbase/api-client';
import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import { type AuthGuards, currentUser } from '../access/guards.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { withImage } from '../../http/image-body.ts';
import { body } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { RateLimits } from '../limits/rate-limits.ts';
import type { CaptionsService } from './captions.service.ts';

// A byte over the limit is enough to tell "too large" (the service counts the bytes again).
const parseForm = koaBody({ multipart: true, formidable: { maxFiles: 1, maxFileSize: CAPTION_MAX_BYTES, maxFields: 10, maxFieldsSize: 64 * 1024 } });

/** A caption file and its text fields (multipart); a file over CAPTION_MAX_BYTES is a 422 on `file`, like any other bad file. */
async function captionForm(ctx: Context, next: Next) {
  if (ctx.is('multipart')) {
    try {
      await parseForm(ctx, async () => {});
    } catch (err) {
      const e = err as { httpCode?: number; status?: number; code?: number };
      if (e.httpCode === 413 || e.status === 413 || e.code === 1009) throw unprocessable({ file: CAPTION_FORMAT_MESSAGES.tooLarge });
      throw err;
    }
  }
  await next();
}

/** Caption tracks of a video: `/api/videos/{id}/captions...` (permissions from the contract: 'view' to read, 'edit' to change). */
export function captionsRoutes(captions: CaptionsService, guards: AuthGuards, limits: RateLimits) {
  const r = new Router({ prefix: '/api/videos/:id/captions' });
  r.use(guards.requireUser);
  // Every write of cues counts, before its body is read (429 with Retry-After past RATE_LIMIT_CAPTIONS_*).
  const counted = async (ctx: Context, next: Next) => {
    await limits.take('captions', { account: currentUser(ctx).id, address: ctx.ip });
    await next();
  };
  on(r, op.getVideosByIdCaptions, async (ctx) => {
    ctx.body = await captions.list(currentUser(ctx).id, ctx.params.id);
  });
  on(r, op.postVideosByIdCaptions, guards.requireActive, counted, captionForm, async (ctx) => {
    ctx.body = await withImage(ctx, ['file'], (file, fields) => captions.create(currentUser(ctx).id, ctx.params.id, file, fields));
    ctx.status = 201;
  });
  // Downloads first: "<captionId>.vtt" would otherwise be taken for a track id.
  on(r, op.getVideosByIdCaptionsByCaptionIdByFormat, async (ctx) => {
    const format = ctx.params.format as CaptionFormat;
    if (!(CAPTION_FORMATS as readonly string[]).includes(format)) throw notFound();
    const file = await captions.download(currentUser(ctx).id, ctx.params.id, ctx.params.captionId, format);
    ctx.type = file.type;
    ctx.attachment(file.filename, { type: 'attachment' });
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = file.body;
  });
  on(r, op.getVideosByIdCaptionsByCaptionId, async (ctx) => {
    ctx.body = await captions.get(currentUser(ctx).id, ctx.params.id, ctx.params.captionId);
  });
  on(r, op.putVideosByIdCaptionsByCaptionId, guards.requireActive, counted, captionForm, async (ctx) => {
    const user = currentUser(ctx).id;
    ctx.body = ctx.is('multipart')
      ? await withImage(ctx, ['file'], (file, fields) => captions.replace(user, ctx.params.id, ctx.params.captionId, file, fields))
      : await captions.update(user, ctx.params.id, ctx.params.captionId, body(ctx, CaptionUpdate));
  });
  on(r, op.deleteVideosByIdCaptionsByCaptionId, guards.requireActive, async (ctx) => {
    ctx.body = await captions.remove(currentUser(ctx).id, ctx.params.id, ctx.params.captionId);
  });
  return r;
}
