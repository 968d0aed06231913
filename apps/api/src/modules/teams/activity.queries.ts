import { TEAM_ACTIVITY_RETENTION_DAYS, type TeamActivityAction, type TeamActivitySubjectType, type TeamRemoval } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';

// The SQL of the activity log: its writes, its daily sweep, and the removals read from it.

export interface ActivitySubject {
  type: TeamActivitySubjectType;
  id?: string | null;
  name?: string | null;
}

/** One line of a team's activity log (the subject's name cut to 255). */
export async function insertActivity(
  sql: Sql,
  teamId: string,
  action: TeamActivityAction,
  subject: ActivitySubject,
  details: Record<string, string | number | boolean | null>,
  actorId: string | null,
): Promise<void> {
  await sql('insert into team_activity (team_id, actor_id, action, subject_type, subject_id, subject_name, details) values (?, ?, ?, ?, ?, ?, ?::jsonb)', [
    teamId,
    actorId,
    action,
    subject.type,
    subject.id ?? null,
    subject.name?.slice(0, 255) ?? null,
    JSON.stringify(details),
  ]);
}

/** Lines older than the retention go (the daily sweep). */
export async function purgeActivity(sql: Sql): Promise<number> {
  const rows = await sql<{ n: string }[]>(
    `with gone as (delete from team_activity where created_at < now() - make_interval(days => ?) returning 1) select count(*) as n from gone`,
    [TEAM_ACTIVITY_RETENTION_DAYS],
  );
  return Number(rows[0]?.n ?? 0);
}

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
