import { Router } from '@koa/router';
import { COVER_MESSAGES, CoverFromFrame, ImportRequest, op, OwnVideoBulkRequest, VIDEO_IMAGE_TYPES, VideoEdit, VideoListQuery, WatermarkPlacement } from '@reelbase/api-client';
import { type AuthGuards, currentUser } from '../access/guards.ts';
import { unprocessable, zodErrors } from '../../http/errors.ts';
import { imageBody, withImage } from '../../http/image-body.ts';
import { body, query } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { RateLimits } from '../limits/rate-limits.ts';
import { receiveVideo } from './uploads/multipart-upload.ts';
import type { VideosService } from './videos.service.ts';

/** `multipartDir`: this process's scratch folder for form uploads being received. */
export function videosRoutes(videos: VideosService, guards: AuthGuards, limits: RateLimits, multipartDir: string) {
  const r = new Router({ prefix: '/api/videos' });
  r.use(guards.requireUser);
  on(r, op.getVideos, async (ctx) => {
    ctx.body = await videos.list(currentUser(ctx).id, query(ctx, VideoListQuery));
  });
  on(r, op.postVideos, guards.requireCanSpend, async (ctx) => {
    await limits.take('upload', { account: currentUser(ctx).id, address: ctx.ip });
    const length = Number(ctx.get('content-length'));
    const video = await videos.createFromUpload(currentUser(ctx).id, Number.isSafeInteger(length) && length > 0 ? length : null, (maxBytes, tooLarge) =>
      receiveVideo(ctx, multipartDir, maxBytes, tooLarge),
    );
    ctx.status = 201;
    ctx.body = video;
  });
  on(r, op.postVideosImport, guards.requireCanSpend, async (ctx) => {
    const { url } = body(ctx, ImportRequest);
    await limits.take('import', { account: currentUser(ctx).id, address: ctx.ip });
    ctx.status = 202;
    ctx.body = await videos.startImport(currentUser(ctx).id, url);
  });
  on(r, op.postVideosBulk, guards.requireActive, async (ctx) => {
    ctx.body = await videos.bulk(currentUser(ctx).id, body(ctx, OwnVideoBulkRequest));
  });
  on(r, op.getVideosById, async (ctx) => {
    ctx.body = await videos.get(currentUser(ctx).id, ctx.params.id);
  });
  on(r, op.getVideosByIdImport, async (ctx) => {
    ctx.body = await videos.importStatus(currentUser(ctx).id, ctx.params.id);
  });
  on(r, op.postVideosByIdReplace, guards.requireCanSpend, async (ctx) => {
    await limits.take('upload', { account: currentUser(ctx).id, address: ctx.ip });
    const length = Number(ctx.get('content-length'));
    ctx.body = await videos.replace(currentUser(ctx).id, ctx.params.id, Number.isSafeInteger(length) && length > 0 ? length : null, (maxBytes, tooLarge) =>
      receiveVideo(ctx, multipartDir, maxBytes, tooLarge),
    );
    ctx.status = 202;
  });
  on(r, op.postVideosByIdCopy, guards.requireCanSpend, async (ctx) => {
    ctx.status = 201;
    ctx.body = await videos.copy(currentUser(ctx).id, ctx.params.id);
  });
  on(r, op.putVideosByIdEdit, guards.requireCanSpend, async (ctx) => {
    const { trimming, video } = await videos.edit(currentUser(ctx).id, ctx.params.id, body(ctx, VideoEdit));
    ctx.status = trimming ? 202 : 200;
    ctx.body = video;
  });
  on(r, op.postVideosByIdCreateImage, guards.requireCanSpend, async (ctx) => {
    ctx.body = await videos.coverFromFrame(currentUser(ctx).id, ctx.params.id, body(ctx, CoverFromFrame).time);
  });
  on(
    r,
    op.postVideosByIdUploadImage,
    guards.requireCanSpend,
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
  on(r, op.deleteVideosByIdWatermark, guards.requireCanSpend, async (ctx) => {
    ctx.status = 202;
    ctx.body = await videos.removeWatermark(currentUser(ctx).id, ctx.params.id);
  });
  on(r, op.deleteVideosById, guards.requireActive, async (ctx) => {
    await videos.remove(currentUser(ctx).id, ctx.params.id);
    ctx.body = { message: 'Video deleted' };
  });
  return r;
}
