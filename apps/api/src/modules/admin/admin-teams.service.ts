import type { AdminTeam, AdminTeamList, AdminTeamListQuery, PersonRef, TeamRole } from '@reelbase/api-client';
import type { z } from 'zod';
import type { Orm } from '../../db/orm.ts';
import { notFound } from '../../http/errors.ts';
import { isUuid, type Sql, sqlOf } from '../../db/sql.ts';
import { recordActivity } from '../teams/activity.ts';
import { nameOf } from '../teams/teams.queries.ts';
import type { TeamsService } from '../teams/teams.service.ts';
import { pageMeta } from '../videos/video-view.ts';
import { adminTeamMemberRows, adminTeamPage, adminTeamRows, lockedTeamOwner } from './admin-teams.queries.ts';
import { type Actor, writeAudit } from './audit-log.ts';

const name = (r: Record<string, unknown>) => nameOf(r.first_name, r.last_name, r.email);

/** The admin area's view of teams: owners, plans, seats, members; ownership moved for support cases (audited). */
export function createAdminTeamsService(d: { orm: Orm; teams: TeamsService; membersWithoutPlan: number }) {
  async function teamsByIds(sql: Sql, ids: string[]): Promise<AdminTeam[]> {
    if (!ids.length) return [];
    const teams = await adminTeamRows(sql, ids, d.membersWithoutPlan);
    const members = await adminTeamMemberRows(sql, ids);
    const byId = new Map(teams.map((t) => [String(t.id), t]));
    return ids.flatMap((id) => {
      const t = byId.get(id);
      if (!t) return [];
      const own = members.filter((m) => m.team_id === id);
      return [
        {
          id,
          name: String(t.name),
          owner: { id: String(t.owner_id), name: name(t), email: String(t.email) } satisfies PersonRef,
          plan: (t.plan as string | null) ?? null,
          membersLimit: Number(t.members_limit),
          memberCount: own.length,
          members: own.map((m) => ({ userId: String(m.user_id), name: name(m), email: String(m.email), role: m.role as TeamRole, joinedAt: new Date(m.created_at as string).toISOString() })),
          createdAt: new Date(t.created_at as string).toISOString(),
        },
      ];
    });
  }

  return {
    /** A page of teams, newest first; a search matches the team's name or a member's name or email. */
    async list(actor: Actor, q: z.output<typeof AdminTeamListQuery>): Promise<AdminTeamList> {
      const sql = sqlOf(d.orm.em.fork());
      const rows = await adminTeamPage(sql, q.search, q.limit, (q.page - 1) * q.limit);
      await writeAudit(sql, actor, { action: 'team.list', details: { ...q } });
      return { items: await teamsByIds(sql, rows.map((r) => r.id)), meta: pageMeta(q.page, q.limit, rows.length ? Number(rows[0].total) : 0) };
    },

    /** Makes a member the owner (the old owner stays as admin), with its audit row and a line in the team's log. */
    async moveOwnership(actor: Actor, teamId: string, input: { userId: string; reason?: string }): Promise<AdminTeam> {
      return d.orm.em.fork().transactional(async (tx) => {
        const sql = sqlOf(tx);
        const [team] = isUuid(teamId) ? await lockedTeamOwner(sql, teamId) : [];
        if (!team) throw notFound('Team not found');
        await d.teams.moveOwnership(sql, teamId, input.userId);
        await writeAudit(sql, actor, { action: 'team.owner', targetUserId: teamId, targetIds: [input.userId], details: { from: team.owner_id, to: input.userId, reason: input.reason ?? null } });
        await recordActivity(sql, teamId, 'ownership.transferred', { type: 'member', id: input.userId, name: null }, { from: team.owner_id, byAdmin: true }, null);
        return (await teamsByIds(sql, [teamId]))[0];
      });
    },
  };
}
export type AdminTeamsService = ReturnType<typeof createAdminTeamsService>;
