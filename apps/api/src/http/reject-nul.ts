import type { Context, Next } from 'koa';
import { unprocessable } from './errors.ts';

export const NUL_MESSAGE = 'Must not contain NUL characters.';

/**
 * No field of ours means a NUL character and PostgreSQL cannot store one in text, so a query or
 * JSON body carrying one is refused up front with a 422 naming the field.
 */
export async function rejectNul(ctx: Context, next: Next) {
  const errors: Record<string, string> = {};
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') {
      if (value.includes('\0')) errors[path || 'body'] ??= NUL_MESSAGE;
    } else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) walk(v, path ? `${path}.${key}` : key);
    }
  };
  walk(ctx.query, '');
  walk((ctx.request as { body?: unknown }).body, '');
  if (Object.keys(errors).length) throw unprocessable(errors);
  await next();
}
