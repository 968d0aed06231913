import { MESSAGES } from '@reelbase/api-client';
import type { Context, Next } from 'koa';
import type { AccessClaims } from '../modules/auth/access-tokens.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import { assertCanSpend } from '../modules/payments/entitlements.ts';
import type { IUser } from '../modules/users/user.entity.ts';
import { forbidden } from './errors.ts';

export interface AuthState {
  user: IUser;
  claims: AccessClaims;
}

const bearerOf = (ctx: Context) => {
  const h = ctx.get('Authorization');
  return h.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
};

/** Guards for routes: a signed-in user, an admin (checked against the database), or either. */
export function authGuards(auth: AuthService) {
  const requireUser = async (ctx: Context, next: Next) => {
    Object.assign(ctx.state, await auth.authenticate(bearerOf(ctx)));
    await next();
  };
  return {
    requireUser,
    async requireAdmin(ctx: Context, next: Next) {
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
      if (bearerOf(ctx)) Object.assign(ctx.state, await auth.authenticate(bearerOf(ctx)));
      await next();
    },
    /** For answers that only add detail for admins: a missing or bad token is simply not an admin. */
    async isAdmin(ctx: Context): Promise<boolean> {
      const bearer = bearerOf(ctx);
      if (!bearer) return false;
      return auth.authenticate(bearer).then(({ user }) => user.isAdmin, () => false);
    },
  };
}
export type AuthGuards = ReturnType<typeof authGuards>;

export const currentUser = (ctx: Context) => (ctx.state as AuthState).user;
