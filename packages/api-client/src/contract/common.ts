import { z } from 'zod';

/** The spec's validation texts (they follow ajv's wording). */
export const minLengthMessage = (n: number) => `Must NOT have fewer than ${n} characters.`;
export const formatMessage = (format: string) => `Must match format "${format}".`;

// A pragmatic standard pattern: one @, no spaces, a dot in the domain.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required string of at least `n` characters, trimmed; a missing value reads as too short. */
export const text = (n = 1) => z.string({ error: minLengthMessage(n) }).trim().min(n, { error: minLengthMessage(n) });

export const email = () =>
  z
    .string({ error: formatMessage('email') })
    .trim()
    .toLowerCase()
    .max(254, { error: formatMessage('email') })
    .regex(EMAIL_RE, { error: formatMessage('email') });

export const hexColor = () => z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'Must be a colour like #1974BB.' });

export const ErrorBody = z.object({ message: z.string(), code: z.string().optional() });
export const ValidationErrorBody = z.object({ message: z.string(), errors: z.record(z.string(), z.string()) });
export const MessageBody = z.object({ message: z.string() });

export const PaginationMeta = z.object({
  limit: z.number().int(),
  currentPage: z.number().int(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
  nextPage: z.number().int().nullable(),
  prevPage: z.number().int().nullable(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
});
export type PaginationMeta = z.infer<typeof PaginationMeta>;

/** Query parameters of the paged, sorted lists. */
export const pageNumber = z.coerce.number({ error: 'Must be a whole number of 1 or more.' }).int({ error: 'Must be a whole number of 1 or more.' }).min(1, { error: 'Must be a whole number of 1 or more.' });
export const pageLimit = (def: number) => z.coerce.number().int().min(1, { error: 'Must be between 1 and 100.' }).max(100, { error: 'Must be between 1 and 100.' }).default(def);
export const sortDirection = (def: 'ASC' | 'DESC') =>
  z
    .string()
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC'], { error: 'Must be ASC or DESC.' }))
    .default(def);

export const paginated = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), meta: PaginationMeta });
