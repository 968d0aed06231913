import type { Context, Next } from 'koa';
import type { Logger } from 'pino';

/** One structured line per request, with a request id the caller can quote. */
export function requestLog(log: Logger) {
  return async (ctx: Context, next: Next) => {
    const start = performance.now();
    const id = ctx.get('X-Request-Id') || crypto.randomUUID();
    ctx.set('X-Request-Id', id);
    try {
      await next();
    } finally {
      const ms = Math.round(performance.now() - start);
      const level = ctx.status >= 500 ? 'error' : 'info';
      log[level]({ reqId: id, method: ctx.method, path: ctx.path, status: ctx.status, ms }, 'request');
    }
  };
}
