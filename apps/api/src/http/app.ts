import Koa from 'koa';
import { Router } from '@koa/router';
import { koaBody } from 'koa-body';
import type { Logger } from 'pino';
import { buildOpenApiDocument } from '@reelbase/api-client';
import { corsFor } from './cors.ts';
import { errorMiddleware } from './errors.ts';
import { requestLog } from './request-log.ts';
import { securityHeaders } from './security-headers.ts';

export interface AppOptions {
  log: Logger;
  publicUrl: string;
  corsOrigins: string[];
  /** database and queue decide the status; the rest (media tools in use) is detail. */
  health: () => Promise<{ database: string; queue: string } & Record<string, unknown>>;
  routers: Router[];
  /** Runs when no route matched (the web app). */
  fallback?: Koa.Middleware;
  /** Routes that read the request stream themselves (tus), mounted before the body parser. */
  rawRouters?: Router[];
  trustProxy?: boolean;
}

/** The Koa app: shared middlewares, then each module's routes. HTTP only, no rules here. */
export function createApp(o: AppOptions) {
  const app = new Koa({ proxy: o.trustProxy ?? false });
  app.use(requestLog(o.log));
  app.use(errorMiddleware(o.log));
  app.use(securityHeaders);
  app.use(corsFor(o.publicUrl, o.corsOrigins));
  for (const r of o.rawRouters ?? []) app.use(r.routes());
  // JSON only here; routes that take files add their own multipart parser with limits.
  app.use(koaBody({ multipart: false, urlencoded: false, text: false, jsonLimit: '1mb' }));

  const core = new Router();
  core.get('/api/health', async (ctx) => {
    const h = await o.health();
    const ok = h.database === 'ok' && h.queue === 'ok';
    ctx.status = ok ? 200 : 503;
    ctx.body = { status: ok ? 'ok' : 'degraded', ...h };
  });
  const openapi = buildOpenApiDocument(o.publicUrl);
  core.get('/api/openapi.json', (ctx) => {
    ctx.body = openapi;
  });
  for (const r of [core, ...o.routers]) app.use(r.routes()).use(r.allowedMethods());
  if (o.fallback) app.use(o.fallback);
  return app;
}
