import { Router } from '@koa/router';
import { HubspotConnect, MailchimpConnect, op } from '@reelbase/api-client';
import { body } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import { type AuthGuards, currentTeam } from '../access/guards.ts';
import type { IntegrationsService } from './integrations.service.ts';

/** A team's CRM connections (manageTeam, from the contract: bindTeamAccess); here only HTTP. */
export function integrationsRoutes(integrations: IntegrationsService, guards: AuthGuards) {
  const r = new Router({ prefix: '/api/integrations' });
  r.use(guards.requireUser);
  const team = (ctx: Parameters<typeof currentTeam>[0]) => currentTeam(ctx).teamId;
  on(r, op.getIntegrations, async (ctx) => {
    ctx.body = await integrations.list(team(ctx));
  });
  on(r, op.putIntegrationsHubspot, guards.requireActive, async (ctx) => {
    ctx.body = await integrations.connectHubspot(team(ctx), body(ctx, HubspotConnect));
  });
  on(r, op.putIntegrationsMailchimp, guards.requireActive, async (ctx) => {
    ctx.body = await integrations.connectMailchimp(team(ctx), body(ctx, MailchimpConnect));
  });
  on(r, op.deleteIntegrationsByProvider, async (ctx) => {
    ctx.body = await integrations.disconnect(team(ctx), ctx.params.provider);
  });
  return r;
}
