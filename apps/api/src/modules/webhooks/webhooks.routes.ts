import { Router } from '@koa/router';
import { WebhookCreate, WebhookUpdate } from '@reelbase/api-client';
import { type AuthGuards, currentTeam } from '../access/guards.ts';
import { body } from '../../http/validate.ts';
import type { WebhooksService } from './webhooks.service.ts';

/** A team's webhook endpoints (manageTeam, from the contract: bindTeamAccess); here only HTTP. */
export function webhooksRoutes(webhooks: WebhooksService, guards: AuthGuards) {
  const r = new Router({ prefix: '/api/webhooks' });
  r.use(guards.requireUser);
  const team = (ctx: Parameters<typeof currentTeam>[0]) => currentTeam(ctx).teamId;
  r.get('/', async (ctx) => {
    ctx.body = await webhooks.list(team(ctx));
  });
  r.post('/', guards.requireActive, async (ctx) => {
    ctx.status = 201;
    ctx.body = await webhooks.create(team(ctx), body(ctx, WebhookCreate));
  });
  r.get('/:id', async (ctx) => {
    ctx.body = await webhooks.get(team(ctx), ctx.params.id);
  });
  r.put('/:id', guards.requireActive, async (ctx) => {
    ctx.body = await webhooks.update(team(ctx), ctx.params.id, body(ctx, WebhookUpdate));
  });
  r.delete('/:id', async (ctx) => {
    ctx.body = await webhooks.remove(team(ctx), ctx.params.id);
  });
  r.post('/:id/rotate-secret', async (ctx) => {
    ctx.body = await webhooks.rotateSecret(team(ctx), ctx.params.id);
  });
  r.get('/:id/deliveries', async (ctx) => {
    ctx.body = await webhooks.deliveries(team(ctx), ctx.params.id);
  });
  r.post('/:id/deliveries/:deliveryId/resend', guards.requireActive, async (ctx) => {
    ctx.status = 202;
    ctx.body = await webhooks.resend(team(ctx), ctx.params.id, ctx.params.deliveryId);
  });
  r.post('/:id/test', guards.requireActive, async (ctx) => {
    ctx.status = 202;
    ctx.body = await webhooks.test(team(ctx), ctx.params.id);
  });
  return r;
}
