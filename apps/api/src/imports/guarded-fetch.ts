import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import { type HostPolicy, parseImportUrl, pinnedLookup, type ResolveAll, resolveVetted } from './host-vetting.ts';
import { httpStatusMessage, ImportRefusedError, MESSAGES, tooLargeMessage, tooSlowMessage } from './import-error.ts';

export interface GuardedFetchOptions {
  /** Hosts reachable despite the address rules (IMPORT_ALLOWED_HOSTS); exact names or IPs. */
  allowedHosts: readonly string[];
  /** Largest body accepted, in bytes; a larger Content-Length or body is refused. */
  maxBytes: number;
  /** Time limit for one fetch: every hop, and reading the body to its end. */
  timeoutMs: number;
  maxRedirects: number;
  /** A body arriving slower than this, measured over each `rateWindowMs`, is stopped (0: no minimum). */
  minBytesPerSecond?: number;
  rateWindowMs?: number;
  /** Replaces the system DNS lookup (tests). */
  resolveAll?: ResolveAll;
  userAgent?: string;
}

export interface GuardedRequestInit {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  /** A POST's body (webhook deliveries). */
  body?: string;
  /** 'manual': a redirect is answered as it is, never followed (webhook deliveries). */
  redirect?: 'follow' | 'manual';
  signal?: AbortSignal;
}

/**
 * The one way import code reads the network. Resolves to a standard Response whose `url` is the
 * final address after redirects and whose body stops with an ImportRefusedError past maxBytes or
 * past the time limit. Redirects are followed here, each hop checked like the first.
 */
export interface GuardedFetch {
  (url: string | URL, init?: GuardedRequestInit): Promise<Response>;
  readonly options: Readonly<GuardedFetchOptions>;
  /** Checks an address (scheme, host, every resolved IP) without requesting it: for an early 422. */
  check(url: string | URL, signal?: AbortSignal): Promise<URL>;
  /** Closes kept-alive connections. */
  close(): void;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([204, 205, 304]);
/** Headers a cross-origin redirect must not carry on. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

export function createGuardedFetch(options: GuardedFetchOptions): GuardedFetch {
  const opts = Object.freeze({ ...options, allowedHosts: Object.freeze([...options.allowedHosts]) });
  const policy: HostPolicy = { allowedHosts: opts.allowedHosts, resolveAll: opts.resolveAll };
  const agents = {
    'http:': new http.Agent({ keepAlive: true, timeout: 30_000 }),
    'https:': new https.Agent({ keepAlive: true, timeout: 30_000 }),
  };

  async function guardedFetch(input: string | URL, init: GuardedRequestInit = {}): Promise<Response> {
    const timeout = AbortSignal.timeout(opts.timeoutMs);
    const signal = init.signal ? AbortSignal.any([timeout, init.signal]) : timeout;
    const fail = (err: unknown): never => {
      throw toImportError(err, timeout, init.signal);
    };
    let url = parseImportUrl(input);
    let method = init.method ?? 'GET';
    const headers: Record<string, string> = {
      'user-agent': opts.userAgent ?? 'Reelbase-Import/1.0',
      accept: '*/*',
      ...lowerCaseKeys(init.headers ?? {}),
      // Bodies are counted and stored as sent; compression would hide their real size.
      'accept-encoding': 'identity',
    };
    // The Host header follows the address being fetched, never the caller.
    delete headers.host;
    for (let hops = 0; ; hops++) {
      const addresses = await resolveVetted(url.hostname, policy, signal).catch(fail);
      const res = await requestOnce(url, method, headers, addresses, signal, agents[url.protocol as 'http:' | 'https:'], init.body).catch(fail);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECTS.has(status) && location && init.redirect !== 'manual') {
        res.destroy();
        if (hops >= opts.maxRedirects) throw new ImportRefusedError('redirects', MESSAGES.tooManyRedirects);
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new ImportRefusedError('redirects', MESSAGES.badRedirect);
        }
        next = parseImportUrl(next);
        if (status === 303 && method !== 'HEAD') method = 'GET';
        if (next.origin !== url.origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
        url = next;
        continue;
      }
      return toResponse(res, url, method, opts, timeout, init.signal);
    }
  }

  return Object.assign(guardedFetch, {
    options: opts,
    async check(input: string | URL, signal?: AbortSignal) {
      const url = parseImportUrl(input);
      await resolveVetted(url.hostname, policy, signal);
      return url;
    },
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  });
}

function requestOnce(
  url: URL,
  method: string,
  headers: Record<string, string>,
  addresses: LookupAddress[],
  signal: AbortSignal,
  agent: http.Agent,
  body?: string,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method,
      headers,
      agent,
      // The socket connects to a checked address; TLS still verifies the certificate for the name.
      lookup: pinnedLookup(addresses),
      signal,
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end(body);
  });
}

function toResponse(
  res: IncomingMessage,
  url: URL,
  method: string,
  opts: Pick<GuardedFetchOptions, 'maxBytes' | 'minBytesPerSecond' | 'rateWindowMs'>,
  timeout: AbortSignal,
  callerSignal: AbortSignal | undefined,
): Response {
  const { maxBytes } = opts;
  const status = res.statusCode ?? 0;
  if (status < 200 || status > 599) {
    res.destroy();
    throw new ImportRefusedError('unreachable', httpStatusMessage(status));
  }
  const length = Number(res.headers['content-length']);
  if (method !== 'HEAD' && Number.isFinite(length) && length > maxBytes) {
    res.destroy();
    throw new ImportRefusedError('too-large', tooLargeMessage(maxBytes));
  }
  const headers = new Headers();
  for (let i = 0; i < res.rawHeaders.length; i += 2) {
    try {
      headers.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
    } catch {
      // A header the Fetch API rejects is of no use to an import.
    }
  }
  let body: ReadableStream<Uint8Array> | null = null;
  if (method === 'HEAD' || NULL_BODY.has(status)) res.destroy();
  else body = limitedBody(res, opts, timeout, callerSignal);
  const response = new Response(body, { status, statusText: res.statusMessage ?? '', headers });
  Object.defineProperty(response, 'url', { value: url.href });
  return response;
}

function limitedBody(res: IncomingMessage, opts: Pick<GuardedFetchOptions, 'maxBytes' | 'minBytesPerSecond' | 'rateWindowMs'>, timeout: AbortSignal, callerSignal: AbortSignal | undefined) {
  const { maxBytes, minBytesPerSecond = 0, rateWindowMs = 30_000 } = opts;
  const chunks = res[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let received = 0;
  // A server that drips bytes would hold a worker until the deadline: each window must bring enough.
  let windowStart = 0;
  const rateCheck =
    minBytesPerSecond > 0
      ? setInterval(() => {
          if (received - windowStart < (minBytesPerSecond * rateWindowMs) / 1000) res.destroy(new ImportRefusedError('too-slow', tooSlowMessage(minBytesPerSecond)));
          windowStart = received;
        }, rateWindowMs)
      : null;
  const stop = () => {
    if (rateCheck) clearInterval(rateCheck);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) {
          stop();
          controller.close();
          return;
        }
        received += value.byteLength;
        if (received > maxBytes) throw new ImportRefusedError('too-large', tooLargeMessage(maxBytes));
        controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      } catch (err) {
        stop();
        res.destroy();
        controller.error(toImportError(err, timeout, callerSignal, true));
      }
    },
    cancel() {
      stop();
      res.destroy();
    },
  });
}

/** Maps a network failure to the user-facing error; a cancellation by the caller stays as it is. */
export function toImportError(err: unknown, timeout: AbortSignal, callerSignal?: AbortSignal, midBody = false): unknown {
  if (err instanceof ImportRefusedError) return err;
  if (timeout.aborted) return new ImportRefusedError('timeout', MESSAGES.timeout, { cause: err });
  if (callerSignal?.aborted) return callerSignal.reason ?? err;
  if (midBody) return new ImportRefusedError('unreachable', MESSAGES.interrupted, { cause: err });
  const code = (err as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (code === 'ENOTFOUND') return new ImportRefusedError('unreachable', MESSAGES.notFound, { cause: err, transient: false });
  return new ImportRefusedError('unreachable', MESSAGES.unreachable, { cause: err });
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}
