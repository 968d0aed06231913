import { isIP } from 'node:net';

/**
 * Which addresses an import may reach. Pure functions, no I/O.
 *
 * IPv4: everything is public except the special-purpose blocks below.
 * IPv6: only global unicast (2000::/3) is public, minus its special blocks; forms that embed an
 * IPv4 address (mapped, translated, NAT64, 6to4) are judged by the embedded address. Anything that
 * does not parse is refused.
 */

type V4Block = readonly [base: number, prefix: number];

const v4 = (dotted: string, prefix: number): V4Block => [parseIPv4(dotted)!, prefix];

const BLOCKED_V4: readonly V4Block[] = [
  v4('0.0.0.0', 8), // "this network"
  v4('10.0.0.0', 8), // private
  v4('100.64.0.0', 10), // carrier-grade NAT
  v4('127.0.0.0', 8), // loopback
  v4('169.254.0.0', 16), // link-local, cloud metadata (169.254.169.254)
  v4('172.16.0.0', 12), // private
  v4('192.0.0.0', 24), // IETF protocol assignments
  v4('192.0.2.0', 24), // documentation (TEST-NET-1)
  v4('192.88.99.0', 24), // 6to4 relay anycast
  v4('192.168.0.0', 16), // private
  v4('198.18.0.0', 15), // benchmarking
  v4('198.51.100.0', 24), // documentation (TEST-NET-2)
  v4('203.0.113.0', 24), // documentation (TEST-NET-3)
  v4('224.0.0.0', 4), // multicast
  v4('240.0.0.0', 4), // reserved, includes broadcast 255.255.255.255
];

/** Special blocks inside 2000::/3 that are not reachable public hosts. [first 16-bit groups, prefix] */
const BLOCKED_V6_GLOBAL: readonly (readonly [readonly number[], number])[] = [
  [[0x2001, 0x0000], 32], // Teredo (embeds an obfuscated IPv4 client)
  [[0x2001, 0x0db8], 32], // documentation
  [[0x2001, 0x0010], 28], // ORCHID
  [[0x2001, 0x0020], 28], // ORCHIDv2
  [[0x3fff, 0x0000], 20], // documentation (RFC 9637)
];

/** Host names that reach cloud metadata services or this machine whatever DNS says. */
const BLOCKED_HOSTNAMES = new Set(['localhost', 'metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

export function parseIPv4(address: string): number | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

/** The 8 groups of an IPv6 address, or null. Accepts '::' compression and a trailing dotted IPv4. */
export function parseIPv6(address: string): number[] | null {
  if (address.includes('%')) return null; // zone ids only make sense for link-local addresses
  let text = address.toLowerCase();
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    const embedded = parseIPv4(text.slice(lastColon + 1));
    if (embedded === null) return null;
    tail.push(embedded >>> 16, embedded & 0xffff);
    text = text.slice(0, lastColon + 1);
    if (!text.endsWith('::')) text = text.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const group = (s: string) => (s === '' ? [] : s.split(':'));
  const head = group(halves[0]);
  const rest = halves.length === 2 ? group(halves[1]) : [];
  const parsed = (list: string[]) => list.map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? Number.parseInt(g, 16) : Number.NaN));
  const h = parsed(head);
  const r = parsed(rest);
  if ([...h, ...r].some(Number.isNaN)) return null;
  const missing = 8 - tail.length - h.length - r.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...h, ...new Array(missing).fill(0), ...r, ...tail];
}

function inV4Block(value: number, [base, prefix]: V4Block): boolean {
  const size = 2 ** (32 - prefix);
  return Math.floor(value / size) === Math.floor(base / size);
}

function inV6Block(groups: number[], first: readonly number[], prefix: number): boolean {
  let bits = prefix;
  for (let i = 0; bits > 0; i++, bits -= 16) {
    const take = Math.min(16, bits);
    const mask = (0xffff << (16 - take)) & 0xffff;
    if ((groups[i] & mask) !== ((first[i] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv4FromGroups(high: number, low: number): number {
  return high * 0x10000 + low;
}

function isPublicIPv4Value(value: number): boolean {
  return !BLOCKED_V4.some((block) => inV4Block(value, block));
}

function isPublicIPv6Groups(g: number[]): boolean {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (IPv4-mapped) and ::ffff:0:a.b.c.d (IPv4-translated): the socket reaches the IPv4 address.
  if (zeros(0, 5) && g[5] === 0xffff) return isPublicIPv4Value(ipv4FromGroups(g[6], g[7]));
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return isPublicIPv4Value(ipv4FromGroups(g[6], g[7]));
  // 64:ff9b::/96, the well-known NAT64 prefix: a gateway forwards to the embedded IPv4 address.
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return isPublicIPv4Value(ipv4FromGroups(g[6], g[7]));
  // 2002::/16, 6to4: the embedded IPv4 address is the tunnel endpoint.
  if (g[0] === 0x2002) return isPublicIPv4Value(ipv4FromGroups(g[1], g[2]));
  // Everything outside global unicast (::, ::1, ::/96, fc00::/7, fe80::/10, ff00::/8, 64:ff9b:1::/48, 100::/64...).
  if ((g[0] & 0xe000) !== 0x2000) return false;
  return !BLOCKED_V6_GLOBAL.some(([first, prefix]) => inV6Block(g, first, prefix));
}

/** True when an import may connect to this IP address (v4 or v6 text, brackets allowed). */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(bare);
  if (family === 4) return isPublicIPv4Value(parseIPv4(bare)!);
  if (family === 6) {
    const groups = parseIPv6(bare);
    return groups !== null && isPublicIPv6Groups(groups);
  }
  return false;
}

/** Lower case, no IPv6 brackets, no trailing dot: the form host names are compared in. */
export function normalizeHostname(hostname: string): string {
  let h = hostname.trim().toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  if (h.endsWith('.')) h = h.slice(0, -1);
  return h;
}

/** Names refused before any DNS lookup: localhost and its subdomains, cloud metadata names. */
export function isBlockedHostname(hostname: string): boolean {
  const h = normalizeHostname(hostname);
  return BLOCKED_HOSTNAMES.has(h) || h.endsWith('.localhost');
}

/** True when the host is listed in the allow-list (the IMPORT_ALLOWED_HOSTS setting, for tests). */
export function isAllowedHost(hostname: string, allowedHosts: readonly string[]): boolean {
  const h = normalizeHostname(hostname);
  return allowedHosts.some((allowed) => normalizeHostname(allowed) === h);
}
