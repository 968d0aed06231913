import { Router } from '@koa/router';
import { op, VideoDetailsUpdate } from '@reelbase/api-client';
import { type AuthGuards, currentUser } from '../../access/guards.ts';
import { body } from '../../../http/validate.ts';
import { on } from '../../../http/operation.ts';
import type { Storage } from '../../../storage/storage.ts';
import { sendStored } from '../delivery/send-stored.ts';
import type { VideoDetails } from './details.service.ts';

/** `PUT /api/videos/{id}/details` ('edit') and `GET /api/videos/{id}/download` ('view'); HTTP only. */
export function detailsRoutes(details: VideoDetails, storage: Storage, guards: AuthGuards) {
  const r = new Router({ prefix: '/api/videos/:id' });
  r.use(guards.requireUser);
  on(r, op.putVideosByIdDetails, guards.requireActive, async (ctx) => {
    ctx.body = await details.set(currentUser(ctx).id, ctx.params.id, body(ctx, VideoDetailsUpdate));
  });
  on(r, op.getVideosByIdDownload, async (ctx) => {
    const file = await details.original(currentUser(ctx).id, ctx.params.id);
    // The team's own copy: private, not charged to the plan's bandwidth (like the app's previews).
    ctx.set('Cache-Control', 'private, no-store');
    ctx.attachment(file.fileName);
    await sendStored(ctx, storage, file.key);
  });
  return r;
}
