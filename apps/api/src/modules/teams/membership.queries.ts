import type { TeamRole } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';
import type { Membership } from './membership.ts';

/**
 * The membership a request acts in, as a lateral subquery over `users` (parameters: the requested
 * team id twice, or null twice): the named team, or without one the person's own team, else the
 * team they joined first. Read with the user row, so it costs no extra round trip.
 */
export const MEMBERSHIP_SQL = `select team_id, role, last_active_at,
    (select require_two_factor from teams where teams.id = team_members.team_id) as require_two_factor from team_members
  where user_id = users.id and (?::uuid is null or team_id = ?::uuid)
  order by (team_id = users.id) desc, created_at, team_id limit 1`;

/** The membership of `personId` a request acts in (MEMBERSHIP_SQL on its own, for `requested` or null), or null. */
export async function membershipOf(sql: Sql, personId: string, requested: string | null): Promise<Membership | null> {
  const [row] = await sql<{ team_id: string; role: TeamRole; last_active_at: string | null; require_two_factor: boolean }[]>(MEMBERSHIP_SQL.replace(/users\.id/g, '?'), [
    personId,
    requested,
    requested,
    personId,
  ]);
  return row ? { teamId: row.team_id, role: row.role, lastActiveAt: row.last_active_at ? new Date(row.last_active_at) : null, requireTwoFactor: row.require_two_factor } : null;
}

/** The member was seen acting now. */
export const markMemberActive = (sql: Sql, teamId: string, userId: string) => sql('update team_members set last_active_at = now() where team_id = ? and user_id = ?', [teamId, userId]);
