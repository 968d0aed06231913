import { isIP } from 'node:net';

/** Who passkeys are made for: WebAuthn's relying party (its id is a host name) and the origin pages call it from. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

/**
 * The relying party of PUBLIC_URL: its host name and origin. An IP address is no valid RP ID, so a
 * loopback address (a local install, the test stacks) is served as `localhost`, which browsers
 * treat as the same machine and as a secure context; any other IP address has no passkeys (null).
 */
export function relyingParty(publicUrl: string, name: string): RelyingParty | null {
  const url = new URL(publicUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!isIP(host)) return { id: host, name, origin: url.origin };
  if (host !== '::1' && !host.startsWith('127.')) return null;
  url.hostname = 'localhost';
  return { id: 'localhost', name, origin: url.origin };
}
