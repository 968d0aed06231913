import type { Sql } from '../../db/sql.ts';

// The SQL of the admin's view of teams.

/** The teams of `ids` with their owner, plan and members limit (`membersWithoutPlan` without a plan). */
export const adminTeamRows = (sql: Sql, ids: string[], membersWithoutPlan: number) =>
  sql<Record<string, unknown>[]>(
    `select t.id, t.name, t.created_at, o.id as owner_id, o.first_name, o.last_name, o.email, a.plan, coalesce(p.members_limit, ?) as members_limit
       from teams t join users o on o.id = t.owner_id join users a on a.id = t.id left join payment_plans p on p.id = a.payment_plan_id
       where t.id in (?)`,
    [membersWithoutPlan, ids],
  );

/** The members of the teams of `ids`, by role then joining. */
export const adminTeamMemberRows = (sql: Sql, ids: string[]) =>
  sql<Record<string, unknown>[]>(
    `select m.team_id, m.user_id, m.role, m.created_at, u.first_name, u.last_name, u.email from team_members m join users u on u.id = m.user_id
       where m.team_id in (?) order by array_position(array['owner','admin','editor','viewer']::varchar[], m.role), m.created_at`,
    [ids],
  );

/** A page of team ids, newest first, with the total; a search matches the team's name or a member's name or email. */
export function adminTeamPage(sql: Sql, search: string | undefined, limit: number, offset: number) {
  const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = like
    ? `where t.name ilike ? or exists (select 1 from team_members m join users u on u.id = m.user_id where m.team_id = t.id and (u.email ilike ? or (u.first_name || ' ' || u.last_name) ilike ?))`
    : '';
  return sql<{ id: string; total: string }[]>(`select t.id, count(*) over () as total from teams t ${where} order by t.created_at desc, t.id limit ? offset ?`, [
    ...(like ? [like, like, like] : []),
    limit,
    offset,
  ]);
}

/** The team's owner, the team row locked for the rest of the transaction. */
export const lockedTeamOwner = (sql: Sql, teamId: string) => sql<{ owner_id: string }[]>('select owner_id from teams where id = ? for update', [teamId]);
