/*
 * The sweep's inputs (sweep.test.ts): the OpenAPI shapes it reads, the hostile values it sends, and
 * how it builds a valid body from a request schema before spoiling one field at a time.
 */
export type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
};
export type Operation = {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
  responses: Record<string, { content?: Record<string, unknown> }>;
};

export const LONG = 'x'.repeat(10_000);
/** Numbers JSON can write but JavaScript cannot hold: spliced into the body text as they are. */
export const RAW_NUMBERS = ['123456789012345678901234567890', '1e999999', '-0.0000000000000000000001'];
export const HOSTILE_VALUES: unknown[] = [LONG, 'a\u0000b', '', '%E0%A4%A', 1e308, -1, 1.5, true, null, [], [1, 'two'], { nested: { deep: 1 } }, ...RAW_NUMBERS.map((n) => `@raw:${n}`)];
export const HOSTILE_IDS = ['not-a-uuid', crypto.randomUUID(), '%E0%A4%A', '%00', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(5_000), '-1', '99999999999999999999999'];
/** 1 MB: with the rest of a body it stays under the 1 MiB JSON limit, so the string itself is judged. */
export const MB = 'x'.repeat(1_000_000);
export const DEEP = 20_000;
export const deepArray = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;
export const deepObject = `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`;
/** What a heavy call may answer: refused as too large (413) or invalid (422), nothing else. */
export const HEAVY_REFUSALS = [413, 422];
export const HOSTILE_QUERY = [`x${'y'.repeat(20_000)}`, '%00', '%E0%A4%A', '%', '1e400', '-1', '99999999999999999999', '0x10', 'null', '[]'];

export const INTERNALS = [/\/tmp\//, /node_modules/, /\.ts:\d+/, /\bat [\w.]+ \(/, /ffmpeg|ffprobe|ENOENT|EACCES|ECONNREFUSED/i, /\bselect\b.+\bfrom\b/i, /violates|constraint|syntax error/i];

/** A value the schema accepts, as far as a schema says (patterns of cards and the like may still fail); `ownedId` for fields named ...id. */
export function example(schema: Schema, name: string, ownedId: string): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  // Of several shapes, the simplest (a PayPal payment method rather than a card).
  const options = (schema.anyOf ?? schema.oneOf)?.filter((o) => o.type !== 'null');
  if (options?.length) return example([...options].sort((a, b) => Object.keys(a.properties ?? {}).length - Object.keys(b.properties ?? {}).length)[0], name, ownedId);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((x) => example(x, name, ownedId)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'email' || /email/i.test(name)) return `sweep${crypto.randomUUID().slice(0, 8)}@example.com`;
      if (schema.format === 'uri' || /url/i.test(name)) return 'https://example.com/clip.mp4';
      if (/color|colour|#/i.test(`${name} ${schema.pattern ?? ''}`)) return '#123456';
      if (/id$/i.test(name)) return ownedId;
      return 'Sweep value'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 100);
    case 'number':
    case 'integer':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'array':
      return schema.minItems && schema.items ? Array.from({ length: schema.minItems }, () => example(schema.items as Schema, name, ownedId)) : [];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, example(v, k, ownedId)]));
    default:
      return 'Sweep value';
  }
}

/** Where a schema lets a string through with no length cap (an enum, a constant, a uuid or a date is capped by its form). */
export function uncapped(schema: Schema & { additionalProperties?: Schema | boolean; propertyNames?: Schema }, at: string): string[] {
  const inner = [
    ...Object.entries(schema.properties ?? {}).map(([k, v]) => uncapped(v, `${at}.${k}`)),
    ...[schema.items, typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined].filter((x): x is Schema => !!x).map((x) => uncapped(x, `${at}[]`)),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].map((x) => uncapped(x, at)),
  ].flat();
  const isString = schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
  const capped = schema.maxLength !== undefined || schema.enum || schema.const !== undefined || ['uuid', 'date-time'].includes(schema.format ?? '');
  return isString && !capped ? [at, ...inner] : inner;
}

