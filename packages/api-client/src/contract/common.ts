import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from './constants.ts';
import { EMAIL_PATTERN } from './lead-constants.ts';
// Worded messages for checks without their own (a side effect: zod's global error map).
import './messages.ts';

/** The spec's validation texts (they follow ajv's wording). */
export const minLengthMessage = (n: number) => `Must NOT have fewer than ${n} characters.`;
export const maxLengthMessage = (n: number) => `Must NOT have more than ${n} characters.`;
export const formatMessage = (format: string) => `Must match format "${format}".`;
/** `.max(...maxLength(n))`: a length cap with the spec's wording. */
export const maxLength = (n: number) => [n, { error: maxLengthMessage(n) }] as const;


/** A required string of at least `n` characters, trimmed; a missing value reads as too short. */
export const text = (n = 1) => z.string({ error: minLengthMessage(n) }).trim().min(n, { error: minLengthMessage(n) });

/** A first or last name: required, and no longer than its column. */
export const personName = () => text(1).max(...maxLength(NAME_MAX_LENGTH));

export const email = () =>
  z
    .string({ error: formatMessage('email') })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX_LENGTH, { error: formatMessage('email') })
    .regex(EMAIL_PATTERN, { error: formatMessage('email') });

/** A plan variant's id (`paymentPlanId` of the payment calls and of registration). */
export const paymentPlanId = () => z.string().trim().min(1, { error: 'Choose a plan' }).max(32);

const HEX_COLOR_MESSAGE = 'Must be a colour like #1974BB.';
export const hexColor = () => z.string().max(7, { error: HEX_COLOR_MESSAGE }).regex(/^#[0-9a-fA-F]{6}$/, { error: HEX_COLOR_MESSAGE });

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

/** The sort direction of a list's query. */
export const sortDirection = (def: 'ASC' | 'DESC') =>
  z
    .string()
    .max(4, { error: 'Must be ASC or DESC.' })
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC'], { error: 'Must be ASC or DESC.' }))
    .default(def);

export const paginated = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), meta: PaginationMeta });

const PAGE_MESSAGE = 'Must be a whole number of 1 or more.';
const LIMIT_MESSAGE = 'Must be between 1 and 100.';
/** The `page` query parameter of every list (1 when left out). */
export const pageNumber = z.coerce.number({ error: PAGE_MESSAGE }).int({ error: PAGE_MESSAGE }).min(1, { error: PAGE_MESSAGE }).default(1);
/** The `limit` query parameter of a list, 1 to 100. */
export const pageLimit = (fallback: number) => z.coerce.number().int().min(1, { error: LIMIT_MESSAGE }).max(100, { error: LIMIT_MESSAGE }).default(fallback);
