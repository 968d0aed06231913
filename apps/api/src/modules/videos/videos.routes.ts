import { join } from 'node:path';
import { Router } from '@koa/router';
import { COVER_MESSAGES, CoverFromFrame, ImportRequest, VIDEO_IMAGE_TYPES, VideoBulkRequest, VideoEdit, VideoListQuery, WatermarkPlacement } from '@reelbase/api-client';
import { type AuthGuards, currentUser } from '../../http/auth.ts';
import { unprocessable, zodErrors } from '../../http/errors.ts';
import { imageBody, withImage } from '../../http/image-body.ts';
import { body, query } from '../../http/validate.ts';
import { receiveVideo } from './multipart-upload.ts';
import type { VideosService } from './videos.service.ts';

export function videosRoutes(videos: VideosService, guards: AuthGuards, tmpDir: string) {
  const r = new Router({ prefix: '/api/videos' });
  r.use(guards.requireUser);
  r.get('/', async (ctx) => {
    ctx.body = await videos.list(currentUser(ctx).id, query(ctx, VideoListQuery));
  });
  r.post('/', guards.requireActive, async (ctx) => {
    const userId = currentUser(ctx).id;
    const upload = await receiveVideo(ctx, join(tmpDir, 'multipart'), await videos.remainingBytes(userId));
    ctx.status = 201;
    ctx.body = await videos.createFromFile(userId, upload);
  });
  r.post('/import', guards.requireActive, async (ctx) => {
    ctx.status = 202;
    ctx.body = await videos.startImport(currentUser(ctx).id, body(ctx, ImportRequest).url);
  });
  r.post('/bulk', guards.requireActive, async (ctx) => {
    ctx.body = await videos.bulk(currentUser(ctx).id, body(ctx, VideoBulkRequest));
  });
  r.get('/:id', async (ctx) => {
    ctx.body = await videos.get(currentUser(ctx).id, ctx.params.id);
  });
  r.get('/:id/import', async (ctx) => {
    ctx.body = await videos.importStatus(currentUser(ctx).id, ctx.params.id);
  });
  r.put('/:id/edit', guards.requireActive, async (ctx) => {
    const { trimming, video } = await videos.edit(currentUser(ctx).id, ctx.params.id, body(ctx, VideoEdit));
    ctx.status = trimming ? 202 : 200;
    ctx.body = video;
  });
  r.post('/:id/create/image', guards.requireActive, async (ctx) => {
    ctx.body = await videos.coverFromFrame(currentUser(ctx).id, ctx.params.id, body(ctx, CoverFromFrame).time);
  });
  r.post(
    '/:id/upload/image',
    guards.requireActive,
    // Refuse (404, or 403 with both image features off) before receiving the file.
    async (ctx, next) => {
      await videos.assertMayUploadImage(currentUser(ctx).id, ctx.params.id);
      await next();
    },
    imageBody,
    async (ctx) => {
      ctx.body = await withImage(ctx, ['image', 'file'], async (image, fields) => {
        const type = fields.type || 'thumbnail';
        if (!(VIDEO_IMAGE_TYPES as readonly string[]).includes(type)) throw unprocessable({ type: COVER_MESSAGES.type });
        if (!image) throw unprocessable({ image: COVER_MESSAGES.imageRequired });
        if (type === 'thumbnail') return videos.uploadCover(currentUser(ctx).id, ctx.params.id, image);
        const placement = WatermarkPlacement.safeParse(fields);
        if (!placement.success) throw unprocessable(zodErrors(placement.error));
        ctx.status = 202;
        return videos.setWatermark(currentUser(ctx).id, ctx.params.id, image, placement.data);
      });
    },
  );
  r.delete('/:id/watermark', guards.requireActive, async (ctx) => {
    ctx.status = 202;
    ctx.body = await videos.removeWatermark(currentUser(ctx).id, ctx.params.id);
  });
  r.delete('/:id', guards.requireActive, async (ctx) => {
    await videos.remove(currentUser(ctx).id, ctx.params.id);
    ctx.body = { message: 'Video deleted' };
  });
  return r;
}
