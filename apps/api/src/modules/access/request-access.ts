import type { ApiKeyScope, TeamAccess } from '@reelbase/api-client';
import { isUuid } from '../../db/sql.ts';
import { type ApiKeyPrincipal, type ApiKeysService, isApiKey } from '../api-keys/api-keys.service.ts';
import type { AccessClaims } from '../auth/access-tokens.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { Membership } from '../teams/membership.ts';
import type { IUser } from '../users/user.entity.ts';
import { keyTeam, type TeamAccessService, type TeamContext } from './team-access.ts';

/**
 * Who a request acts as: what the guards put in `ctx.state`, and what the tus uploads read. Set in
 * two steps: `authenticate` (the bearer), then `authorize` (the operation's permission in the team).
 */
export interface AuthState {
  /** Whose things the route acts on: the acting team's account on team routes (its id is the team's), else the person. */
  user: IUser;
  /** The person signed in: who did it. */
  person: IUser;
  /** The session's claims (absent with an API key, which only key-taking routes see). */
  claims: AccessClaims;
  /** The acting team and the person's role in it (team routes only). */
  team?: TeamContext;
  /** Set when the request came with an API key (then `claims` is not): the team check allows only its scopes. */
  apiKey?: ApiKeyPrincipal;
  /** The membership the authentication read beside the person, for the team `membershipFor` (null: a malformed id). */
  membership?: Membership | null;
  membershipFor?: string | null;
}

/**
 * The one access path of every signed-in request, routes and tus uploads alike: the bearer (a
 * session token or an `rbk_` key) is looked up once, then the contract operation's permission is
 * checked in the acting team, or, for a key, the operation's scope in the key's own team.
 */
export function requestAccess(auth: AuthService, teams: TeamAccessService, keys: ApiKeysService) {
  /** Looks the bearer up once (a key's use counted against its rate limit); `requested` is the team the request names, read beside the person. */
  async function authenticate(bearer: string | undefined, requested: string | undefined): Promise<AuthState> {
    if (isApiKey(bearer)) {
      // Which calls the key may make is authorize's (from the contract's scopes): it refuses a call without its scope.
      const principal = await keys.authenticate(bearer, true);
      return { user: principal.account, person: principal.person, apiKey: principal } as AuthState;
    }
    // The team the request names (a well-formed id only) is read with the person, in one round trip.
    const membershipFor = requested !== undefined && isUuid(requested) ? requested : undefined;
    const signedIn = await auth.authenticate(bearer, membershipFor);
    return { ...signedIn, person: signedIn.user, membershipFor: requested === undefined ? undefined : membershipFor === undefined ? null : membershipFor };
  }

  /**
   * Checks one operation's `access` (and `scope` for a key) for an authenticated `state`: 'personal'
   * acts as the person; a permission resolves and checks the team. The acting team's account
   * becomes `state.user`; answers the team (undefined for 'personal').
   */
  async function authorize(state: AuthState, requested: string | undefined, access: TeamAccess, scope?: ApiKeyScope): Promise<TeamContext | undefined> {
    if (state.apiKey) {
      const team = keyTeam(state.apiKey, scope, requested);
      state.team = team;
      state.user = team.account;
      return team;
    }
    if (access === 'personal') return undefined;
    // The authentication read the membership of the same team: no second read.
    const known = 'membership' in state && state.membershipFor === requested ? { membership: state.membership ?? null } : undefined;
    const team = await teams.actFor(state.person, requested, access, known);
    state.team = team;
    // Routes own things by `currentUser(ctx).id`: the team's account now, the person stays in `person`.
    state.user = team.account;
    return team;
  }

  return { authenticate, authorize };
}
export type RequestAccess = ReturnType<typeof requestAccess>;

