import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Router } from '@koa/router';
import type { Logger } from 'pino';
import { notFound } from '../../http/errors.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const TYPES: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };
const NAME = /^[\w.-]{1,100}\.(js|css)$/;
// Vite's chunk names carry a content hash: reelbase-hls-C0ubQLxM.js.
const HASHED = /-[\w-]{8}\.(js|css)$/;
const YEAR = 'public, max-age=31536000, immutable';

interface Asset {
  mtimeMs: number;
  size: number;
  hash: string;
  raw: Buffer;
  gzip: Promise<Buffer>;
  /** Brotli at its best quality takes seconds for hls.js, so it is made on first demand, off the request. */
  br: Buffer | null;
  brStarted: boolean;
}

/**
 * Serves the built player (packages/player/dist) under `prefix`: compressed once in memory (gzip,
 * and brotli for HTTPS clients), hashed chunks cached for a year, the two entry files cached for a
 * year only when asked for with their current `?v=` hash (the embed page links them so), else
 * revalidated with an ETag. A rebuilt file is picked up by its modification time.
 */
export function playerAssets(o: { dir: string; prefix: string; entries: { script: string; stylesheet: string }; log: Logger }) {
  const cache = new Map<string, Promise<Asset | null>>();

  async function load(name: string): Promise<Asset | null> {
    const path = join(o.dir, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return null;
    const cached = await cache.get(name);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    const next = readFile(path).then((raw): Asset => {
      const gz = gzipAsync(raw, { level: 9 });
      gz.catch(() => {}); // unhandled until asked for
      return { mtimeMs: info.mtimeMs, size: info.size, hash: createHash('sha256').update(raw).digest('base64url').slice(0, 12), raw, gzip: gz, br: null, brStarted: false };
    });
    cache.set(name, next.catch(() => null));
    return next;
  }

  const router = new Router({ prefix: o.prefix });
  router.get('/:file', async (ctx) => {
    const name = ctx.params.file;
    const asset = NAME.test(name) ? await load(name) : null;
    if (!asset) throw notFound();
    const ext = name.split('.').pop() as string;
    const isEntry = name === o.entries.script || name === o.entries.stylesheet;
    ctx.status = 200;
    ctx.type = TYPES[ext];
    ctx.vary('Accept-Encoding');
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    ctx.set('Cache-Control', HASHED.test(name) && !isEntry ? YEAR : isEntry && ctx.query.v === asset.hash ? YEAR : 'no-cache');
    const encoding = pickEncoding(asset, ctx.acceptsEncodings('br') === 'br', ctx.acceptsEncodings('gzip') === 'gzip', o.log);
    const body = encoding === 'br' ? (asset.br as Buffer) : encoding === 'gzip' ? await asset.gzip : asset.raw;
    if (encoding === 'br' || encoding === 'gzip') ctx.set('Content-Encoding', encoding);
    ctx.etag = `${asset.hash}${encoding === 'br' || encoding === 'gzip' ? `-${encoding}` : ''}`;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.length = body.length;
    ctx.body = ctx.method === 'HEAD' ? null : body;
  });

  return {
    router,
    /** URL of an entry file with its content hash, for the embed page. */
    async url(name: string): Promise<string> {
      const asset = await load(name);
      return `${o.prefix}/${name}${asset ? `?v=${asset.hash}` : ''}`;
    },
    /** Checks the build is there and gzips every file ahead of the first viewer. */
    async warm(): Promise<void> {
      const files = await readdir(o.dir).catch(() => null);
      if (!files?.includes(o.entries.script)) {
        o.log.warn({ dir: o.dir }, 'player build missing: run `pnpm --filter @reelbase/player build`; embed pages will not play');
        return;
      }
      for (const f of files.filter((f) => NAME.test(f))) await (await load(f))?.gzip.catch(() => null);
    },
  };
}
export type PlayerAssets = ReturnType<typeof playerAssets>;

/** Brotli once it is ready (its first request starts it and gets gzip meanwhile), else gzip, else none. */
function pickEncoding(asset: Asset, br: boolean, gzip: boolean, log: Logger): 'br' | 'gzip' | 'identity' {
  if (br && asset.br) return 'br';
  if (br && !asset.brStarted) {
    asset.brStarted = true;
    brotliAsync(asset.raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: asset.raw.length } }).then(
      (data) => {
        asset.br = data;
      },
      (err) => log.warn({ err }, 'brotli compression failed'),
    );
  }
  return gzip ? 'gzip' : 'identity';
}
