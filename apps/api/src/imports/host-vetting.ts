import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { isAllowedHost, isBlockedHostname, isPublicAddress, normalizeHostname } from './address-policy.ts';
import { ImportRefusedError, MESSAGES } from './import-error.ts';

/** Resolves a host name to every address it has (A and AAAA). Replaceable in tests. */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

export interface HostPolicy {
  /** Hosts reachable despite the address rules (the IMPORT_ALLOWED_HOSTS setting). */
  allowedHosts: readonly string[];
  resolveAll?: ResolveAll;
}

/** Parses an import address; only http and https pass. */
export function parseImportUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new ImportRefusedError('invalid-url', MESSAGES.invalidUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImportRefusedError('invalid-url', MESSAGES.scheme);
  if (!url.hostname) throw new ImportRefusedError('invalid-url', MESSAGES.invalidUrl);
  return url;
}

const refused = () => new ImportRefusedError('address', MESSAGES.address);

/**
 * Resolves a host and checks every address it resolves to; one private address refuses the host,
 * since a client could connect to any of them. Returns the addresses to connect to, so the
 * connection is pinned to what was checked (no second lookup, no DNS rebinding).
 */
export async function resolveVetted(hostname: string, policy: HostPolicy, signal?: AbortSignal): Promise<LookupAddress[]> {
  const host = normalizeHostname(hostname);
  const allowed = isAllowedHost(host, policy.allowedHosts);
  const family = isIP(host);
  if (family !== 0) {
    if (!allowed && !isPublicAddress(host)) throw refused();
    return [{ address: host, family }];
  }
  if (!allowed && isBlockedHostname(host)) throw refused();
  let addresses: LookupAddress[];
  try {
    addresses = await abortable((policy.resolveAll ?? systemResolveAll)(host), signal);
  } catch (err) {
    if (signal?.aborted) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') throw new ImportRefusedError('unreachable', MESSAGES.notFound, { cause: err, transient: false });
    throw new ImportRefusedError('unreachable', MESSAGES.notFound, { cause: err });
  }
  if (addresses.length === 0) throw new ImportRefusedError('unreachable', MESSAGES.notFound, { transient: false });
  if (!allowed && addresses.some((a) => !isPublicAddress(a.address))) throw refused();
  return addresses;
}

/** A `lookup` for net/http/tls that answers only with addresses already checked. */
export function pinnedLookup(addresses: readonly LookupAddress[]) {
  return (
    hostname: string,
    options: LookupOptions,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    const wanted = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
    const usable = addresses.filter((a) => wanted === 0 || a.family === wanted).map((a) => ({ address: a.address, family: a.family }));
    if (usable.length === 0) {
      const err: NodeJS.ErrnoException = new Error(`No checked address for ${hostname}`);
      err.code = 'ENOTFOUND';
      process.nextTick(callback, err, '', 0);
      return;
    }
    if (options.all) process.nextTick(callback, null, usable);
    else process.nextTick(callback, null, usable[0].address, usable[0].family);
  };
}

/** Rejects with the signal's reason as soon as it aborts (a DNS lookup cannot be cancelled). */
export function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}
