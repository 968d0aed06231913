import { MESSAGES } from '@reelbase/api-client';
import { HttpError } from '../../http/errors.ts';

/** How many checks of one address may wait behind its running one. */
const WAITING_PER_KEY = 8;

export interface PasswordCheckLimits {
  /** argon2 runs at once in this process (each takes a core for tens of milliseconds). */
  atOnce: number;
  /** Checks waiting for a slot; beyond them the answer is 503 at once. */
  queue: number;
}

const busy = (status: 429 | 503, message: string) => {
  const err = new HttpError(status, message);
  err.headers = { 'Retry-After': '1' };
  return err;
};

/**
 * A small bounded pool for password checks (argon2): at most one running per key (a client
 * address), at most `atOnce` in all, a short queue; past it, callers are refused at once (429 for
 * an address that already has its share, 503 when the whole queue is full), so parallel sign-ins
 * cannot pin every core or pile up memory (19 MiB each).
 */
export function passwordChecks(limits: PasswordCheckLimits) {
  let running = 0;
  const runningKeys = new Set<string>();
  const perKey = new Map<string, number>();
  const waiting: { key: string; start: () => void }[] = [];

  function take(key: string) {
    running++;
    runningKeys.add(key);
  }

  function next() {
    while (running < limits.atOnce) {
      const i = waiting.findIndex((w) => !runningKeys.has(w.key));
      if (i < 0) return;
      const [w] = waiting.splice(i, 1);
      take(w.key);
      w.start();
    }
  }

  return {
    async run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const mine = perKey.get(key) ?? 0;
      if (mine > WAITING_PER_KEY) throw busy(429, MESSAGES.signInsBusyFromAddress);
      const canStart = running < limits.atOnce && !runningKeys.has(key);
      if (!canStart && waiting.length >= limits.queue) throw busy(503, MESSAGES.signInsBusy);
      perKey.set(key, mine + 1);
      if (canStart) take(key);
      else await new Promise<void>((start) => waiting.push({ key, start }));
      try {
        return await task();
      } finally {
        running--;
        runningKeys.delete(key);
        const left = (perKey.get(key) ?? 1) - 1;
        if (left) perKey.set(key, left);
        else perKey.delete(key);
        next();
      }
    },
  };
}
export type PasswordChecks = ReturnType<typeof passwordChecks>;
