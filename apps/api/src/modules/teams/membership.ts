import type { TeamRole } from '@reelbase/api-client';

/** A person's membership of one team, as the principal of a request carries it. */
export interface Membership {
  teamId: string;
  role: TeamRole;
  lastActiveAt: Date | null;
  /** The team's owner requires two-factor sign-in of its members. */
  requireTwoFactor: boolean;
}

/**
 * The membership a request acts in, as a lateral subquery over `users` (parameters: the requested
 * team id twice, or null twice): the named team, or without one the person's own team, else the
 * team they joined first. Read with the user row, so it costs no extra round trip.
 */
export const MEMBERSHIP_SQL = `select team_id, role, last_active_at,
    (select require_two_factor from teams where teams.id = team_members.team_id) as require_two_factor from team_members
  where user_id = users.id and (?::uuid is null or team_id = ?::uuid)
  order by (team_id = users.id) desc, created_at, team_id limit 1`;
