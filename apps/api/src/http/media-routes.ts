import { Router } from '@koa/router';
import type { Storage } from '../storage/storage.ts';
import { notFound } from './errors.ts';

const TYPES: Record<string, string> = { png: 'image/png', svg: 'image/svg+xml', jpg: 'image/jpeg', gif: 'image/gif' };

/** Public stored images. Their keys hold a random id, so they are cached for good. */
export function mediaRoutes(storage: Storage) {
  const r = new Router();
  r.get('/media/images/:owner/:file', async (ctx) => {
    const key = `images/${ctx.params.owner}/${ctx.params.file}`;
    const ext = ctx.params.file.split('.').pop() ?? '';
    const info = TYPES[ext] && /^[\w-]+\.\w+$/.test(ctx.params.file) && /^[\w-]+$/.test(ctx.params.owner) ? await storage.stat(key) : null;
    if (!info) throw notFound();
    ctx.type = TYPES[ext];
    ctx.length = info.size;
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    // An SVG opened directly must not run anything, whatever slipped past the upload check.
    if (ext === 'svg') ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    ctx.body = storage.stream(key);
  });
  return r;
}
