import type { TeamActivityAction } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';
import { actingPersonId } from './acting.ts';
import { type ActivitySubject, insertActivity } from './activity.queries.ts';

export type { ActivitySubject } from './activity.queries.ts';
// The daily sweep's entry stays here for its callers; its SQL is in activity.queries.ts.
export { purgeActivity } from './activity.queries.ts';

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
  await insertActivity(sql, teamId, action, subject, details, actorId);
}
