import { Router } from '@koa/router';
import { DOMAIN_MESSAGES, DomainAllowedQuery, DomainCreate, op } from '@reelbase/api-client';
import { type AuthGuards, currentTeam } from '../access/guards.ts';
import { notFound, tooMany } from '../../http/errors.ts';
import { body, query } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { DomainsService } from './domains.service.ts';

/**
 * The acting team's custom domains (permissions from the contract: reading 'view', changing
 * 'manageTeam'), and Caddy's public `ask` call, limited per address like the public beacons.
 */
export function domainsRoutes(domains: DomainsService, guards: AuthGuards, askAllowed: (address: string) => boolean) {
  const r = new Router();
  const user = guards.requireUser;
  on(r, op.getDomainsAllowed, async (ctx) => {
    if (!askAllowed(ctx.ip)) throw tooMany('Too many requests. Try again in a moment.');
    const { domain } = query(ctx, DomainAllowedQuery);
    ctx.set('Cache-Control', 'no-store');
    if (!(await domains.allowed(domain))) throw notFound('Not a verified domain.');
    ctx.body = { message: 'Verified.' };
  });
  on(r, op.getDomains, user, async (ctx) => {
    ctx.body = await domains.list(currentTeam(ctx).teamId);
  });
  on(r, op.postDomains, user, async (ctx) => {
    const input = body(ctx, DomainCreate);
    ctx.status = 201;
    ctx.body = await domains.add(currentTeam(ctx).teamId, input);
  });
  on(r, op.deleteDomainsById, user, async (ctx) => {
    await domains.remove(currentTeam(ctx).teamId, ctx.params.id);
    ctx.body = { message: DOMAIN_MESSAGES.removed };
  });
  on(r, op.postDomainsByIdVerify, user, async (ctx) => {
    ctx.body = await domains.verify(currentTeam(ctx).teamId, ctx.params.id);
  });
  return r;
}
