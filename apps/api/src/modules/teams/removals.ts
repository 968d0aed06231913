import { TEAM_ACTIVITY_RETENTION_DAYS, type TeamRemoval } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';

/**
 * The teams `personId` was removed from (not left) and is not back in, newest first, within the
 * activity log's retention: read from the log's `member.removed` lines, so no state of its own.
 * Their app says so after sign-in instead of asking the former member to pay (issue 35 item 7).
 */
export async function removalsOf(sql: Sql, personId: string): Promise<TeamRemoval[]> {
  const rows = await sql<{ team_id: string; name: string; removed_at: string }[]>(
    `select distinct on (a.team_id) a.team_id, t.name, a.created_at as removed_at
       from team_activity a join teams t on t.id = a.team_id
      where a.action = 'member.removed' and a.subject_type = 'member' and a.subject_id = ?
        and a.created_at > now() - make_interval(days => ?)
        and not exists (select 1 from team_members m where m.team_id = a.team_id and m.user_id = ?)
      order by a.team_id, a.created_at desc`,
    [personId, TEAM_ACTIVITY_RETENTION_DAYS, personId],
  );
  return rows
    .map((r) => ({ teamId: String(r.team_id), teamName: String(r.name), removedAt: new Date(r.removed_at).toISOString() }))
    .sort((a, b) => b.removedAt.localeCompare(a.removedAt));
}
