import { Router } from '@koa/router';
import { EmailCheckRequest, MESSAGES, op, RegisterRequest } from '@reelbase/api-client';
import type { AuthGuards, AuthState } from '../access/guards.ts';
import { body } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { AdminUsersService } from '../admin/admin-users.service.ts';
import type { RateLimits } from '../limits/rate-limits.ts';
import type { UsersService } from './users.service.ts';

export function usersRoutes(users: UsersService, guards: AuthGuards, limits: RateLimits, admin: Pick<AdminUsersService, 'recordCreated'>) {
  const r = new Router();
  on(r, op.postUsers, guards.optionalUser, async (ctx) => {
    const caller = (ctx.state as Partial<AuthState>).user;
    const byAdmin = caller?.isAdmin === true;
    const input = body(ctx, RegisterRequest);
    // Each self-registration mails a stranger-chosen address.
    if (!byAdmin) await limits.take('registration', { address: ctx.ip });
    // A registration's card is a card attach like a profile's (card testing through new accounts).
    if (!byAdmin && input.paymentMethod?.type === 'card') await limits.take('payment-method', { account: input.email, address: ctx.ip });
    const user = await users.register(input, byAdmin);
    if (caller && byAdmin) await admin.recordCreated(caller, user.id, user.email);
    ctx.status = 201;
    ctx.body = { id: user.id, email: user.email, message: byAdmin ? MESSAGES.registrationCompleted : MESSAGES.verificationSent };
  });
  on(r, op.postUsersEmailCheck, async (ctx) => {
    const { email } = body(ctx, EmailCheckRequest);
    // Registration itself answers "Email is already taken"; this asks it earlier, at the same pace.
    await limits.take('email-check', { address: ctx.ip });
    ctx.body = { available: await users.emailAvailable(email) };
  });
  return r;
}
