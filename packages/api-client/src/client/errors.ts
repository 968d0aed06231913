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

/** 422 field errors as one text of `field: message` pairs (spec section 8). */
export function formatFieldErrors(errors: Record<string, unknown>): string {
  return Object.entries(errors)
    .map(([field, message]) => `${field}: ${String(message)}`)
    .join('; ');
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
