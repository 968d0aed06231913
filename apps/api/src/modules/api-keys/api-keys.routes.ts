import { Router } from '@koa/router';
import { API_KEY_MESSAGES, ApiKeyCreate, op } from '@reelbase/api-client';
import { type AuthGuards, currentPerson, currentTeam } from '../access/guards.ts';
import { body } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { ApiKeysService } from './api-keys.service.ts';

/** API keys of the acting team: manageTeam from the contract (bindTeamAccess); keys themselves are refused here (no scope). */
export function apiKeysRoutes(keys: ApiKeysService, guards: AuthGuards) {
  const r = new Router();
  const user = guards.requireUser;
  on(r, op.getApiKeys, user, async (ctx) => {
    ctx.body = await keys.list(currentTeam(ctx).teamId);
  });
  on(r, op.postApiKeys, user, async (ctx) => {
    const input = body(ctx, ApiKeyCreate);
    ctx.status = 201;
    ctx.body = await keys.create(currentTeam(ctx).teamId, currentPerson(ctx), input);
  });
  on(r, op.deleteApiKeysById, user, async (ctx) => {
    await keys.revoke(currentTeam(ctx).teamId, ctx.params.id);
    ctx.body = { message: API_KEY_MESSAGES.revoked };
  });
  return r;
}
