import type { Sql } from '../../db/sql.ts';
import { MEMBERSHIP_SQL } from '../teams/membership.queries.ts';

/**
 * A request's person in one round trip: the users row, whether the session (`familyId`) was
 * revoked, and the membership of `team` (MEMBERSHIP_SQL) as `member_*` columns; undefined for an unknown user.
 */
export async function principalRow(sql: Sql, familyId: string, team: string | null, userId: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await sql<Record<string, unknown>[]>(
    `select users.*, exists (select 1 from refresh_tokens where family_id = ? and revoked_at is not null) as session_revoked,
           m.team_id as member_team_id, m.role as member_role, m.last_active_at as member_last_active_at, m.require_two_factor as member_require_two_factor
         from users left join lateral (${MEMBERSHIP_SQL}) m on true where users.id = ?`,
    [familyId, team, team, userId],
  );
  return row;
}
