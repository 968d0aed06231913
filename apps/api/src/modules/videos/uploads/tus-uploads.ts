import { AsyncLocalStorage } from 'node:async_hooks';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Router } from '@koa/router';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { type Endpoint, MESSAGES, op } from '@reelbase/api-client';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { HttpError, notFound } from '../../../http/errors.ts';
import { inputErrors } from '../../../http/input-guard.ts';
import { endpointOf, on } from '../../../http/operation.ts';
import type { AuthState, RequestAccess } from '../../access/request-access.ts';
import { requestedTeam } from '../../access/team-access.ts';
import { assertCanSpend } from '../../payments/entitlements.ts';
import type { RateLimits } from '../../limits/rate-limits.ts';
import { runActing } from '../../teams/acting.ts';
import type { StorageQuota } from '../quota/storage-quota.ts';
import type { VideosService } from '../videos.service.ts';
import { tooLargeForSource } from './uploads.service.ts';

export const TUS_PATH = '/api/uploads';

type TusError = { status_code: number; body: string };
const tusError = (status_code: number, message: string, errors?: Record<string, string>): TusError => ({ status_code, body: JSON.stringify({ message, ...(errors && { errors }) }) });

/**
 * Resumable uploads (the tus protocol) for large files and the desktop app: an interrupted
 * upload continues from the last byte the server has. Each upload belongs to the user who
 * created it; when the last byte lands it becomes a video exactly like a form upload. Its
 * declared length is reserved against the account's limit when it is created, and an upload
 * not finished within `expiryMs` of its start is removed (sweep), its reservation with it.
 */
export function tusUploads(o: {
  dir: string;
  /**
   * The routes' own access path: every tus request is authenticated once and its contract
   * operation's permission (or, for an API key, its scope) checked in the acting team (X-Team-Id).
   */
  access: RequestAccess;
  videos: VideosService;
  quota: StorageQuota;
  limits: RateLimits;
  sourceMaxBytes: number;
  expiryMs: number;
  log: Logger;
}) {
  /** Each request's access, decided once in `handle` before tus runs: who acts, or why not. */
  const accessOf = new AsyncLocalStorage<{ actor: AuthState } | { refused: HttpError }>();
  /** The team's account the upload goes to (its id is the team's), and the person uploading; a refusal as tus answers it. */
  const actorOf = () => {
    const a = accessOf.getStore();
    if (a && 'actor' in a) return a.actor;
    const e = a?.refused;
    throw { status_code: e?.status ?? 401, body: JSON.stringify({ message: e?.message, ...(e?.code && { code: e.code }) }) } satisfies TusError;
  };
  const datastore = new FileStore({ directory: o.dir, expirationPeriodInMilliseconds: o.expiryMs });

  const tus = new Server({
    path: TUS_PATH,
    datastore,
    respectForwardedHeaders: false,
    relativeLocation: true,
    // The account's room is checked by the reservation in onUploadCreate. Thrown here, the
    // refusal is JSON; tus's own answer to a length over maxSize is plain text.
    maxSize: async (req) => {
      if (Number(req.headers.get('upload-length')) > o.sourceMaxBytes) throw tusError(413, tooLargeForSource(o.sourceMaxBytes));
      return o.sourceMaxBytes;
    },
    async onIncomingRequest(req, uploadId) {
      const { user } = actorOf();
      // Creating an upload and sending its bytes spend storage: the same gate as every upload.
      if (req.method === 'POST' || req.method === 'PATCH') {
        try {
          assertCanSpend(user);
        } catch (err) {
          const e = err as HttpError;
          throw tusError(e.status, e.message);
        }
      }
      if (req.method === 'POST' || !uploadId) return;
      // Somebody else's upload id answers like an unknown one.
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      if (!upload || upload.metadata?.userId !== user.id) throw tusError(404, 'Upload not found');
      // A cancelled upload gives its space back at once, not at its expiry.
      if (req.method === 'DELETE' && upload.metadata?.reservationId) await o.quota.release(upload.metadata.reservationId);
    },
    async onUploadCreate(_req, upload) {
      const { user, person } = actorOf();
      // Upload-Metadata is input like any other: no NUL in a file name or a name, nothing huge.
      const bad = inputErrors(upload.metadata ?? {}, 'Upload-Metadata');
      if (Object.keys(bad).length) throw tusError(422, MESSAGES.validationFailed, bad);
      const type = upload.metadata?.filetype ?? '';
      if (!type.startsWith('video/')) throw tusError(422, 'Only video files are accepted.');
      const folderId = upload.metadata?.folderId;
      // A new file for one of the caller's videos (404 for anyone else's, 409 while it is busy).
      const replaces = upload.metadata?.replaces || undefined;
      const refuse = (e: HttpError) => Promise.reject(tusError(e.status, e.message));
      await Promise.resolve().then(o.videos.assertAcceptsUploads).catch(refuse);
      if (replaces) await o.videos.assertReplaceable(user.id, replaces).catch(refuse);
      else if (folderId) await o.videos.assertOwnFolder(user.id, folderId).catch(refuse);
      // The length is reserved up front, so it must be known (no deferred length).
      if (upload.size === undefined) throw tusError(400, 'Upload-Length is required.');
      await o.quota.assertDiskSpace().catch(refuse);
      // Its processing job's slot (429 past the account's jobs), holding the length until the upload becomes a video or expires.
      const reservation = await o.videos.takeUploadSlot(user.id, upload.size, o.expiryMs, replaces).catch(refuse);
      return { metadata: { ...upload.metadata, userId: user.id, uploadedBy: person.id, reservationId: reservation.id } };
    },
    async onUploadFinish(_req, upload) {
      const m = upload.metadata ?? {};
      // The person who created the upload is who uploaded it (videos.uploaded_by, the activity log).
      return runActing({ personId: m.uploadedBy ?? (m.userId as string), teamId: m.userId as string }, () => finishUpload(m, join(o.dir, upload.id)));
    },
  });

  /** A finished upload: a new video, or the new file of the video it replaces. */
  async function finishUpload(m: Record<string, string | null | undefined>, path: string) {
    if (m.replaces) return finish(() => o.videos.replaceFromFile(m.userId as string, m.replaces as string, { path, name: '', originalName: m.filename ?? '' }, m.reservationId ?? undefined), path);
    // A folder deleted while the upload ran: the video lands at the top level rather than being lost.
    const folderId = m.folderId ? await o.videos.assertOwnFolder(m.userId as string, m.folderId).then(() => m.folderId, () => null) : null;
    const name = (m.name || m.filename || 'Untitled').replace(/\.[^.]+$/, '').slice(0, 255);
    return finish(() => o.videos.createFromFile(m.userId as string, { path, name, originalName: m.filename ?? '', folderId }, m.reservationId ?? undefined), path);
  }

  /** The finished upload becomes a video (or replaces one's file): its id in X-Video-Id, a refusal as JSON. */
  async function finish(make: () => Promise<{ id: string }>, path: string) {
    try {
      const video = await make();
      return { status_code: 204, headers: { 'X-Video-Id': video.id } };
    } catch (err) {
      if (err instanceof HttpError) throw tusError(err.status, err.errors ? Object.values(err.errors).join(' ') : err.message);
      o.log.error({ err }, 'tus upload could not become a video');
      throw tusError(500, 'The upload could not be processed.');
    } finally {
      // The slot went to the job, or ended with the failure (createFromFile, replaceFromFile).
      await rm(`${path}.json`, { force: true });
    }
  }

  /** One operation of the protocol (undefined: a method the contract does not list, refused in tus's own words). */
  const handle = (operation: Endpoint | undefined) => async (ctx: Context) => {
    let decided: { actor: AuthState } | { refused: HttpError } = { refused: notFound() };
    // OPTIONS (the protocol's discovery) takes no sign-in; a call the contract does not know is refused.
    if (operation && operation.auth !== 'none') {
      const requested = requestedTeam(ctx);
      const bearer = ctx.get('Authorization').replace(/^Bearer /, '') || undefined;
      try {
        const state = await o.access.authenticate(bearer, requested);
        // A new upload counts against the upload limit of whoever signed in (a key: its team's account).
        if (ctx.method === 'POST') await o.limits.take('upload', { account: state.user.id, address: ctx.ip });
        await o.access.authorize(state, requested, operation.team ?? 'personal', operation.scope);
        decided = { actor: state };
      } catch (err) {
        // Too many requests is answered at once; any other refusal is tus's to answer, in its order (after Tus-Resumable).
        if (!(err instanceof HttpError) || err.status === 429) throw err;
        decided = { refused: err };
      }
    }
    ctx.respond = false;
    await accessOf.run(decided, () => tus.handle(ctx.req, ctx.res));
  };
  const r = new Router();
  for (const operation of [op.optionsUploads, op.postUploads, op.headUploadsById, op.patchUploadsById, op.deleteUploadsById] as const) on(r, operation, handle(endpointOf(operation)));
  r.all(TUS_PATH, handle(undefined));
  r.all(`${TUS_PATH}/:id`, handle(undefined));
  return { router: r, cleanUpExpired: () => tus.cleanUpExpiredUploads() };
}
