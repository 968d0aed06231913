import type { Config } from './config.ts';
import type { Orm } from './db/orm.ts';
import type { AuthGuards } from './modules/access/guards.ts';
import { domainsRoutes } from './modules/domains/domains.routes.ts';
import { createDomainsService } from './modules/domains/domains.service.ts';
import { hostGuard, type HostGuardDeps } from './modules/domains/host-guard.ts';
import { txtLookup } from './modules/domains/txt-lookup.ts';
import { addressKeyer, beaconLimiter } from './modules/statistics/beacon-limiter.ts';

/**
 * Custom domains composed (issue 34 item 3): the service (TXT lookups through DNS_RESOLVER), its
 * routes, and the host guard the app runs before any route. `owners` names the team of a
 * showcase slug or a review token, for the guard (the lead wires those areas' lookups in).
 */
export function createDomains(d: { config: Config; orm: Orm; owners?: Pick<HostGuardDeps, 'showcaseTeam' | 'reviewTeam'> }) {
  const { config, orm } = d;
  const service = createDomainsService({ orm, publicUrl: config.PUBLIC_URL, maxPerTeam: config.CUSTOM_DOMAINS_MAX_PER_TEAM, lookupTxt: txtLookup(config.DNS_RESOLVER) });
  // The ask is answered from the cache; the limit keeps a flood of made-up names off PostgreSQL.
  const asks = beaconLimiter({ perSecond: config.STATS_BEACONS_PER_SECOND, burst: config.STATS_BEACON_BURST });
  const keyOf = addressKeyer();
  return {
    service,
    /** The origin of the team's public links: its verified domain, else PUBLIC_URL. */
    publicOriginFor: (teamId: string) => service.publicOriginFor(teamId),
    guard: hostGuard({ orm, teamForHost: (host) => service.teamForHost(host), ...d.owners }),
    routes: (guards: AuthGuards) => domainsRoutes(service, guards, (address) => asks.take(keyOf(address))),
  };
}
