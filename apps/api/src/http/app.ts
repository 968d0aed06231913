import { type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { Router } from '@koa/router';
import { buildOpenApiDocument } from '@reelbase/api-client';
import Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import type { Logger } from 'pino';
import { corsFor } from './cors.ts';
import { errorMiddleware } from './errors.ts';
import { guardAddress, guardBody } from './input-guard.ts';
import { requestLog } from './request-log.ts';
import { securityHeaders } from './security-headers.ts';

/** The largest JSON body any route takes (each string in it is capped again by the input guard). */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

export interface AppOptions {
  log: Logger;
  publicUrl: string;
  corsOrigins: string[];
  /** database and queue decide the status; the rest (media tools in use) is detail. */
  health: () => Promise<{ database: string; queue: string } & Record<string, unknown>>;
  /** Whether the caller is a signed-in admin (who sees the health details); never throws. */
  isAdmin: (ctx: Koa.Context) => Promise<boolean>;
  routers: Router[];
  /** Runs when no route matched (the web app). */
  fallback?: Koa.Middleware;
  /** Routes that read the request stream themselves (tus), mounted before the body parser. */
  rawRouters?: Router[];
  trustProxy?: boolean;
  /** Runs before any route: what a custom domain may serve (modules/domains/host-guard.ts). */
  hostGuard?: Koa.Middleware;
}

/** The Koa app: shared middlewares, then each module's routes. HTTP only, no rules here. */
export function createApp(o: AppOptions) {
  const app = new Koa({ proxy: o.trustProxy ?? false });
  app.use(requestLog(o.log));
  app.use(errorMiddleware(o.log));
  app.use(securityHeaders);
  app.use(corsFor(o.publicUrl, o.corsOrigins));
  app.use(guardAddress);
  if (o.hostGuard) app.use(o.hostGuard);
  for (const r of o.rawRouters ?? []) app.use(r.routes());
  // JSON only here (larger: 413); routes that take files add their own multipart parser with limits.
  // DELETE too: turning two-factor sign-in off carries the password and a code.
  app.use(koaBody({ multipart: false, urlencoded: false, text: false, jsonLimit: JSON_BODY_MAX_BYTES, parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE] }));
  app.use(guardBody);

  const core = new Router();
  core.get('/api/health', async (ctx) => {
    const h = await o.health();
    const ok = h.database === 'ok' && h.queue === 'ok';
    ctx.status = ok ? 200 : 503;
    // Strangers learn only whether it works; what runs where is for admins.
    ctx.body = { status: ok ? 'ok' : 'degraded', ...((await o.isAdmin(ctx)) && h) };
  });
  const openapi = buildOpenApiDocument(o.publicUrl);
  core.get('/api/openapi.json', (ctx) => {
    ctx.body = openapi;
  });
  for (const r of [core, ...o.routers]) app.use(r.routes()).use(r.allowedMethods());
  if (o.fallback) app.use(o.fallback);
  return Object.assign(app, { routes: servedRoutes([...(o.rawRouters ?? []), core, ...o.routers]) });
}

/**
 * Requests Node refuses before Koa sees them (headers over 16 KB, a malformed request line) get
 * an answer in the API's error format too, instead of Node's empty one.
 */
export function answerClientErrors(server: Server) {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const body = JSON.stringify({ message: status === 431 ? 'The request headers or address are too large.' : 'Bad request' });
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}

/** Every method and path the routers answer (paths as OpenAPI writes them), so the document can be checked against them. */
function servedRoutes(routers: Router[]): { methods: string[]; path: string }[] {
  return routers.flatMap((r) =>
    r.stack
      .filter((layer) => layer.methods.length > 0 && typeof layer.path === 'string')
      .map((layer) => ({
        // GET brings HEAD along; a route for every method is written as one.
        methods: layer.methods.length > 10 ? ['*'] : layer.methods.filter((m) => m !== 'HEAD' || !layer.methods.includes('GET')).map((m) => m.toLowerCase()),
        path: String(layer.path).replace(/:(\w+)/g, '{$1}'),
      })),
  );
}
