import { readFile, rm } from 'node:fs/promises';
import { Router } from '@koa/router';
import { PlayerConfigUpdate } from '@reelbase/api-client';
import { koaBody } from 'koa-body';
import { type AuthGuards, currentUser } from '../../http/auth.ts';
import { unprocessable } from '../../http/errors.ts';
import { body } from '../../http/validate.ts';
import { MAX_IMAGE_BYTES } from '../../images/image-upload.ts';
import type { PlayerConfigService } from './player-config.service.ts';

const imageUpload = koaBody({ multipart: true, formidable: { maxFiles: 1, maxFileSize: MAX_IMAGE_BYTES, maxFields: 5 } });

export function playerConfigRoutes(playerConfig: PlayerConfigService, guards: AuthGuards) {
  const r = new Router({ prefix: '/api/player-config' });
  r.use(guards.requireUser);
  r.put('/:id', guards.requireActive, async (ctx) => {
    ctx.body = await playerConfig.update(currentUser(ctx).id, ctx.params.id, body(ctx, PlayerConfigUpdate));
  });
  r.put(
    '/:id/image',
    guards.requireActive,
    // Refuse (404, or 403 with the flag off) before receiving the file.
    async (ctx, next) => {
      await playerConfig.assertMayUploadLogo(currentUser(ctx).id, ctx.params.id);
      await next();
    },
    imageUpload,
    async (ctx) => {
      const files = ctx.request.files ?? {};
      const file = [files.image, files.file].flat().find(Boolean);
      try {
        if (!file) throw unprocessable({ image: 'An image file is required.' });
        ctx.body = await playerConfig.uploadLogo(currentUser(ctx).id, ctx.params.id, await readFile(file.filepath));
      } finally {
        // formidable's temporary files never outlive the request.
        await Promise.all(Object.values(files).flat().map((f) => rm(f.filepath, { force: true })));
      }
    },
  );
  return r;
}
