/**
 * Wraps a pass (drain an outbox, queue waiting rows) woken by NOTIFY and sweeps: one pass at a time,
 * and a wake-up that comes during a pass runs one more after it, so nothing recorded meanwhile waits
 * for the next sweep. A failed pass is reported to `onError`; the next wake-up tries again.
 */
export function onePassAtATime(pass: () => Promise<void>, onError: (err: unknown) => void): (() => Promise<void>) & { settled(): Promise<void> } {
  let running: Promise<void> | null = null;
  let again = false;
  function wake(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again);
      } catch (err) {
        onError(err);
      } finally {
        running = null;
      }
    })();
    return running;
  }
  /** The pass under way, if any (to wait for before closing). */
  return Object.assign(wake, { settled: () => running ?? Promise.resolve() });
}
