import { z } from 'zod';

/**
 * Worded messages for every check that does not bring its own: zod's English defaults ("Too big:
 * expected string to have <=255 characters", "Invalid input: expected string, received number")
 * never reach a user or an API caller. Each starts with "Must", so it reads beside its field and,
 * with the field in words, as a sentence ("Password must NOT have more than 200 characters.").
 * A check's own message (the spec's texts) always wins over these.
 */
type Issue = Parameters<z.core.$ZodErrorMap>[0];

const KINDS: Record<string, string> = {
  string: 'Must be text.',
  number: 'Must be a number.',
  int: 'Must be a whole number.',
  bigint: 'Must be a whole number.',
  boolean: 'Must be true or false.',
  array: 'Must be a list.',
  object: 'Must be a set of named values (a JSON object).',
  date: 'Must be a date.',
  file: 'Must be a file.',
};

const quoted = (v: unknown) => (typeof v === 'string' ? `"${v}"` : String(v));

export function wordedMessage(iss: Issue): string {
  const i = iss as Issue & Record<string, unknown>;
  switch (i.code) {
    case 'invalid_type':
      if (i.input === undefined) return 'Must be filled in.';
      return KINDS[String(i.expected)] ?? 'Must be a value of the right kind.';
    case 'too_big': {
      const max = Number(i.maximum);
      if (i.origin === 'string') return `Must NOT have more than ${max} characters.`;
      if (i.origin === 'array' || i.origin === 'set') return `Must NOT have more than ${max} items.`;
      if (i.origin === 'file') return `Must NOT be larger than ${max} bytes.`;
      return i.inclusive === false ? `Must be less than ${max}.` : `Must be ${max} or less.`;
    }
    case 'too_small': {
      const min = Number(i.minimum);
      if (i.origin === 'string') return `Must NOT have fewer than ${min} characters.`;
      if (i.origin === 'array' || i.origin === 'set') return `Must have at least ${min} item${min === 1 ? '' : 's'}.`;
      if (i.origin === 'file') return 'Must NOT be empty.';
      return i.inclusive === false ? `Must be more than ${min}.` : `Must be ${min} or more.`;
    }
    case 'invalid_format':
      if (i.format === 'regex') return 'Must be in the expected form.';
      if (i.format === 'datetime') return 'Must be a date and time like 2026-01-31T12:00:00Z.';
      if (i.format === 'date') return 'Must be a date like 2026-01-31.';
      return `Must match format "${String(i.format)}".`;
    case 'not_multiple_of':
      return `Must be a multiple of ${String(i.divisor)}.`;
    case 'invalid_value': {
      const values = (i.values as unknown[] | undefined) ?? [];
      return values.length === 1 ? `Must be ${quoted(values[0])}.` : `Must be one of: ${values.map(quoted).join(', ')}.`;
    }
    case 'unrecognized_keys':
      return `Must NOT have the field${(i.keys as string[]).length === 1 ? '' : 's'} ${(i.keys as string[]).map(quoted).join(', ')}.`;
    case 'invalid_union':
      return 'Must be one of the accepted forms.';
    default:
      return 'Must be a valid value.';
  }
}

z.config({ customError: wordedMessage });
