import type { AuditAction } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { type Sql, sqlOf } from '../folders/folder-access.ts';

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
  await sql('insert into admin_audit_log (admin_id, admin_email, action, target_user_id, target_ids, details) values (?, ?, ?, ?, ?::jsonb, ?::jsonb)', [
    actor.id,
    actor.email,
    e.action,
    e.targetUserId ?? null,
    JSON.stringify(e.targetIds ?? []),
    JSON.stringify(e.details ?? {}),
  ]);
}

/**
 * The row of a call that changed nothing (a list, a view): committed without waiting for the
 * disk (synchronous_commit off for this transaction only), so reading costs no flush. A crash in
 * the next fraction of a second could lose it; rows of changes are always written with the change.
 */
export async function writeReadAudit(orm: Orm, actor: Actor, e: AuditEntry): Promise<void> {
  await orm.em.fork().transactional(async (em) => {
    const sql = sqlOf(em);
    await sql('set local synchronous_commit to off');
    await writeAudit(sql, actor, e);
  });
}
