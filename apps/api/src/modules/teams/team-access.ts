import type { Router } from '@koa/router';
import { endpoints, missingPermissionMessage, roleCan, TEAM_ERROR_CODES, TEAM_HEADER, TEAM_MESSAGES, type TeamAccess, type TeamPermission, type TeamRole } from '@reelbase/api-client';
import type { Context, Middleware, Next } from 'koa';
import type { Orm } from '../../db/orm.ts';
import { forbidden } from '../../http/errors.ts';
import { isUuid } from '../folders/folder-access.ts';
import { type IUser, User } from '../users/user.entity.ts';
import { runActing } from './acting.ts';

/** Who acts for which team: the person signed in, the team's account (its id is the team's), the person's role there. */
export interface TeamContext {
  teamId: string;
  role: TeamRole;
  /** The team's account row (plan, payment method, limits, features): the person's own row in their own team. */
  account: IUser;
}

/** A member's last activity is written at most this often. */
const ACTIVE_EVERY_MS = 60_000;

/**
 * The acting team of a request, read from PostgreSQL on every request (no cache), so a member
 * removed or demoted in one API process is refused or limited at their next request in every
 * other. `requested` is the team the path or X-Team-Id names; without one, the person's own team
 * (or, when they left it or it moved away from them, the team they joined first). Never guessed:
 * a named team the person is not in is a 403.
 */
export function teamAccess(orm: Orm) {
  async function resolve(person: IUser, requested: string | undefined): Promise<TeamContext> {
    if (requested !== undefined && !isUuid(requested)) throw forbidden(TEAM_MESSAGES.notMember, TEAM_ERROR_CODES.notMember);
    const em = orm.em.fork();
    // One round trip: the membership and the team's account row.
    const [row] = await em.execute<Record<string, unknown>[]>(
      requested === undefined
        ? `select m.role as team_role, m.last_active_at as team_last_active_at, a.* from team_members m join users a on a.id = m.team_id
           where m.user_id = ? order by (m.team_id = m.user_id) desc, m.created_at, m.team_id limit 1`
        : 'select m.role as team_role, m.last_active_at as team_last_active_at, a.* from team_members m join users a on a.id = m.team_id where m.user_id = ? and m.team_id = ?',
      requested === undefined ? [person.id] : [person.id, requested],
    );
    if (!row) throw forbidden(requested === undefined ? TEAM_MESSAGES.noTeam : TEAM_MESSAGES.notMember, TEAM_ERROR_CODES.notMember);
    const { team_role: role, team_last_active_at: lastActive, ...columns } = row;
    const account = columns.id === person.id ? person : em.map(User, columns);
    if (account.ban && account.id !== person.id) throw forbidden(TEAM_MESSAGES.teamBlocked, TEAM_ERROR_CODES.notMember);
    if (!lastActive || Date.now() - new Date(lastActive as string).getTime() > ACTIVE_EVERY_MS) {
      await em.execute('update team_members set last_active_at = now() where team_id = ? and user_id = ?', [account.id, person.id]);
    }
    return { teamId: account.id, role: role as TeamRole, account };
  }

  /** The team and role, refused with a 403 naming the permission the role lacks. */
  async function actFor(person: IUser, requested: string | undefined, permission: TeamPermission): Promise<TeamContext> {
    const team = await resolve(person, requested);
    if (!roleCan(team.role, permission)) throw forbidden(missingPermissionMessage(permission, team.role), TEAM_ERROR_CODES.permission);
    return team;
  }

  return { resolve, actFor };
}
export type TeamAccessService = ReturnType<typeof teamAccess>;

/** The X-Team-Id of a request, undefined when absent or empty. */
export const requestedTeam = (ctx: Context): string | undefined => ctx.get(TEAM_HEADER).trim() || undefined;

/**
 * Binds each signed-in route to its permission from the contract (`endpoints[].team`), the one
 * map of operation to permission: after authentication, the route's team is resolved and the
 * member's role checked before anything else of the route runs. A signed-in route the contract
 * does not know fails the start, so no route goes unchecked.
 */
export function bindTeamAccess(routers: Router[], o: { requireUser: Middleware; check: (access: TeamAccess) => Middleware }): Router[] {
  const accessOf = new Map(endpoints.filter((e) => e.team).map((e) => [`${e.method} ${e.path}`, e.team as TeamAccess]));
  for (const router of routers) {
    const routerSignsIn = router.stack.some((l) => l.methods.length === 0 && l.stack.includes(o.requireUser));
    for (const layer of router.stack) {
      if (!layer.methods.length) continue;
      const at = layer.stack.indexOf(o.requireUser);
      if (at < 0 && !routerSignsIn) continue;
      const path = String(layer.path).replace(/:(\w+)/g, '{$1}');
      const methods = layer.methods.filter((m) => m !== 'HEAD' || layer.methods.length === 1).map((m) => m.toLowerCase());
      const access = methods.map((m) => accessOf.get(`${m} ${path}`)).find((a) => a !== undefined);
      if (!access) throw new Error(`${methods.join(',')} ${path} signs in but the contract gives it no team permission`);
      layer.stack.splice(at + 1, 0, o.check(access));
    }
  }
  return routers;
}

/** The middleware of one access: 'personal' acts as the person; a permission resolves and checks the team. */
export const teamCheck =
  (teams: TeamAccessService) =>
  (access: TeamAccess): Middleware =>
    async (ctx: Context, next: Next) => {
      if (access === 'personal') return next();
      const state = ctx.state as { user: IUser; person: IUser; team?: TeamContext };
      const team = await teams.actFor(state.person, ctx.params?.teamId ?? requestedTeam(ctx), access);
      state.team = team;
      // Routes own things by `currentUser(ctx).id`: the team's account now, the person stays in `person`.
      state.user = team.account;
      await runActing({ personId: state.person.id, teamId: team.teamId }, next);
    };
