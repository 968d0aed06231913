import type { Sql } from '../../db/sql.ts';

// The SQL of the admin audit log.

/** One row of a change (its target ids and details as JSON text). */
export const insertAuditRow = (sql: Sql, r: { adminId: string; adminEmail: string; action: string; targetUserId: string | null; targetIds: string; details: string }) =>
  sql('insert into admin_audit_log (admin_id, admin_email, action, target_user_id, target_ids, details) values (?, ?, ?, ?, ?::jsonb, ?::jsonb)', [
    r.adminId,
    r.adminEmail,
    r.action,
    r.targetUserId,
    r.targetIds,
    r.details,
  ]);

/** The read rows kept in memory, in one insert (`batch`: a JSON array of rows with their created_at). */
export const insertAuditBatch = (sql: Sql, batch: string) =>
  sql(
    `insert into admin_audit_log (admin_id, admin_email, action, target_user_id, target_ids, details, created_at)
         select x.admin_id, x.admin_email, x.action, x.target_user_id, x.target_ids, x.details, x.created_at
         from jsonb_to_recordset(?::jsonb) as x(admin_id uuid, admin_email text, action text, target_user_id uuid, target_ids jsonb, details jsonb, created_at timestamptz)`,
    [batch],
  );
