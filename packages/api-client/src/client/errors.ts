import { ERROR_CODES } from '../contract/constants.ts';

/** A failed call: the HTTP status, the server's code and field errors, and one text to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: Record<string, string> | undefined;
  /** Seconds to wait before trying again (a 429's or 503's Retry-After), when the server said. */
  readonly retryAfterSeconds: number | undefined;
  constructor(status: number, message: string, opts: { code?: string; errors?: Record<string, string>; retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = opts.code;
    this.errors = opts.errors;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
  get isTokenExpired(): boolean {
    return this.status === 401 && this.code === ERROR_CODES.tokenExpired;
  }
  get isBanned(): boolean {
    return this.status === 403 && this.code === ERROR_CODES.banned;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Words for the fields whose name alone reads badly; any other field is worded from its name. */
const FIELD_LABELS: Record<string, string> = {
  token: 'The link',
  currentPassword: 'Current password',
  q: 'The search term',
  search: 'The search term',
  body: 'The request',
  curTime: 'The playback time',
  paymentPlanId: 'The plan',
  parentId: 'The folder',
  cvc: 'CVC/CWV',
  expMonth: 'Exp month',
  expYear: 'Exp year',
};

/** A field path in words: `paymentMethod.cardInfo.cardNumber` is "Card number", `currentPassword` "Current password". */
export function fieldLabel(path: string): string {
  const parts = path.split('.').filter((p) => p && !/^\d+$/.test(p));
  const last = parts.at(-1) ?? path;
  const known = FIELD_LABELS[path] ?? FIELD_LABELS[last];
  if (known) return known;
  const words = last
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : 'A value';
}

/**
 * One field's message as a sentence that needs no field name: a message that stands alone ("The
 * reset link is invalid or has expired.") is kept; one that only makes sense beside its field
 * ("Must NOT have fewer than 6 characters.") is given the field in words ("Password must NOT have...").
 */
export function fieldErrorSentence(field: string, message: string): string {
  const m = message.trim();
  if (/^must\b/i.test(m)) return `${fieldLabel(field)} ${m[0].toLowerCase()}${m.slice(1)}`;
  return m;
}

/**
 * 422 field errors as one text to read (issue 22 replaces the spec's "field: message" pairs): each
 * field's message as a sentence, never a field path; forms show the same messages beside their fields.
 */
export function formatFieldErrors(errors: Record<string, unknown>): string {
  const sentences = Object.entries(errors).map(([field, message]) => {
    const s = fieldErrorSentence(field, String(message));
    return /[.!?]$/.test(s) ? s : `${s}.`;
  });
  return [...new Set(sentences)].join(' ');
}

/** Turns an error answer into an ApiError: a 422 errors map becomes one text, else the server's message. */
export function errorFromBody(status: number, body: unknown, statusText = '', retryAfter?: string | null): ApiError {
  const b = isRecord(body) ? body : {};
  const code = typeof b.code === 'string' ? b.code : undefined;
  const errors = isRecord(b.errors) ? Object.fromEntries(Object.entries(b.errors).map(([k, v]) => [k, String(v)])) : undefined;
  let message: string;
  if (status === 422 && errors && Object.keys(errors).length) message = formatFieldErrors(errors);
  else if (typeof b.message === 'string' && b.message) message = b.message;
  else if (typeof body === 'string' && body.trim() && body.length < 300) message = body.trim();
  else message = statusText || `Request failed with status ${status}`;
  // Retry-After in seconds (an HTTP date is not sent by this API).
  const seconds = retryAfter && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined;
  return new ApiError(status, message, { code, errors, ...(seconds !== undefined && { retryAfterSeconds: seconds }) });
}

/** The text to show for any thrown value. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (typeof err === 'string') return err;
  return 'Something went wrong';
}
