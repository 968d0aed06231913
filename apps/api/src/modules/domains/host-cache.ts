/** How long a host's (or a team's) answer is reused before asking PostgreSQL again. */
export const HOST_CACHE_MS = 30_000;
/** Entries kept at most: hosts nobody verified are cached too (every stray Host header), so it is bounded. */
const MAX_ENTRIES = 10_000;

/**
 * A small read-through cache of string keys, answers included when null (a host nobody verified
 * is asked about as often as one verified), each kept HOST_CACHE_MS; the oldest go first past
 * MAX_ENTRIES. Lookups of one key at once share one query.
 */
export function hostCache(load: (key: string) => Promise<string | null>, ttlMs = HOST_CACHE_MS, now = Date.now) {
  const entries = new Map<string, { at: number; value: Promise<string | null> }>();
  return {
    get(key: string): Promise<string | null> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.value;
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      const value = load(key);
      entries.set(key, { at: now(), value });
      // A failed query is not remembered.
      value.catch(() => entries.delete(key));
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
