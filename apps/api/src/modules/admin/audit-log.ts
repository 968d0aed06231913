import type { AuditAction } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import { insertAuditBatch, insertAuditRow } from './audit-log.queries.ts';

/** The admin who made a call. */
export interface Actor {
  id: string;
  email: string;
}

export interface AuditEntry {
  action: AuditAction;
  /** The user the call was about, when it was about one. */
  targetUserId?: string | null;
  /** Every id the call touched (users of a bulk action, videos of a block). */
  targetIds?: string[];
  /** What was asked: the change, the filter, the direction. */
  details?: Record<string, unknown>;
}

/**
 * One row per admin call: who (id and email, kept after the admin's account is gone), what,
 * when, on whom. Written in the transaction of the change it records, so a change never goes
 * unrecorded and a refused one leaves no row.
 */
export async function writeAudit(sql: Sql, actor: Actor, e: AuditEntry): Promise<void> {
  await insertAuditRow(sql, {
    adminId: actor.id,
    adminEmail: actor.email,
    action: e.action,
    targetUserId: e.targetUserId ?? null,
    targetIds: JSON.stringify(e.targetIds ?? []),
    details: JSON.stringify(e.details ?? {}),
  });
}

/**
 * Rows of calls that changed nothing (a list, a view), kept in memory with their time and written
 * in one insert per second, so browsing the tables costs no write per page. A crash loses at most
 * the last second of read rows; rows of changes are always written with the change.
 */
export function readAuditLog(orm: Orm, flushMs: number, onError: (err: unknown) => void) {
  let pending: Record<string, unknown>[] = [];
  async function flush() {
    if (!pending.length) return;
    const batch = pending;
    pending = [];
    try {
      await insertAuditBatch(sqlOf(orm.em.getConnection()), JSON.stringify(batch));
    } catch (err) {
      // Put the rows back so a passing database hiccup loses nothing.
      pending = [...batch, ...pending];
      onError(err);
    }
  }
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();
  return {
    add(actor: Actor, e: AuditEntry) {
      pending.push({
        admin_id: actor.id,
        admin_email: actor.email,
        action: e.action,
        target_user_id: e.targetUserId ?? null,
        target_ids: e.targetIds ?? [],
        details: e.details ?? {},
        created_at: new Date().toISOString(),
      });
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
export type ReadAuditLog = ReturnType<typeof readAuditLog>;
