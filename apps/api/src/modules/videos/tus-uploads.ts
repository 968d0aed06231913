import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Router } from '@koa/router';
import { MESSAGES } from '@reelbase/api-client';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { HttpError } from '../../http/errors.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { RateLimits } from '../limits/rate-limits.ts';
import { STORAGE_FULL, type VideosService } from './videos.service.ts';

export const TUS_PATH = '/api/uploads';
const DAY_MS = 86_400_000;

type TusError = { status_code: number; body: string };
const tusError = (status_code: number, message: string): TusError => ({ status_code, body: JSON.stringify({ message }) });

/**
 * Resumable uploads (the tus protocol) for large files and the desktop app: an interrupted
 * upload continues from the last byte the server has. Each upload belongs to the user who
 * created it; when the last byte lands it becomes a video exactly like a form upload.
 */
export function tusUploads(o: { dir: string; auth: AuthService; videos: VideosService; limits: RateLimits; log: Logger }) {
  const userOf = async (req: { headers: Headers }) => {
    const h = req.headers.get('authorization') ?? '';
    try {
      return (await o.auth.authenticate(h.startsWith('Bearer ') ? h.slice(7) : undefined)).user;
    } catch (err) {
      const e = err as HttpError;
      throw tusError(e.status ?? 401, e.message);
    }
  };
  const datastore = new FileStore({ directory: o.dir, expirationPeriodInMilliseconds: 7 * DAY_MS });

  const tus = new Server({
    path: TUS_PATH,
    datastore,
    respectForwardedHeaders: false,
    relativeLocation: true,
    maxSize: async (req) => {
      const user = await userOf(req);
      try {
        return await o.videos.remainingBytes(user.id);
      } catch {
        throw tusError(413, STORAGE_FULL);
      }
    },
    async onIncomingRequest(req, uploadId) {
      const user = await userOf(req);
      if (req.method === 'POST' || !uploadId) return;
      // Somebody else's upload id answers like an unknown one.
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      if (!upload || upload.metadata?.userId !== user.id) throw tusError(404, 'Upload not found');
    },
    async onUploadCreate(req, upload) {
      const user = await userOf(req);
      if (!user.isActive) throw tusError(403, MESSAGES.accountCanceled);
      const type = upload.metadata?.filetype ?? '';
      if (!type.startsWith('video/')) throw tusError(422, 'Only video files are accepted.');
      const folderId = upload.metadata?.folderId;
      if (folderId) await o.videos.assertOwnFolder(user.id, folderId).catch((e: HttpError) => Promise.reject(tusError(e.status, e.message)));
      return { metadata: { ...upload.metadata, userId: user.id } };
    },
    async onUploadFinish(_req, upload) {
      const m = upload.metadata ?? {};
      const path = join(o.dir, upload.id);
      // A folder deleted while the upload ran: the video lands at the top level rather than being lost.
      const folderId = m.folderId ? await o.videos.assertOwnFolder(m.userId as string, m.folderId).then(() => m.folderId, () => null) : null;
      try {
        const video = await o.videos.createFromFile(m.userId as string, {
          path,
          name: (m.name || m.filename || 'Untitled').replace(/\.[^.]+$/, '').slice(0, 255),
          originalName: m.filename ?? '',
          folderId,
        });
        return { status_code: 204, headers: { 'X-Video-Id': video.id } };
      } catch (err) {
        if (err instanceof HttpError) throw tusError(err.status, err.errors ? Object.values(err.errors).join(' ') : err.message);
        o.log.error({ err }, 'tus upload could not become a video');
        throw tusError(500, 'The upload could not be processed.');
      } finally {
        await rm(`${path}.json`, { force: true });
      }
    },
  });

  const handle = async (ctx: Context) => {
    // A new upload counts against the upload limit (a signed-in caller; tus answers the others).
    if (ctx.method === 'POST') {
      const user = await o.auth.authenticate(ctx.get('Authorization').replace(/^Bearer /, '') || undefined).then((a) => a.user, () => null);
      if (user) await o.limits.take('upload', { account: user.id, address: ctx.ip });
    }
    ctx.respond = false;
    await tus.handle(ctx.req, ctx.res);
  };
  const r = new Router();
  r.all(TUS_PATH, handle);
  r.all(`${TUS_PATH}/:id`, handle);
  return { router: r, cleanUpExpired: () => tus.cleanUpExpiredUploads() };
}
