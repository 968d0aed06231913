import { TEAM_ACTIVITY_RETENTION_DAYS, type TeamActivityAction, type TeamActivitySubjectType } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';
import { actingPersonId } from './acting.ts';

export interface ActivitySubject {
  type: TeamActivitySubjectType;
  id?: string | null;
  name?: string | null;
}

/**
 * One line of a team's activity log (who uploaded, deleted, changed privacy or roles, keys,
 * webhooks or captions), written in
 * the transaction of the change when there is one. The actor defaults to the person acting in the
 * request; `null` is a support action or a job.
 */
export async function recordActivity(
  sql: Sql,
  teamId: string,
  action: TeamActivityAction,
  subject: ActivitySubject,
  details: Record<string, string | number | boolean | null> = {},
  actorId: string | null = actingPersonId(),
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
