import { mkdir, open, rm } from 'node:fs/promises';
import type { Context } from 'koa';
import formidable, { errors as formidableErrors } from 'formidable';
import { HttpError, unprocessable } from '../../../http/errors.ts';
import { looksLikeVideoContainer, SNIFF_BYTES } from '../../../media/sniff.ts';
import { assertCleanForm } from '../../../http/input-guard.ts';

export const ONLY_VIDEOS = 'Only video files are accepted.';

/**
 * Streams the multipart `video` field to a file in `tmpDir` (formidable writes as it reads, so
 * memory stays flat) and returns it with the `name` and `folderId` fields. A file passing
 * `maxBytes` is cut off with a 413 saying `tooLarge`. Refuses non-video
 * types before storing a byte, and removes whatever was written when anything fails. A file sent
 * without a type (application/octet-stream, as curl sends a .mp4) is taken when its first bytes are
 * a video container's signature.
 */
export async function receiveVideo(ctx: Context, tmpDir: string, maxBytes: number, tooLarge: string): Promise<{ path: string; name: string; originalName: string; folderId: string | null }> {
  if (!ctx.is('multipart')) throw unprocessable({ video: 'A video file is required.' });
  await mkdir(tmpDir, { recursive: true });
  let refusedType = false;
  const form = formidable({
    uploadDir: tmpDir,
    maxFiles: 1,
    maxFileSize: maxBytes,
    maxTotalFileSize: maxBytes,
    maxFields: 10,
    maxFieldsSize: 64 * 1024,
    allowEmptyFiles: false,
    filter: ({ name, mimetype }) => {
      if (name !== 'video') return false;
      const ok = !!mimetype?.startsWith('video/') || isUntyped(mimetype);
      if (!ok) refusedType = true;
      return ok;
    },
  });
  let files: formidable.Files = {};
  try {
    const [fields, parsed] = await form.parse(ctx.req);
    files = parsed;
    const file = parsed.video?.[0];
    if (!file) throw unprocessable({ video: refusedType ? ONLY_VIDEOS : 'A video file is required.' });
    if (!file.mimetype?.startsWith('video/') && !looksLikeVideoContainer(await firstBytes(file.filepath))) throw unprocessable({ video: ONLY_VIDEOS });
    // The form's text, and the file's name, as any other input: no NUL, nothing huge.
    assertCleanForm(fields, { video: file.originalFilename ?? '' });
    const name = String(fields.name?.[0] ?? '').trim() || (file.originalFilename ?? 'Untitled').replace(/\.[^.]+$/, '');
    return { path: file.filepath, name: name.slice(0, 255), originalName: file.originalFilename ?? '', folderId: String(fields.folderId?.[0] ?? '').trim() || null };
  } catch (err) {
    await Promise.all(Object.values(files).flat().map((f) => f && rm(f.filepath, { force: true })));
    // formidable removes the partial file of an aborted or oversized upload only after a timer;
    // remove it now, so the answer never comes before the cleanup.
    await Promise.all((form as unknown as { openedFiles?: { filepath: string }[] }).openedFiles?.map((f) => rm(f.filepath, { force: true })) ?? []);
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: number }).code;
    if (code === formidableErrors.biggerThanMaxFileSize || code === formidableErrors.biggerThanTotalMaxFileSize) throw new HttpError(413, tooLarge);
    if (code === formidableErrors.noEmptyFiles) throw unprocessable({ video: 'The file is empty.' });
    if (code === formidableErrors.maxFieldsSizeExceeded) throw new HttpError(413, 'The form fields are too large.');
    throw new HttpError(400, 'The upload could not be read.');
  }
}

/** No type, or the generic one clients send when they do not know it. */
const isUntyped = (mimetype: string | null | undefined) => !mimetype || mimetype === 'application/octet-stream';

async function firstBytes(path: string): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(new Uint8Array(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}
