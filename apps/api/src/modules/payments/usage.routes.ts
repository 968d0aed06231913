import { Router } from '@koa/router';
import { op } from '@reelbase/api-client';
import { type AuthGuards, currentUser } from '../access/guards.ts';
import type { UsageService } from './usage.service.ts';
import { on } from '../../http/operation.ts';

/** Open to every signed-in account, whatever its payment state: knowing the usage is how one fixes it. */
export function usageRoutes(usage: UsageService, guards: AuthGuards) {
  const r = new Router({ prefix: '/api/usage' });
  on(r, op.getUsage, guards.requireUser, async (ctx) => {
    ctx.body = await usage.get(currentUser(ctx).id);
  });
  return r;
}
