/**
 * What this process knows of open sessions, and the progress not yet written: the progress call
 * reads and writes only this (no database write per report); the service flushes it.
 */

export interface OpenSession {
  teamId: string;
  videoId: string;
  durationSec: number;
  bucketSec: number;
  /** Ended here (the player said so): later reports are refused. */
  ended: boolean;
}

export interface PendingProgress {
  /** Bucket index -> times watched since the last flush. */
  counts: Map<number, number>;
  /** When the latest report came (ms). */
  seenAt: number;
  ended: boolean;
}

/**
 * A row of the flush: the counts to add from bucket `lo` on (1-based, as PostgreSQL arrays are),
 * dense to the last bucket touched. A report covers a few seconds, so the flush rewrites only that
 * slice of the session's counters, not all of them.
 */
export interface FlushRow {
  id: string;
  lo: number;
  delta: number[];
  seen: string;
  ended: boolean;
}

const SESSIONS_KEPT = 100_000;

export function sessionProgress() {
  const sessions = new Map<string, OpenSession>();
  let pending = new Map<string, PendingProgress>();

  return {
    session: (id: string) => sessions.get(id),
    remember(id: string, s: OpenSession) {
      // Oldest first out: a session evicted here is read again from the database at its next report.
      if (sessions.size >= SESSIONS_KEPT) sessions.delete(sessions.keys().next().value as string);
      sessions.set(id, s);
    },
    forget: (id: string) => sessions.delete(id),

    /** Adds one report's buckets (already validated) to what the next flush writes. */
    add(id: string, buckets: number[], ended: boolean, now = Date.now()) {
      const p = pending.get(id) ?? { counts: new Map<number, number>(), seenAt: now, ended: false };
      for (const b of buckets) p.counts.set(b, (p.counts.get(b) ?? 0) + 1);
      p.seenAt = now;
      p.ended ||= ended;
      pending.set(id, p);
    },

    /** Takes everything pending, as flush rows. */
    take(): FlushRow[] {
      const batch = pending;
      pending = new Map();
      return [...batch].map(([id, p]) => {
        const keys = [...p.counts.keys()];
        const lo = keys.length ? Math.min(...keys) : 0;
        const delta = new Array<number>(keys.length ? Math.max(...keys) - lo + 1 : 0).fill(0);
        for (const [i, n] of p.counts) delta[i - lo] = n;
        return { id, lo: lo + 1, delta, seen: new Date(p.seenAt).toISOString(), ended: p.ended };
      });
    },

    /** A failed flush's rows go back, so a passing database hiccup loses nothing. */
    putBack(rows: FlushRow[]) {
      for (const r of rows) {
        const p = pending.get(r.id) ?? { counts: new Map<number, number>(), seenAt: Date.parse(r.seen), ended: false };
        r.delta.forEach((n, k) => {
          if (n) p.counts.set(r.lo - 1 + k, (p.counts.get(r.lo - 1 + k) ?? 0) + n);
        });
        p.ended ||= r.ended;
        pending.set(r.id, p);
      }
    },

    get pendingCount() {
      return pending.size;
    },
  };
}
export type SessionProgressState = ReturnType<typeof sessionProgress>;
