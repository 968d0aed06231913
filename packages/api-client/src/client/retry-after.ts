import { ApiError } from './errors.ts';

/**
 * The longest Retry-After an upload waits out by itself. A longer one (an hourly upload limit)
 * reaches the caller as the 429 it is, with its message, rather than an upload that seems stuck.
 */
export const UPLOAD_RETRY_AFTER_MAX_SECONDS = 60;
/** How many 429s in a row one multipart upload waits out before giving up. */
const UPLOAD_RETRIES_AFTER_429 = 3;

/** A Retry-After header (seconds or an HTTP date) in milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** Resolves after `ms`, or rejects with an AbortError as soon as `signal` aborts. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal?.aborted) return aborted();
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      aborted();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Sends with `attempt`, and after a 429 that says when to come back (Retry-After, at most
 * UPLOAD_RETRY_AFTER_MAX_SECONDS) waits that long and sends again, a few times; any other
 * answer, or a 429 without a usable Retry-After, is the caller's.
 */
export async function afterRetryAfter<T>(attempt: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let retries = 0; ; retries++) {
    try {
      return await attempt();
    } catch (err) {
      const seconds = err instanceof ApiError && err.status === 429 ? err.retryAfterSeconds : undefined;
      if (seconds === undefined || seconds > UPLOAD_RETRY_AFTER_MAX_SECONDS || retries >= UPLOAD_RETRIES_AFTER_429) throw err;
      await pause(seconds * 1000, signal);
    }
  }
}
