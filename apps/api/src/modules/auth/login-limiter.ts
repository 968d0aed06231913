/**
 * Counts failed sign-ins per account and per address in a sliding window. Keys are what the
 * caller typed, so an unknown account is limited exactly like a real one.
 */
export function loginLimiter(opts: { perAccount: number; perAddress: number; windowMs: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const failures = new Map<string, number[]>();

  const recent = (key: string) => {
    const cutoff = now() - opts.windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  };

  return {
    isBlocked(account: string, address: string): boolean {
      return recent(`a:${account}`).length >= opts.perAccount || recent(`ip:${address}`).length >= opts.perAddress;
    },
    recordFailure(account: string, address: string) {
      for (const key of [`a:${account}`, `ip:${address}`]) failures.set(key, [...recent(key), now()]);
    },
    recordSuccess(account: string) {
      failures.delete(`a:${account}`);
    },
  };
}
export type LoginLimiter = ReturnType<typeof loginLimiter>;
