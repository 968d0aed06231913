import type { Context } from 'koa';
import type { z } from 'zod';
import { unprocessable, zodErrors } from './errors.ts';

/** Parses the request body with a contract schema; a failure is a 422 with field messages. */
export function body<T extends z.ZodType>(ctx: Context, schema: T): z.output<T> {
  const raw = (ctx.request as unknown as { body?: unknown }).body;
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) throw unprocessable(zodErrors(parsed.error));
  return parsed.data;
}

export function query<T extends z.ZodType>(ctx: Context, schema: T): z.output<T> {
  const parsed = schema.safeParse(ctx.query);
  if (!parsed.success) throw unprocessable(zodErrors(parsed.error));
  return parsed.data;
}
