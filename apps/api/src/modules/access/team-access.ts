import type { Router } from '@koa/router';
import { API_KEY_ERROR_CODES, type ApiKeyScope, missingPermissionMessage, missingScopeMessage, roleCan, TEAM_ERROR_CODES, TEAM_HEADER, TEAM_MESSAGES, type TeamAccess, type TeamPermission, type TeamRole, TWO_FACTOR_ERROR_CODES, TWO_FACTOR_MESSAGES } from '@reelbase/api-client';
import type { Context, Middleware } from 'koa';
import type { Orm } from '../../db/orm.ts';
import { type ApiKeyPrincipal, keyNotAllowed } from '../api-keys/api-keys.service.ts';
import { forbidden } from '../../http/errors.ts';
import { endpointOf } from '../../http/operation.ts';
import { isUuid, sqlOf } from '../../db/sql.ts';
import { type IUser, User } from '../users/user.entity.ts';
import type { Membership } from '../teams/membership.ts';
import { markMemberActive, membershipOf } from '../teams/membership.queries.ts';
import { userRow } from '../users/users.queries.ts';

/** Who acts for which team: the person signed in, the team's account (its id is the team's), the person's role there. */
export interface TeamContext {
  teamId: string;
  role: TeamRole;
  /** The team's account row (plan, payment method, limits, features): the person's own row in their own team. */
  account: IUser;
  /** When the member was last seen acting (written at most every ACTIVE_EVERY_MS). */
  lastActiveAt: Date | null;
}

/**
 * The team a key acts in for one call whose contract scope is `scope`: refused (403) when the
 * call takes no key, when the key lacks the scope (naming it), or when the request names
 * another team than the key's.
 */
export function keyTeam(principal: ApiKeyPrincipal, scope: ApiKeyScope | undefined, requested: string | undefined): TeamContext {
  if (!scope) throw keyNotAllowed();
  if (!principal.key.scopes.includes(scope)) throw forbidden(missingScopeMessage(scope), API_KEY_ERROR_CODES.scope);
  if (requested !== undefined && requested !== principal.key.teamId) throw forbidden(TEAM_MESSAGES.notMember, TEAM_ERROR_CODES.notMember);
  // A script's calls are not the member's activity: the member's last activity is left alone.
  return { teamId: principal.key.teamId, role: principal.role, account: principal.account, lastActiveAt: null };
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
  /**
   * `known`: the membership the authentication read beside the person (for the same `requested`),
   * so the usual request costs no extra round trip; without it, it is read here.
   */
  async function resolve(person: IUser, requested: string | undefined, known?: { membership: Membership | null }): Promise<TeamContext> {
    if (requested !== undefined && !isUuid(requested)) throw forbidden(TEAM_MESSAGES.notMember, TEAM_ERROR_CODES.notMember);
    const em = orm.em.fork();
    let membership = known?.membership;
    if (known === undefined) {
      membership = await membershipOf(sqlOf(em), person.id, requested ?? null);
    }
    if (!membership) throw forbidden(requested === undefined ? TEAM_MESSAGES.noTeam : TEAM_MESSAGES.notMember, TEAM_ERROR_CODES.notMember);
    // The team's account row: the person's own in their own team, else one primary-key read.
    let account = person;
    if (membership.teamId !== person.id) {
      const row = await userRow(sqlOf(em), membership.teamId);
      if (!row) throw forbidden(TEAM_MESSAGES.notMember, TEAM_ERROR_CODES.notMember);
      account = em.map(User, row);
      if (account.ban) throw forbidden(TEAM_MESSAGES.teamBlocked, TEAM_ERROR_CODES.notMember);
    }
    // The owner's policy holds before anything of the team answers; the person's own settings stay open to set it up.
    if (membership.requireTwoFactor && !person.twoFactorEnabledAt) throw forbidden(TWO_FACTOR_MESSAGES.required, TWO_FACTOR_ERROR_CODES.required);
    return { teamId: account.id, role: membership.role, account, lastActiveAt: membership.lastActiveAt };
  }

  /** The team and role, refused with a 403 naming the permission the role lacks. */
  async function actFor(person: IUser, requested: string | undefined, permission: TeamPermission, known?: { membership: Membership | null }): Promise<TeamContext> {
    const team = await resolve(person, requested, known);
    if (!roleCan(team.role, permission)) throw forbidden(missingPermissionMessage(permission, team.role), TEAM_ERROR_CODES.permission);
    // Activity is what the member could do: a refused call neither counts nor writes.
    if (!team.lastActiveAt || Date.now() - team.lastActiveAt.getTime() > ACTIVE_EVERY_MS) {
      await markMemberActive(sqlOf(orm.em.fork()), team.teamId, person.id);
    }
    return team;
  }

  return { resolve, actFor };
}
export type TeamAccessService = ReturnType<typeof teamAccess>;

/** The team a request names: its path's team, else X-Team-Id; undefined when it names none. */
export const requestedTeam = (ctx: Context): string | undefined => ctx.params?.teamId ?? (ctx.get(TEAM_HEADER).trim() || undefined);

/**
 * Binds each signed-in route to its permission and API-key scope from the contract
 * (`endpoints[].team`, `.scope`), the one map of operation to permission: after authentication,
 * the route's team is resolved and the member's role (or the key's scope) checked before anything
 * else of the route runs. A route is found by the operation it was bound to (`on(r, op.x, ...)`,
 * its layer's name), never by its path. A signed-in route bound to no operation, or to one the
 * contract does not list or gives no team permission, fails the start, so no route goes unchecked.
 */
export function bindTeamAccess(routers: Router[], o: { requireUser: Middleware; check: (access: TeamAccess, scope?: ApiKeyScope) => Middleware }): Router[] {
  for (const router of routers) {
    const routerSignsIn = router.stack.some((l) => l.methods.length === 0 && l.stack.includes(o.requireUser));
    for (const layer of router.stack) {
      if (!layer.methods.length) continue;
      const endpoint = layer.name ? endpointOf(layer.name) : undefined;
      if (layer.name && !endpoint) throw new Error(`${layer.name}: the route is bound to an operation the contract does not list`);
      const at = layer.stack.indexOf(o.requireUser);
      if (at < 0 && !routerSignsIn) continue;
      if (!endpoint) throw new Error(`${layer.methods.join(',')} ${String(layer.path)} signs in but is bound to no operation of the contract (on(router, op.x, ...))`);
      if (!endpoint.team) throw new Error(`${layer.name} signs in but the contract gives it no team permission`);
      layer.stack.splice(at + 1, 0, o.check(endpoint.team, endpoint.scope));
    }
  }
  return routers;
}
