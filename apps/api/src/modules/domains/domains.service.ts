import { randomBytes } from 'node:crypto';
import { DOMAIN_MESSAGES, type DomainCreate, domainChallengeName, domainLookupFailedMessage, domainNotVerifiedMessage, tooManyDomainsMessage, type CustomDomain, type CustomDomainList } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { isUuid, sqlOf } from '../../db/sql.ts';
import { conflict, HttpError, notFound, unprocessable } from '../../http/errors.ts';
import { countDomains, deleteDomain, domainOf, findDomain, insertDomain, listDomains, markChecked, primaryDomain, verifiedOwner } from './domains.queries.ts';
import { hostCache } from './host-cache.ts';
import type { TxtLookup } from './txt-lookup.ts';

/**
 * Custom domains: a team adds a host name, publishes the TXT value we give it, and once we find
 * it there the name is the team's. `teamForHost` and `publicOriginFor` answer every public
 * request and every embed code from a short cache, dropped here on verify and delete (other API
 * processes see the change when their entry lapses: HOST_CACHE_MS).
 */
export function createDomainsService(d: { orm: Orm; publicUrl: string; maxPerTeam: number; lookupTxt: TxtLookup }) {
  const ownHost = new URL(d.publicUrl).hostname.toLowerCase();
  const sql = () => sqlOf(d.orm.em.fork().getConnection());
  const hosts = hostCache((host) => verifiedOwner(sql(), host));
  const origins = hostCache((teamId) => primaryDomain(sql(), teamId));
  const forget = () => {
    hosts.clear();
    origins.clear();
  };
  const rowOf = async (teamId: string, id: string) => {
    const row = isUuid(id) ? await findDomain(sql(), teamId, id) : null;
    if (!row) throw notFound(DOMAIN_MESSAGES.notFound);
    return row;
  };

  return {
    ownHost,

    async list(teamId: string): Promise<CustomDomainList> {
      return { items: (await listDomains(sql(), teamId)).map(domainOf) };
    },

    async add(teamId: string, input: DomainCreate & { domain: string }): Promise<CustomDomain> {
      const { domain } = input;
      if (domain === ownHost) throw unprocessable({ domain: DOMAIN_MESSAGES.ownHost });
      const owner = await verifiedOwner(sql(), domain);
      if (owner && owner !== teamId) throw conflict(DOMAIN_MESSAGES.takenByOtherTeam);
      if ((await countDomains(sql(), teamId)) >= d.maxPerTeam) throw unprocessable({ domain: tooManyDomainsMessage(d.maxPerTeam) });
      // Published in DNS for anyone to read, so kept as is (the UI shows it again): what proves
      // control is that it appears under the name, not that it is secret.
      const token = `reelbase-verify=${randomBytes(16).toString('hex')}`;
      const row = await insertDomain(sql(), teamId, domain, token);
      if (!row) throw conflict(DOMAIN_MESSAGES.added);
      return domainOf(row);
    },

    async remove(teamId: string, id: string): Promise<void> {
      if (!isUuid(id) || !(await deleteDomain(sql(), teamId, id))) throw notFound(DOMAIN_MESSAGES.notFound);
      forget();
    },

    /** Looks the TXT record up: verified when one of its values is the token; 422 saying what was found otherwise. */
    async verify(teamId: string, id: string): Promise<CustomDomain> {
      const row = await rowOf(teamId, id);
      const name = domainChallengeName(row.domain);
      const answer = await d.lookupTxt(name);
      const found = 'records' in answer && answer.records.includes(row.token);
      if (found) {
        const owner = await verifiedOwner(sql(), row.domain);
        if (owner && owner !== teamId) throw conflict(DOMAIN_MESSAGES.takenByOtherTeam);
      }
      let updated: Awaited<ReturnType<typeof markChecked>>;
      try {
        updated = await markChecked(sql(), row.id, found);
      } catch (err) {
        // Another team verified the same name between the check above and this write.
        if ((err as { code?: string }).code === '23505') throw conflict(DOMAIN_MESSAGES.takenByOtherTeam);
        throw err;
      }
      if (!found) {
        const message = 'error' in answer ? domainLookupFailedMessage(name, answer.error) : domainNotVerifiedMessage(name, answer.records);
        throw new HttpError(422, message, { errors: { domain: message } });
      }
      forget();
      return domainOf(updated);
    },

    /** The team whose verified domain `host` is (any case, port or final dot ignored); null for any other host. */
    async teamForHost(host: string): Promise<string | null> {
      const h = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
      if (!h || h === ownHost || h.length > 253) return null;
      return hosts.get(h);
    },

    /** Where the team's public pages live: `https://<its verified domain>`, else PUBLIC_URL. */
    async publicOriginFor(teamId: string): Promise<string> {
      const domain = await origins.get(teamId);
      return domain ? `https://${domain}` : d.publicUrl;
    },

    /** Caddy's `ask`: may a certificate be obtained for this name? Verified domains and our own host. */
    async allowed(domain: string): Promise<boolean> {
      const h = domain.trim().toLowerCase().replace(/\.$/, '');
      return h === ownHost || (await this.teamForHost(h)) !== null;
    },
  };
}
export type DomainsService = ReturnType<typeof createDomainsService>;
