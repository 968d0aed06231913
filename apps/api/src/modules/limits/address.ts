import { isIPv6 } from 'node:net';

/**
 * The part of a client address that limits count by: an IPv4 address as it is (also when
 * IPv4-mapped), an IPv6 address by its /64 (one subscriber's network), as rate limits usually do.
 */
export function addressBucket(address: string): string {
  const a = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
  return isIPv6(a) ? `${expandV6(a).slice(0, 4).join(':')}::/64` : a;
}

function expandV6(address: string): string[] {
  const [head, tail = ''] = address.split('::');
  const h = head ? head.split(':') : [];
  const t = address.includes('::') && tail ? tail.split(':') : [];
  const fill = address.includes('::') ? Array(8 - h.length - t.length).fill('0') : [];
  return [...h, ...fill, ...t].map((g) => g.toLowerCase().padStart(4, '0'));
}
