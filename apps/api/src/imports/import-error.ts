import { formatByteCount } from '@reelbase/api-client';

export type ImportErrorCode =
  | 'invalid-url' // not a URL, or not http/https
  | 'address' // a private, loopback, link-local, metadata... address or host name
  | 'redirects' // more redirects than allowed, or a redirect without a usable Location
  | 'too-large' // the body passed the byte limit
  | 'timeout' // the overall time limit passed
  | 'too-slow' // the body arrived slower than the minimum rate
  | 'unreachable' // DNS failure, connection refused or reset
  | 'http-status' // the server answered with a non-2xx status
  | 'unsupported' // a format this layer does not handle (encrypted or live HLS, not a playlist...)
  | 'yt-dlp-missing'
  | 'yt-dlp-failed';

const TRANSIENT: ReadonlySet<ImportErrorCode> = new Set(['timeout', 'unreachable']);

/**
 * An import the user asked for cannot be done. The message is written for the user; `status` is 422
 * so the HTTP error middleware answers with it as is. `transient` marks failures worth a retry.
 */
export class ImportRefusedError extends Error {
  readonly code: ImportErrorCode;
  readonly status = 422;
  readonly expose = true;
  readonly transient: boolean;
  constructor(code: ImportErrorCode, message: string, options?: { cause?: unknown; transient?: boolean }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ImportRefusedError';
    this.code = code;
    this.transient = options?.transient ?? TRANSIENT.has(code);
  }
}

export const MESSAGES = {
  invalidUrl: 'Enter a valid http:// or https:// address.',
  scheme: 'Only http:// and https:// addresses can be imported.',
  address: 'This address is not allowed for imports.',
  tooManyRedirects: 'The address redirected too many times.',
  badRedirect: 'The address redirected to an invalid location.',
  timeout: 'The import took too long and was stopped.',
  notFound: 'The host name of this address could not be found.',
  unreachable: 'The server of this address could not be reached.',
  interrupted: 'The download was interrupted before it finished.',
  ytDlpMissing: 'Importing from video-sharing sites needs yt-dlp, which is not installed on this server.',
} as const;

export function tooLargeMessage(maxBytes: number): string {
  return `The file is larger than the import limit of ${formatByteCount(maxBytes)}.`;
}

export function tooSlowMessage(minBytesPerSecond: number): string {
  return `The server sent the file too slowly (under ${formatByteCount(minBytesPerSecond)} a second) and the import was stopped.`;
}

export function httpStatusMessage(status: number): string {
  return `The server answered with HTTP status ${status}.`;
}

