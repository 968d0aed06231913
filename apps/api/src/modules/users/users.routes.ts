import { Router } from '@koa/router';
import { MESSAGES, RegisterRequest } from '@reelbase/api-client';
import type { AuthGuards, AuthState } from '../../http/auth.ts';
import { body } from '../../http/validate.ts';
import type { UsersService } from './users.service.ts';

export function usersRoutes(users: UsersService, guards: AuthGuards) {
  const r = new Router();
  r.post('/api/users', guards.optionalUser, async (ctx) => {
    const byAdmin = (ctx.state as Partial<AuthState>).user?.isAdmin === true;
    const user = await users.register(body(ctx, RegisterRequest), byAdmin);
    ctx.status = 201;
    ctx.body = { id: user.id, email: user.email, message: byAdmin ? MESSAGES.registrationCompleted : MESSAGES.verificationSent };
  });
  return r;
}
