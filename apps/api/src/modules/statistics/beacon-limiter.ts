import { createHmac, randomBytes } from 'node:crypto';
import { addressBucket } from '../limits/address.ts';

/**
 * A token bucket per viewer address: `burst` beacons at once, then `perSecond` sustained. The
 * buckets are keyed by an HMAC of the address (see addressKeyer) and live only in memory; idle
 * ones are dropped, and past `maxEntries` the oldest go first, so a flood from many addresses
 * cannot grow the map without bound.
 */
export function beaconLimiter(opts: { perSecond: number; burst: number; maxEntries?: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const maxEntries = opts.maxEntries ?? 100_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  // A bucket idle this long is full again, so forgetting it changes nothing.
  const refillMs = (opts.burst / opts.perSecond) * 1000;
  let lastSweep = now();

  function sweep(t: number) {
    lastSweep = t;
    for (const [key, b] of buckets) if (t - b.at >= refillMs) buckets.delete(key);
    for (const key of buckets.keys()) {
      if (buckets.size <= maxEntries) break;
      buckets.delete(key);
    }
  }

  return {
    /** Takes one token; false when this address is over its allowance. */
    take(key: string): boolean {
      const t = now();
      if (t - lastSweep > 60_000 || buckets.size > maxEntries) sweep(t);
      const b = buckets.get(key);
      const tokens = b ? Math.min(opts.burst, b.tokens + ((t - b.at) / 1000) * opts.perSecond) : opts.burst;
      if (tokens < 1) {
        if (b) Object.assign(b, { tokens, at: t });
        return false;
      }
      // Re-insert so the Map's order stays oldest-activity-first for eviction.
      buckets.delete(key);
      buckets.set(key, { tokens: tokens - 1, at: t });
      return true;
    },
    get size() {
      return buckets.size;
    },
  };
}
export type BeaconLimiter = ReturnType<typeof beaconLimiter>;

/**
 * A key for the viewer's address that is useless outside this process: an HMAC with a random key
 * made at start, over the address's bucket (IPv6 by /64).
 */
export function addressKeyer() {
  const secret = randomBytes(32);
  return (address: string): string => createHmac('sha256', secret).update(addressBucket(address)).digest('base64url').slice(0, 22);
}
