import { Router } from '@koa/router';
import { op, WebhookCreate, WebhookUpdate } from '@reelbase/api-client';
import { type AuthGuards, currentTeam } from '../access/guards.ts';
import { body } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { WebhooksService } from './webhooks.service.ts';

/** A team's webhook endpoints (manageTeam, from the contract: bindTeamAccess); here only HTTP. */
export function webhooksRoutes(webhooks: WebhooksService, guards: AuthGuards) {
  const r = new Router({ prefix: '/api/webhooks' });
  r.use(guards.requireUser);
  const team = (ctx: Parameters<typeof currentTeam>[0]) => currentTeam(ctx).teamId;
  on(r, op.getWebhooks, async (ctx) => {
    ctx.body = await webhooks.list(team(ctx));
  });
  on(r, op.postWebhooks, guards.requireActive, async (ctx) => {
    ctx.status = 201;
    ctx.body = await webhooks.create(team(ctx), body(ctx, WebhookCreate));
  });
  on(r, op.getWebhooksById, async (ctx) => {
    ctx.body = await webhooks.get(team(ctx), ctx.params.id);
  });
  on(r, op.putWebhooksById, guards.requireActive, async (ctx) => {
    ctx.body = await webhooks.update(team(ctx), ctx.params.id, body(ctx, WebhookUpdate));
  });
  on(r, op.deleteWebhooksById, async (ctx) => {
    ctx.body = await webhooks.remove(team(ctx), ctx.params.id);
  });
  on(r, op.postWebhooksByIdRotateSecret, async (ctx) => {
    ctx.body = await webhooks.rotateSecret(team(ctx), ctx.params.id);
  });
  on(r, op.getWebhooksByIdDeliveries, async (ctx) => {
    ctx.body = await webhooks.deliveries(team(ctx), ctx.params.id);
  });
  on(r, op.postWebhooksByIdDeliveriesByDeliveryIdResend, guards.requireActive, async (ctx) => {
    ctx.status = 202;
    ctx.body = await webhooks.resend(team(ctx), ctx.params.id, ctx.params.deliveryId);
  });
  on(r, op.postWebhooksByIdTest, guards.requireActive, async (ctx) => {
    ctx.status = 202;
    ctx.body = await webhooks.test(team(ctx), ctx.params.id);
  });
  return r;
}
