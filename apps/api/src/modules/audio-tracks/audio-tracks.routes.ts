import { mkdir, rm } from 'node:fs/promises';
import { Router } from '@koa/router';
import { AUDIO_TRACK_MESSAGES, AudioTrackUpdate, op } from '@reelbase/api-client';
import formidable, { errors as formidableErrors } from 'formidable';
import type { Context } from 'koa';
import { HttpError, unprocessable } from '../../http/errors.ts';
import { assertCleanForm } from '../../http/input-guard.ts';
import { body } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import { type AuthGuards, currentUser } from '../access/guards.ts';
import type { AudioTracksService, ReceivedFile } from './audio-tracks.service.ts';

/**
 * The multipart `file` streamed to `dir` (memory stays flat; at most `maxBytes`, else 422 on
 * `file`) with its text fields; whatever was written goes when the form is refused.
 */
async function receive(ctx: Context, dir: string, maxBytes: number): Promise<ReceivedFile> {
  if (!ctx.is('multipart')) throw unprocessable({ file: AUDIO_TRACK_MESSAGES.fileRequired });
  await mkdir(dir, { recursive: true });
  const form = formidable({ uploadDir: dir, maxFiles: 1, maxFileSize: maxBytes, maxTotalFileSize: maxBytes, maxFields: 10, maxFieldsSize: 64 * 1024, filter: ({ name }) => name === 'file' });
  let files: formidable.Files = {};
  try {
    const [fields, parsed] = await form.parse(ctx.req);
    files = parsed;
    const file = parsed.file?.[0];
    assertCleanForm(fields, { file: file?.originalFilename ?? '' });
    return { path: file?.filepath ?? null, fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v?.[0] ?? '')])) };
  } catch (err) {
    await Promise.all(Object.values(files).flat().map((f) => f && rm(f.filepath, { force: true })));
    await Promise.all((form as unknown as { openedFiles?: { filepath: string }[] }).openedFiles?.map((f) => rm(f.filepath, { force: true })) ?? []);
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: number }).code;
    if (code === formidableErrors.biggerThanMaxFileSize || code === formidableErrors.biggerThanTotalMaxFileSize) throw unprocessable({ file: AUDIO_TRACK_MESSAGES.tooLarge });
    if (code === formidableErrors.noEmptyFiles) throw unprocessable({ file: AUDIO_TRACK_MESSAGES.fileRequired });
    if (code === formidableErrors.maxFieldsSizeExceeded || code === formidableErrors.maxFieldsExceeded) throw new HttpError(413, 'The form fields are too large.');
    throw new HttpError(400, 'The upload could not be read.');
  }
}

/** `/api/videos/{id}/audio-tracks...` (permissions from the contract: 'view' to read, 'edit' to change). */
export function audioTracksRoutes(tracks: AudioTracksService, guards: AuthGuards, o: { multipartDir: string; maxBytes: number }) {
  const r = new Router({ prefix: '/api/videos/:id/audio-tracks' });
  r.use(guards.requireUser);
  on(r, op.getVideosByIdAudioTracks, async (ctx) => {
    ctx.body = await tracks.list(currentUser(ctx).id, ctx.params.id);
  });
  on(r, op.postVideosByIdAudioTracks, guards.requireCanSpend, async (ctx) => {
    const user = currentUser(ctx).id;
    // Another team's video answers 404 before a byte of the file is read.
    await tracks.list(user, ctx.params.id);
    ctx.body = await tracks.create(user, ctx.params.id, await receive(ctx, o.multipartDir, o.maxBytes));
    ctx.status = 202;
  });
  on(r, op.getVideosByIdAudioTracksByTrackId, async (ctx) => {
    ctx.body = await tracks.get(currentUser(ctx).id, ctx.params.id, ctx.params.trackId);
  });
  on(r, op.putVideosByIdAudioTracksByTrackId, guards.requireActive, async (ctx) => {
    ctx.body = await tracks.update(currentUser(ctx).id, ctx.params.id, ctx.params.trackId, body(ctx, AudioTrackUpdate));
  });
  on(r, op.deleteVideosByIdAudioTracksByTrackId, guards.requireActive, async (ctx) => {
    ctx.body = await tracks.remove(currentUser(ctx).id, ctx.params.id, ctx.params.trackId);
  });
  return r;
}
