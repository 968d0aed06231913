import { readFile } from 'node:fs/promises';
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
