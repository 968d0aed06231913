import { MESSAGES } from '@reelbase/api-client';
import type { Context, Next } from 'koa';
import { type ApiKeyPrincipal, type ApiKeysService, isApiKey, keyNotAllowed } from '../api-keys/api-keys.service.ts';
import type { AccessClaims } from '../auth/access-tokens.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { assertCanSpend } from '../payments/entitlements.ts';
import { isUuid } from '../../db/sql.ts';
import { requestedTeam, type TeamAccessService, type TeamContext, teamCheck } from '../teams/team-access.ts';
import type { IUser } from '../users/user.entity.ts';
import { forbidden } from '../../http/errors.ts';

// The request guards read the account modules' rules (sign-in, API keys, teams, payments), so they
// live among the modules: http/ stays the Koa plumbing that knows no module.

export interface AuthState {
  /** Whose things the route acts on: the acting team's account on team routes (its id is the team's), else the person. */
  user: IUser;
  /** The person signed in: who did it. */
  person: IUser;
  claims: AccessClaims;
  /** The acting team and the person's role in it (team routes only). */
  team?: TeamContext;
  /** Set when the request came with an API key (then `claims` is not): the team check allows only its scopes. */
  apiKey?: ApiKeyPrincipal;
}

const bearerOf = (ctx: Context) => {
  const h = ctx.get('Authorization');
  return h.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
};

/** Guards for routes: a signed-in user (or an API key, see `team`), an admin (checked against the database), or either. */
export function authGuards(auth: AuthService, teams: TeamAccessService, keys: ApiKeysService) {
  const requireUser = async (ctx: Context, next: Next) => {
    const bearer = bearerOf(ctx);
    if (isApiKey(bearer)) {
      // Which calls the key may make is the team check's (bound from the contract's scopes): it refuses a call without its scope.
      const principal = await keys.authenticate(bearer, true);
      Object.assign(ctx.state, { user: principal.account, person: principal.person, apiKey: principal });
      return next();
    }
    // The team the request names (a well-formed id only) is read with the person, in one round trip.
    const named = requestedTeam(ctx);
    const membershipFor = named !== undefined && isUuid(named) ? named : undefined;
    const signedIn = await auth.authenticate(bearerOf(ctx), membershipFor);
    Object.assign(ctx.state, signedIn, { person: signedIn.user, membershipFor: named === undefined ? undefined : membershipFor === undefined ? null : membershipFor });
    await next();
  };
  return {
    requireUser,
    /** The acting team's check of one operation (bound to every signed-in route from the contract: bindTeamAccess). */
    team: teamCheck(teams),
    async requireAdmin(ctx: Context, next: Next) {
      if (isApiKey(bearerOf(ctx))) throw keyNotAllowed();
      await requireUser(ctx, async () => {
        if (!(ctx.state as AuthState).user.isAdmin) throw forbidden();
        await next();
      });
    },
    /** For changes (upload, edit, delete, folders): a canceled account may look, not change. */
    async requireActive(ctx: Context, next: Next) {
      if (!(ctx.state as AuthState).user.isActive) throw forbidden(MESSAGES.accountCanceled);
      await next();
    },
    /** For calls that spend storage, processing or bandwidth: a payment method and an active account (payments/entitlements.ts). */
    async requireCanSpend(ctx: Context, next: Next) {
      assertCanSpend((ctx.state as AuthState).user);
      await next();
    },
    /** Signs the caller in when a token is sent; anonymous otherwise. A bad token still fails. */
    async optionalUser(ctx: Context, next: Next) {
      if (isApiKey(bearerOf(ctx))) throw keyNotAllowed();
      if (bearerOf(ctx)) {
        const signedIn = await auth.authenticate(bearerOf(ctx));
        Object.assign(ctx.state, signedIn, { person: signedIn.user });
      }
      await next();
    },
    /** For answers that only add detail for admins: a missing or bad token is simply not an admin. */
    async isAdmin(ctx: Context): Promise<boolean> {
      const bearer = bearerOf(ctx);
      if (!bearer || isApiKey(bearer)) return false;
      return auth.authenticate(bearer).then(({ user }) => user.isAdmin, () => false);
    },
  };
}
export type AuthGuards = ReturnType<typeof authGuards>;

/** The account the route acts on: on team routes the acting team's (its id is the team id), else the person's own. */
export const currentUser = (ctx: Context) => (ctx.state as AuthState).user;
/** The person signed in (who did it), whatever team they act for. */
export const currentPerson = (ctx: Context) => (ctx.state as AuthState).person;
/** The acting team and the person's role (set on team routes). */
export const currentTeam = (ctx: Context) => (ctx.state as AuthState).team as TeamContext;
