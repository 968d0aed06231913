import { createReadStream, type ReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

/** The renderer's origin: a privileged custom scheme, so pages never run from file://. */
export const APP_ORIGIN = 'app://reelbase';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.map': 'application/json',
};

/**
 * The renderer's Content-Security-Policy: its own scripts only (no inline, no eval), calls only
 * to the chosen API, media from the API (and its storage, same origin) and from picked local files.
 */
export function rendererCsp(apiOrigin: string | null): string {
  const api = apiOrigin ?? '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    // antd writes its styles at run time (CSS-in-JS).
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${api}`.trim(),
    `media-src 'self' blob: ${api}`.trim(),
    `connect-src 'self' ${api}`.trim(),
    `frame-src ${api || "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * One response of the renderer's files: the file under `dir` for a path, index.html for the app's
 * routes (paths without an extension), 404 for anything else or outside `dir`.
 */
export async function rendererFile(dir: string, pathname: string, apiOrigin: string | null): Promise<{ status: number; body: Buffer | string; headers: Record<string, string> }> {
  const csp = rendererCsp(apiOrigin);
  const decoded = decodeURIComponent(pathname);
  const wanted = extname(decoded) ? decoded : '/index.html';
  const file = normalize(join(dir, wanted));
  if (!file.startsWith(normalize(dir) + sep)) return { status: 404, body: 'Not found', headers: { 'content-type': 'text/plain' } };
  try {
    const body = await readFile(file);
    return { status: 200, body, headers: { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-security-policy': csp, 'x-content-type-options': 'nosniff' } };
  } catch {
    return { status: 404, body: 'Not found', headers: { 'content-type': 'text/plain' } };
  }
}

/** Picked files for the trim preview are under /local/{token} (see local-files.ts). */
export const LOCAL_PATH = /^\/local\/([\w-]+)$/;

/**
 * A picked local file for the trim preview, with byte ranges so the player can seek: 206 for a
 * satisfiable `Range: bytes=a-b`, 416 for one past the end, else the whole file.
 */
export async function localFileResponse(path: string, range: string | null): Promise<{ status: number; headers: Record<string, string>; body: ReadStream | null }> {
  const size = (await stat(path)).size;
  const type = { 'content-type': TYPES[extname(path)] ?? 'video/mp4', 'accept-ranges': 'bytes' };
  const m = range ? /^bytes=(\d*)-(\d*)$/.exec(range) : null;
  if (!m || (m[1] === '' && m[2] === '')) return { status: 200, headers: { ...type, 'content-length': String(size) }, body: createReadStream(path) };
  // "bytes=-N" is the last N bytes.
  const start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  const end = m[1] !== '' && m[2] !== '' ? Math.min(Number(m[2]), size - 1) : size - 1;
  if (start >= size || start > end) return { status: 416, headers: { 'content-range': `bytes */${size}` }, body: null };
  return {
    status: 206,
    headers: { ...type, 'content-length': String(end - start + 1), 'content-range': `bytes ${start}-${end}/${size}` },
    body: createReadStream(path, { start, end }),
  };
}

/** Where a navigation may go inside the window: the app itself and the chosen API's origin. */
export function mayNavigate(url: string, apiOrigin: string | null): boolean {
  try {
    const origin = new URL(url).origin;
    return url.startsWith(`${APP_ORIGIN}/`) || (apiOrigin !== null && origin === apiOrigin);
  } catch {
    return false;
  }
}

/** Links the system browser may be asked to open. */
export const isWebLink = (url: string) => /^https?:\/\//i.test(url);
