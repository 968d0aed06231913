import type { Readable } from 'node:stream';
import type { DetailedError } from 'tus-js-client';
import { MESSAGES } from '../contract/constants.ts';
import type { Core } from './core.ts';
import { ApiError, errorFromBody } from './errors.ts';
import { pathOf } from './route.ts';
import { retryAfterMs, UPLOAD_RETRY_AFTER_MAX_SECONDS } from './retry-after.ts';
import { SESSION_EXPIRED_MESSAGE } from './session.ts';
import { postUploads } from './routes.generated.ts';
import { fetchRaw, type ProgressHandler, parseBody, progressOf } from './transport.ts';

export const TUS_PATH = pathOf(postUploads);

export interface TusInput {
  /** A File or Blob in browsers; a Buffer or an fs.ReadStream (read by path, so it can seek) in Node. */
  file: Blob | Uint8Array | Readable;
  filename: string;
  filetype: string;
  name: string;
  /** More upload metadata, e.g. the folder the video goes into. */
  metadata?: Record<string, string>;
  onProgress?: ProgressHandler;
  /** Cancels: the server drops the bytes it holds. */
  signal?: AbortSignal;
  /** Pauses: the server keeps the bytes, and `uploadUrl` continues from the last one later. */
  pauseSignal?: AbortSignal;
  /** The upload to continue (from an earlier `onUploadUrl`) instead of creating one. */
  uploadUrl?: string | null;
  /** Called once the server has created the upload, so the caller can keep its URL for resuming. */
  onUploadUrl?: (url: string) => void;
  chunkSize?: number;
  /** Delays of tus's own retries (default: five over 19 s; a 429's Retry-After, up to a minute, replaces a shorter one); a caller with its own backoff passes fewer. */
  retryDelays?: number[];
}

const absolute = (baseUrl: string) => {
  if (/^https?:\/\//.test(baseUrl)) return baseUrl;
  const origin = (globalThis as { location?: { origin: string } }).location?.origin ?? '';
  return `${origin}${baseUrl}`;
};

/**
 * How many bytes of an unfinished tus upload the server holds; null when it holds none any more
 * (finished, expired, or not this user's).
 */
export async function tusOffset(core: Core, uploadUrl: string): Promise<number | null> {
  try {
    const res = await core.execute((token) =>
      fetchRaw(core.fetch, uploadUrl, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', ...core.authHeaders(token) } }),
    );
    return Number(res.header('Upload-Offset'));
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 410)) return null;
    throw err;
  }
}

/**
 * A resumable upload (tus) for large files: an interrupted upload continues from the last byte
 * the server holds. Every request carries the current access token; a 401 refreshes it (shared
 * with the other calls) and the request is retried. Resolves with the new video's id.
 */
export async function tusUpload(core: Core, input: TusInput): Promise<string> {
  // Loaded with the first upload, so screens that never upload (sign-in) do not carry it.
  const { Upload } = await import('tus-js-client');
  return new Promise((resolve, reject) => {
    let videoId: string | null = null;
    let usedToken: string | null = null;
    let refreshes = 0;
    // The team at the start: switching teams meanwhile does not move an upload in flight.
    const team = core.getTeam();
    const upload = new Upload(input.file as Blob, {
      endpoint: `${absolute(core.baseUrl)}${TUS_PATH}`,
      metadata: { ...input.metadata, filename: input.filename, filetype: input.filetype, name: input.name },
      uploadUrl: input.uploadUrl ?? null,
      chunkSize: input.chunkSize ?? 50 * 1024 * 1024,
      // A copy: a 429's Retry-After lengthens the delay of its retry in place (onShouldRetry).
      retryDelays: [...(input.retryDelays ?? [0, 1000, 3000, 5000, 10000])],
      removeFingerprintOnSuccess: true,
      async onBeforeRequest(req) {
        usedToken = await core.accessToken();
        for (const [name, value] of Object.entries(core.authHeaders(usedToken, team))) req.setHeader(name, value);
      },
      onAfterResponse(_req, res) {
        const id = res.getHeader('X-Video-Id');
        if (id) videoId = id;
      },
      onShouldRetry(err: DetailedError, attempt, options) {
        const status = err.originalResponse?.getStatus() ?? 0;
        // Too many uploads or jobs just now: the retry waits as long as the server said, or a long wait is the caller's 429.
        const wait = status === 429 ? retryAfterMs(err.originalResponse?.getHeader('Retry-After')) : null;
        if (wait !== null) {
          if (wait > UPLOAD_RETRY_AFTER_MAX_SECONDS * 1000) return false;
          if (options.retryDelays) options.retryDelays[attempt] = Math.max(options.retryDelays[attempt] ?? 0, wait);
        }
        if (status === 401 && usedToken && !core.usesApiKey && refreshes < 3) {
          refreshes++;
          // The next attempt's onBeforeRequest waits for this refresh through core.accessToken().
          void core.refreshAfter(usedToken).catch(() => {});
          return true;
        }
        if (status >= 400 && status < 500 && status !== 409 && status !== 423 && status !== 429) return false;
        return attempt < 5;
      },
      onUploadUrlAvailable() {
        if (upload.url) input.onUploadUrl?.(upload.url);
      },
      onProgress(sent, total) {
        input.onProgress?.(progressOf(sent, total));
      },
      onSuccess() {
        if (videoId) resolve(videoId);
        else reject(new ApiError(500, 'The upload finished but the server did not name the new video.'));
      },
      async onError(err) {
        const res = (err as DetailedError).originalResponse;
        if (!res) return reject(err);
        const status = res.getStatus();
        const error = errorFromBody(status, parseBody(res.getBody()), '');
        // tus answers carry only a message, so a ban is recognised by its text.
        if (status === 403 && error.message === MESSAGES.banned) await core.endSession({ reason: 'banned', message: MESSAGES.banned });
        else if (status === 401) await core.endSession({ reason: 'expired', message: SESSION_EXPIRED_MESSAGE });
        reject(error);
      },
    });
    if (input.signal) {
      if (input.signal.aborted) return reject(new DOMException('The upload was cancelled.', 'AbortError'));
      input.signal.addEventListener(
        'abort',
        () => {
          // Settled once the server has dropped what it held (or the drop failed): a caller that
          // waits for the cancel can count on the upload being gone.
          void upload
            .abort(true)
            .catch(() => undefined)
            .then(() => reject(new DOMException('The upload was cancelled.', 'AbortError')));
        },
        { once: true },
      );
    }
    if (input.pauseSignal) {
      if (input.pauseSignal.aborted) return reject(new DOMException('The upload was paused.', 'AbortError'));
      input.pauseSignal.addEventListener(
        'abort',
        () => {
          void upload.abort(false);
          reject(new DOMException('The upload was paused.', 'AbortError'));
        },
        { once: true },
      );
    }
    // A continued upload reports from the server's offset on; a new one starts at 0.
    if (!input.uploadUrl) input.onProgress?.(progressOf(0, 1));
    upload.start();
  });
}
