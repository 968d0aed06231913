/** The browser's local storage, or null where a sandboxed frame has none (reading it throws there). */
export function safeStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Reads a JSON value kept under `key`; null when absent, unreadable or refused. */
export function readJson<T>(storage: Pick<Storage, 'getItem'> | null, key: string): T | null {
  try {
    const text = storage?.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

/** Keeps a JSON value under `key` (null removes it); a full or refused storage keeps it for this page only. */
export function writeJson(storage: Pick<Storage, 'setItem' | 'removeItem'> | null, key: string, value: unknown): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused.
  }
}
