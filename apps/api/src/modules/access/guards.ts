import { type ApiKeyScope, MESSAGES, type TeamAccess } from '@reelbase/api-client';
import type { Context, Middleware, Next } from 'koa';
import { forbidden } from '../../http/errors.ts';
import { type ApiKeysService, isApiKey, keyNotAllowed } from '../api-keys/api-keys.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { assertCanSpend } from '../payments/entitlements.ts';
import { runActing } from '../teams/acting.ts';
import { type AuthState, requestAccess } from './request-access.ts';
import { requestedTeam, type TeamAccessService, type TeamContext } from './team-access.ts';

// The request guards read the account modules' rules (sign-in, API keys, teams, payments), so they
// live among the modules: http/ stays the Koa plumbing that knows no module.

export type { AuthState } from './request-access.ts';

const bearerOf = (ctx: Context) => {
  const h = ctx.get('Authorization');
  return h.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
};

/** Guards for routes: a signed-in user (or an API key, see `team`), an admin (checked against the database), or either. */
export function authGuards(auth: AuthService, teams: TeamAccessService, keys: ApiKeysService) {
  const access = requestAccess(auth, teams, keys);
  const requireUser = async (ctx: Context, next: Next) => {
    Object.assign(ctx.state, await access.authenticate(bearerOf(ctx), requestedTeam(ctx)));
    await next();
  };
  return {
    requireUser,
    /**
     * The acting team's check of one operation (bound to every signed-in route from the contract:
     * bindTeamAccess); the route then runs as the person acting for that team.
     */
    team:
      (teamAccess: TeamAccess, scope?: ApiKeyScope): Middleware =>
      async (ctx: Context, next: Next) => {
        const state = ctx.state as AuthState;
        const team = await access.authorize(state, requestedTeam(ctx), teamAccess, scope);
        return team ? runActing({ personId: state.person.id, teamId: team.teamId }, next) : next();
      },
    /** Authentication and authorization as functions, for what is not a Koa route (the tus uploads). */
    access,
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
