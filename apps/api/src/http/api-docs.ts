import { createReadStream, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Router } from '@koa/router';
import { notFound } from './errors.ts';

/**
 * Issue 34: `/api/docs`, the API reference. Scalar's standalone bundle (`@scalar/api-reference`,
 * one self-contained script) renders /api/openapi.json. It is served from this server's
 * node_modules (no CDN, so the page works offline and behind a strict policy) and only this page
 * loads it. Its configuration sits in data attributes, so the page runs no inline script; Scalar
 * injects its stylesheet and sets style attributes itself (hence style-src 'unsafe-inline'), and
 * what would reach Scalar's services (fonts.scalar.com, its AI chat) is turned off.
 */
// The package exports neither its browser bundle nor its package.json: found beside its entry (dist/index.js).
const SCALAR_DIST = dirname(fileURLToPath(import.meta.resolve('@scalar/api-reference')));
const SCALAR_DIR = join(SCALAR_DIST, 'browser');
const { version: SCALAR_VERSION } = JSON.parse(readFileSync(join(SCALAR_DIST, '..', 'package.json'), 'utf8')) as { version: string };
/** The script's name carries the renderer's version, so it is cached for good and an upgrade is a new URL. */
export const DOCS_SCRIPT = `scalar-${SCALAR_VERSION}.js`;

export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function renderDocsPage(): string {
  // Nothing that reaches Scalar's own services: no web fonts, no AI chat, no MCP or SDK offers, no developer toolbar.
  const configuration = JSON.stringify({
    withDefaultFonts: false,
    hideClientButton: true,
    showDeveloperTools: 'never',
    showToolbar: 'never',
    agent: { disabled: true },
    mcp: { disabled: true },
  }).replaceAll('"', '&quot;');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reelbase API reference</title>
</head>
<body>
<script id="api-reference" data-url="/api/openapi.json" data-configuration="${configuration}"></script>
<script src="/api/docs/${DOCS_SCRIPT}"></script>
</body>
</html>
`;
}

export function apiDocsRoutes() {
  const r = new Router({ prefix: '/api/docs' });
  const page = renderDocsPage();
  r.get('/', (ctx) => {
    ctx.set('Content-Security-Policy', DOCS_CSP);
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page;
  });
  r.get('/:file', (ctx) => {
    if (ctx.params.file !== DOCS_SCRIPT) throw notFound();
    const file = join(SCALAR_DIR, 'standalone.js');
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.length = statSync(file).size;
    ctx.body = createReadStream(file);
  });
  return r;
}
