import { MESSAGES } from '@reelbase/api-client';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import type { z } from 'zod';

/** An error a caller caused or may see: status, message, optional code and field errors. */
export class HttpError extends Error {
  status: number;
  code?: string;
  errors?: Record<string, string>;
  /** Extra response headers, such as Retry-After. */
  headers?: Record<string, string>;
  constructor(status: number, message: string, opts: { code?: string; errors?: Record<string, string> } = {}) {
    super(message);
    this.status = status;
    this.code = opts.code;
    this.errors = opts.errors;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = MESSAGES.unauthorized, code?: string) => new HttpError(401, message, { code });
export const forbidden = (message: string = MESSAGES.forbidden, code?: string) => new HttpError(403, message, { code });
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooMany = (message: string, code?: string) => new HttpError(429, message, { code });

/** 422 with one message per field, in the spec's format. */
export const unprocessable = (errors: Record<string, string>, message: string = MESSAGES.validationFailed) =>
  new HttpError(422, message, { errors });

export function zodErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'body';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The largest unread body of a refused request that is drained rather than cut off. */
const UNREAD_BODY_DRAIN_MAX_BYTES = 8 * 1024 ** 2;

/** Turns every thrown error into a JSON answer; unexpected ones are logged and hidden. */
export function errorMiddleware(log: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw notFound();
      // The router's own answers (405 Method Not Allowed, 501) have no body: give them our format.
      if ((ctx.status === 405 || ctx.status === 501) && ctx.body == null) ctx.body = { message: ctx.message };
    } catch (err) {
      // Refused before its body was read whole (too large, a bad address, no sign-in). A body not
      // yet touched and small enough is read and dropped by Node after the answer, so the client,
      // still sending, gets the answer (a closed socket would be a reset to it); one partly read,
      // or large, ends the connection with the answer, its unread bytes dropped.
      if (!ctx.req.complete && (ctx.req.readableDidRead || ctx.get('Transfer-Encoding') !== '' || Number(ctx.get('Content-Length') || 0) > UNREAD_BODY_DRAIN_MAX_BYTES)) {
        ctx.set('Connection', 'close');
      }
      const e = err as Partial<HttpError> & { expose?: boolean; status?: number; httpCode?: number };
      // Multipart errors (formidable: too large, too many files) carry theirs as httpCode.
      const status = e.status ?? e.httpCode;
      if (err instanceof HttpError) {
        ctx.status = err.status;
        if (err.headers) ctx.set(err.headers);
        ctx.body = { message: err.message, ...(err.code && { code: err.code }), ...(err.errors && { errors: err.errors }) };
      } else if (status && status >= 400 && status < 500 && e.expose !== false) {
        // Errors raised by Koa and its body parser (bad JSON, too large) carry their own status.
        ctx.status = status;
        ctx.body = { message: e.message ?? 'Bad request' };
      } else {
        log.error({ err, path: ctx.path }, 'unhandled error');
        ctx.status = 500;
        ctx.body = { message: 'Internal server error' };
      }
    }
  };
}
