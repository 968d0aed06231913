import type { Context } from 'koa';
import { HttpError, notFound } from '../../../http/errors.ts';
import { contentTypeOf } from '../../../storage/content-types.ts';
import type { Storage } from '../../../storage/storage.ts';
import { parseRange } from './ranges.ts';

/**
 * The status, Content-Range and length of an answer of `size` bytes for the request's Range header
 * (206 for one range, 200 for the whole file, 416 when it cannot be met); the range to send.
 */
export function answerRange(ctx: Context, size: number): { start: number; end: number } | undefined {
  const range = parseRange(ctx.get('Range') || undefined, size);
  if (range === 'unsatisfiable') {
    ctx.set('Content-Range', `bytes */${size}`);
    throw new HttpError(416, 'Range not satisfiable');
  }
  if (range) {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    ctx.length = range.end - range.start + 1;
  } else {
    ctx.status = 200;
    ctx.length = size;
  }
  return range ?? undefined;
}

/**
 * One stored file as the answer, with Range like the media files (206, 416); keeps a type already
 * set. Resolves with the body's length (0 for HEAD), for a caller that counts bandwidth.
 */
export async function sendStored(ctx: Context, storage: Storage, key: string): Promise<number> {
  const info = await storage.stat(key);
  if (!info) throw notFound();
  if (!ctx.response.get('Content-Type') || ctx.response.get('Content-Type') === 'application/octet-stream') ctx.type = contentTypeOf(key);
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('Last-Modified', info.mtime.toUTCString());
  const range = answerRange(ctx, info.size);
  if (ctx.method === 'HEAD') return 0;
  ctx.body = storage.stream(key, range);
  return range ? range.end - range.start + 1 : info.size;
}
