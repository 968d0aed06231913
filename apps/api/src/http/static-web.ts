import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { SIGN_IN_CALLBACK_PATH } from '@reelbase/api-client';
import type { Context, Next } from 'koa';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

/** Paths that belong to the API (and the public player), never to the web app. */
const API_PREFIXES = ['/api', '/auth/refresh', '/media', '/embed', '/watch', '/sitemaps'];
const isApiPath = (path: string) => API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));

/** Precompressed copies the web build writes (apps/web/build/precompress.ts), best first. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const SHORT = 'public, max-age=3600';

async function fileAt(path: string) {
  try {
    const s = await stat(path);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

/**
 * The app page may run only our own scripts (no inline script, no eval, no other origin), so an
 * injected string never executes. Styles allow inline: antd writes its CSS-in-JS as <style>
 * elements. Media and images also come from the storage origin (a CDN or bucket); the page may
 * not be framed.
 */
export function appContentSecurityPolicy(mediaOrigins: string[]): string {
  const media = ["'self'", ...new Set(mediaOrigins)].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${media} data: blob:`,
    `media-src ${media} blob:`,
    `connect-src ${media}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Serves the built web app from `distDir`: hashed files under /assets/ are cached for a year,
 * text files go out as their precompressed .br or .gz copy when the client accepts it,
 * index.html is revalidated on every visit, and GET requests for HTML pages that match no file
 * (client-side routes such as /settings or /{videoId}) get index.html. API paths (/api,
 * /auth/refresh, /media, /embed, /watch, /sitemaps) and anything else pass through to the next middleware.
 */
export function staticWeb(distDir: string, opts: { mediaOrigins?: string[] } = {}) {
  const root = resolve(distDir);
  const csp = appContentSecurityPolicy(opts.mediaOrigins ?? []);
  const indexPath = join(root, 'index.html');

  /** The build's precompressed copy (file.br, file.gz) the client accepts, else the file itself. */
  async function variant(ctx: Context, path: string) {
    for (const [encoding, suffix] of ENCODINGS) {
      if (ctx.acceptsEncodings(encoding, 'identity') !== encoding) continue;
      const info = await fileAt(path + suffix);
      if (info) return { encoding, file: path + suffix, info };
    }
    const info = await fileAt(path);
    return info && { encoding: null, file: path, info };
  }

  async function send(ctx: Context, path: string, cacheControl: string) {
    const found = await variant(ctx, path);
    if (!found) return false;
    const { encoding, file, info } = found;
    ctx.status = 200;
    ctx.type = TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
    ctx.set('Cache-Control', cacheControl);
    if (path.endsWith('.html')) {
      ctx.set('Content-Security-Policy', csp);
      // The app keeps hold of the Google or Facebook sign-in window it opens (a same-origin policy
      // would cut it off once that window visits the provider); the page the window returns to
      // takes no policy, as one would cut it off from the app it must hand the answer to.
      ctx.set('Cross-Origin-Opener-Policy', ctx.path === SIGN_IN_CALLBACK_PATH ? 'unsafe-none' : 'same-origin-allow-popups');
    }
    if (COMPRESSIBLE.test(path)) ctx.vary('Accept-Encoding');
    if (encoding) ctx.set('Content-Encoding', encoding);
    ctx.lastModified = info.mtime;
    ctx.etag = `W/"${info.size.toString(16)}-${info.mtimeMs.toString(16)}${encoding ? `-${encoding}` : ''}"`;
    if (ctx.fresh) {
      ctx.status = 304;
      return true;
    }
    ctx.length = info.size;
    ctx.body = ctx.method === 'HEAD' ? null : createReadStream(file);
    return true;
  }

  return async function serveWeb(ctx: Context, next: Next) {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiPath(ctx.path)) return next();
    // Never the web app on a team's custom domain (modules/domains/host-guard.ts marks those requests).
    if (ctx.state.customDomainTeam) return next();

    let rel: string;
    try {
      rel = decodeURIComponent(ctx.path);
    } catch {
      return next();
    }
    if (rel.includes('\0')) return next();
    if (rel !== '/' && !rel.endsWith('/')) {
      const file = resolve(root, `.${rel}`);
      // Never outside the dist folder, whatever the path says.
      if (file.startsWith(root + sep)) {
        const isIndex = file === indexPath;
        const cache = isIndex ? NO_CACHE : rel.startsWith('/assets/') ? IMMUTABLE : SHORT;
        if (await send(ctx, file, cache)) return;
      }
      // A missing hashed asset is a 404, not the app page (a stale tab would parse HTML as JS).
      if (rel.startsWith('/assets/')) return next();
    }

    // The root, and client-side routes for browsers asking for HTML, get the app page.
    if ((rel === '/' || (ctx.get('Accept') ?? '').includes('text/html')) && (await send(ctx, indexPath, NO_CACHE))) return;
    return next();
  };
}
