import { readFile, rm } from 'node:fs/promises';
import { Router } from '@koa/router';
import { MESSAGES, PROFILE_IMAGE_KINDS, ProfileUpdate } from '@reelbase/api-client';
import { koaBody } from 'koa-body';
import { type AuthGuards, type AuthState, currentUser } from '../../http/auth.ts';
import { unprocessable } from '../../http/errors.ts';
import { body } from '../../http/validate.ts';
import { MAX_IMAGE_BYTES } from '../../images/image-upload.ts';
import type { RateLimits } from '../limits/rate-limits.ts';
import type { ProfileImageKind, ProfileService } from './profile.service.ts';

const imageUpload = koaBody({ multipart: true, formidable: { maxFiles: 1, maxFileSize: MAX_IMAGE_BYTES, maxFields: 5 } });

export function profileRoutes(profile: ProfileService, guards: AuthGuards, limits: RateLimits) {
  const r = new Router({ prefix: '/api/profile' });
  r.use(guards.requireUser);
  r.get('/', async (ctx) => {
    ctx.body = await profile.get(currentUser(ctx).id);
  });
  r.put('/', async (ctx) => {
    const input = body(ctx, ProfileUpdate);
    const user = currentUser(ctx);
    if (input.email !== undefined && input.email !== user.email) await limits.take('verification-mail', { account: user.id, address: ctx.ip });
    ctx.body = { message: MESSAGES.profileUpdated, ...(await profile.update((ctx.state as AuthState).claims, input)) };
  });
  r.post('/upload', imageUpload, async (ctx) => {
    const files = ctx.request.files ?? {};
    const file = [files.file, files.image].flat().find(Boolean);
    try {
      const fields = (ctx.request.body ?? {}) as Record<string, unknown>;
      const kind = (fields.type ?? fields.image ?? 'avatar') as ProfileImageKind;
      if (!PROFILE_IMAGE_KINDS.includes(kind)) throw unprocessable({ type: `Must be one of: ${PROFILE_IMAGE_KINDS.join(', ')}.` });
      if (!file) throw unprocessable({ file: 'An image file is required.' });
      ctx.body = await profile.uploadImage(currentUser(ctx).id, kind, await readFile(file.filepath));
    } finally {
      // formidable's temporary files never outlive the request.
      await Promise.all(Object.values(files).flat().map((f) => rm(f.filepath, { force: true })));
    }
  });
  return r;
}
