import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpoints } from '../src/contract/endpoints.ts';

/** zod's own English texts: none of them may reach a user. */
const ZOD_DEFAULT = /Too big|Too small|Invalid input|Invalid option|Invalid string|Invalid (email|url|uuid)|expected|Unrecognized key|Required/;

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The kind a field takes from the caller: what its wrappers and transforms start from. */
function baseKind(s: z.ZodType): string {
  const d = defOf(s);
  if (WRAPPERS.has(d.type) && d.innerType) return baseKind(d.innerType);
  if (d.type === 'pipe' && d.in) return baseKind(d.in);
  if (d.type === 'lazy' && d.getter) return baseKind(d.getter());
  return d.type;
}

/** Every field of a request schema (its path and schema), through objects, arrays, unions and records. */
function fields(s: z.ZodType, path: string, out: [string, z.ZodType][], seen = new Set<z.ZodType>()) {
  if (seen.has(s)) return;
  seen.add(s);
  const d = defOf(s);
  if (WRAPPERS.has(d.type) && d.innerType) return fields(d.innerType, path, out, seen);
  if (d.type === 'lazy' && d.getter) return fields(d.getter(), path, out, seen);
  if (d.type === 'pipe' && d.in && ['object', 'array', 'union', 'record'].includes(baseKind(d.in))) return fields(d.in, path, out, seen);
  if (d.type === 'object' && d.shape) for (const [k, v] of Object.entries(d.shape)) fields(v, path ? `${path}.${k}` : k, out, seen);
  else if (d.type === 'array' && d.element) fields(d.element, `${path}[]`, out, seen);
  else if (d.type === 'union' && d.options) for (const o of d.options) fields(o, path, out, seen);
  else if (d.type === 'record' && d.valueType) fields(d.valueType, `${path}.*`, out, seen);
  else if (d.type === 'intersection' && d.left && d.right) {
    fields(d.left, path, out, seen);
    fields(d.right, path, out, seen);
  } else out.push([path, s]);
}

const messages = (s: z.ZodType, value: unknown) => {
  const r = s.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

const inputs = endpoints.flatMap((e) =>
  (['body', 'query'] as const).flatMap((part) => {
    const schema = e[part];
    if (!schema) return [];
    const out: [string, z.ZodType][] = [];
    fields(schema, '', out);
    return out.map(([path, s]) => ({ where: `${e.method.toUpperCase()} ${e.path} ${part} ${path}`, schema: s, kind: baseKind(s) }));
  }),
);

describe('every check of the contract has a worded message', () => {
  it('finds the request fields', () => {
    expect(inputs.filter((i) => i.kind === 'string').length).toBeGreaterThan(40);
  });

  it("a too-long text is refused in words (never zod's \"Too big\"), and every text field has a length cap", () => {
    const bad: string[] = [];
    for (const { where, schema, kind } of inputs) {
      if (kind !== 'string') continue;
      const m = messages(schema, 'x'.repeat(100_000));
      if (!m.length) bad.push(`${where}: no length cap`);
      for (const text of m) if (ZOD_DEFAULT.test(text)) bad.push(`${where}: ${text}`);
    }
    expect(bad).toEqual([]);
  });

  it('a value of the wrong kind is refused in words', () => {
    const wrong: Record<string, unknown[]> = {
      string: [42, { a: 1 }],
      number: ['abc', 1e15, -1e15, 0.5],
      boolean: ['maybe', 3],
      enum: ['no-such-choice', 7],
      literal: ['no-such-choice'],
      date: ['not a date'],
    };
    const bad: string[] = [];
    for (const { where, schema, kind } of inputs) {
      for (const value of wrong[kind] ?? []) for (const text of messages(schema, value)) if (ZOD_DEFAULT.test(text)) bad.push(`${where} = ${JSON.stringify(value)}: ${text}`);
    }
    expect(bad).toEqual([]);
  });
});
