import { INPUT_MAX_DEPTH, INPUT_STRING_MAX_LENGTH, maxLengthMessage } from '@reelbase/api-client';
import type { Context, Next } from 'koa';
import { unprocessable } from './errors.ts';

export const NUL_MESSAGE = 'Must not contain NUL characters.';
export const DEPTH_MESSAGE = `Must not nest more than ${INPUT_MAX_DEPTH} levels.`;
const TOO_LONG = maxLengthMessage(INPUT_STRING_MAX_LENGTH);
// Enough to point at the problem; a body of a million bad strings gets no million-line answer.
const MAX_ERRORS = 20;

/**
 * What no field of ours may be, whatever its schema says: a string with a NUL (PostgreSQL cannot
 * store one in text), a string longer than INPUT_STRING_MAX_LENGTH (work in the ORM, regular
 * expressions and hashes grows with it), or nesting deeper than INPUT_MAX_DEPTH. Walked with an
 * explicit stack, so 20,000 levels cost 32 steps and never the call stack. Keys are checked too.
 */
export function inputErrors(value: unknown, root: string): Record<string, string> {
  const errors: Record<string, string> = {};
  let count = 0;
  const flag = (path: string, message: string) => {
    const key = (path || root).slice(0, 200);
    if (!(key in errors)) count++;
    errors[key] ??= message;
  };
  const badText = (s: string) => (s.length > INPUT_STRING_MAX_LENGTH ? TOO_LONG : s.includes('\0') ? NUL_MESSAGE : null);
  const stack: [unknown, string, number][] = [[value, '', 0]];
  while (stack.length && count < MAX_ERRORS) {
    const [v, path, depth] = stack.pop() as [unknown, string, number];
    if (typeof v === 'string') {
      const bad = badText(v);
      if (bad) flag(path, bad);
    } else if (v && typeof v === 'object') {
      if (depth >= INPUT_MAX_DEPTH) {
        flag(path, DEPTH_MESSAGE);
        continue;
      }
      for (const [key, child] of Object.entries(v)) {
        const bad = badText(key);
        if (bad) flag(path, bad);
        else stack.push([child, path ? `${path}.${key}` : key, depth + 1]);
      }
    }
  }
  return errors;
}

/** Refuses with 422 when `inputErrors` finds anything. */
export function assertCleanInput(value: unknown, root: string): void {
  const errors = inputErrors(value, root);
  if (Object.keys(errors).length) throw unprocessable(errors);
}

/**
 * A multipart form's text fields and its files' names (by field), checked as any other input;
 * a field sent once is named without an index.
 */
export function assertCleanForm(fields: Record<string, unknown>, fileNames: Record<string, unknown>): void {
  const one = (v: unknown) => (Array.isArray(v) && v.length === 1 ? v[0] : v);
  const entries = [...Object.entries(fields), ...Object.entries(fileNames)].map(([k, v]) => [k, one(v)]);
  assertCleanInput(Object.fromEntries(entries), 'body');
}

/**
 * Before any route (the raw ones too: tus, beacons, webhooks): a NUL in the path (`%00` in an id)
 * or in the query is refused, so it never reaches a lookup.
 */
export async function guardAddress(ctx: Context, next: Next) {
  // Koa's path is still percent-encoded; a raw NUL cannot reach here (Node refuses the request line).
  if (/%00/.test(ctx.path)) throw unprocessable({ path: NUL_MESSAGE });
  assertCleanInput(ctx.query, 'query');
  await next();
}

/** After the JSON parser: the body, before any route reads it. */
export async function guardBody(ctx: Context, next: Next) {
  assertCleanInput((ctx.request as { body?: unknown }).body, 'body');
  await next();
}
