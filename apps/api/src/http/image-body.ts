import { readFile, rm } from 'node:fs/promises';
import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import { MAX_IMAGE_BYTES } from '../images/image-upload.ts';
import { assertCleanForm } from './input-guard.ts';

const multipart = koaBody({ multipart: true, formidable: { maxFiles: 1, maxFileSize: MAX_IMAGE_BYTES, maxFields: 10, maxFieldsSize: 64 * 1024 } });

/**
 * Multipart parser for one image and a few text fields, limited to the image size cap. Any other
 * body (already read as JSON, or none) simply carries no image, which the route refuses with 422.
 */
export const imageBody = (ctx: Context, next: Next) => (ctx.is('multipart') ? multipart(ctx, next) : next());

/**
 * Runs `use` with the uploaded image's bytes (null when none came, under any of `names`) and the
 * text fields; formidable's temporary file never outlives the request.
 */
export async function withImage<T>(ctx: Context, names: string[], use: (image: Buffer | null, fields: Record<string, string>) => Promise<T>): Promise<T> {
  const files = ctx.request.files ?? {};
  const file = names.flatMap((n) => [files[n]].flat()).find(Boolean);
  try {
    const raw = (ctx.request.body ?? {}) as Record<string, unknown>;
    // The form's text and the file names, as any other input: no NUL, nothing huge (422).
    assertCleanForm(raw, Object.fromEntries(Object.entries(files).map(([k, f]) => [k, [f].flat().map((x) => x?.originalFilename ?? '')])));
    const fields = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, String([v].flat()[0] ?? '')]));
    return await use(file ? await readFile(file.filepath) : null, fields);
  } finally {
    await Promise.all(Object.values(files).flat().map((f) => rm(f.filepath, { force: true })));
  }
}
