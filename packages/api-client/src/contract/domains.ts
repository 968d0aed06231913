import { z } from 'zod';
import { MessageBody } from './common.ts';
import type { Endpoint } from './endpoint.ts';

/**
 * Custom domains (issue 34 item 3): a team serves its share pages, showcases, embeds and review
 * pages on its own host name once a DNS TXT record proves it controls it.
 */
export const DOMAIN_CHALLENGE_PREFIX = '_reelbase-challenge';
/** The TXT record's name for a domain. */
export const domainChallengeName = (domain: string) => `${DOMAIN_CHALLENGE_PREFIX}.${domain}`;

export const DOMAIN_MESSAGES = {
  hostOnly: 'Enter the host name only, such as videos.example.com: no https://, port or path.',
  invalid: 'Must be a host name such as videos.example.com.',
  ipAddress: 'Must be a host name, not an IP address.',
  ownHost: "This is this service's own address; add a domain of yours.",
  added: 'This team already added this domain.',
  takenByOtherTeam: 'This domain is already verified by another team.',
  notFound: 'Domain not found',
  removed: 'Domain removed.',
} as const;
/** 422 past CUSTOM_DOMAINS_MAX_PER_TEAM. */
export const tooManyDomainsMessage = (max: number) => `This team already has ${max} custom domains, the most it can have. Remove one it no longer uses, then add the new one.`;
/** 422 of a verification whose record is not (yet) there, saying what the lookup found. */
export const domainNotVerifiedMessage = (name: string, found: string[]) =>
  found.length
    ? `The TXT record ${name} does not hold the value to create; found ${found.map((f) => `"${f}"`).join(', ')}.`
    : `No TXT record ${name} was found. Create it, wait for DNS to update, then verify again.`;
export const domainLookupFailedMessage = (name: string, code: string) => `The TXT record ${name} could not be looked up (${code}). Try again in a few minutes.`;

/**
 * A host name as typed, made canonical: trimmed, lower-case, without a final dot, international
 * names as punycode (the WHATWG URL parser does that the same in browsers and Node). No scheme,
 * port, path, user or IP address.
 */
export const DomainName = z
  .string({ error: DOMAIN_MESSAGES.invalid })
  .trim()
  .max(253, { error: 'Must NOT have more than 253 characters.' })
  .transform((raw, ctx) => {
    const v = raw.toLowerCase().replace(/\.$/, '');
    if (/[/:?#@\\\s]/.test(v)) {
      ctx.addIssue({ code: 'custom', message: DOMAIN_MESSAGES.hostOnly });
      return z.NEVER;
    }
    let host: string;
    try {
      host = new URL(`http://${v}/`).hostname;
    } catch {
      ctx.addIssue({ code: 'custom', message: DOMAIN_MESSAGES.invalid });
      return z.NEVER;
    }
    const labels = host.split('.');
    // The URL parser turns 1.2.3.4 (and 0x7f.1) into a dotted IPv4; a numeric last label is never a name.
    if (/^\d+$/.test(labels.at(-1) ?? '') || /^\[/.test(host)) {
      ctx.addIssue({ code: 'custom', message: DOMAIN_MESSAGES.ipAddress });
      return z.NEVER;
    }
    if (host.length > 253 || labels.length < 2 || !labels.every((l) => /^(?!-)[a-z0-9-]{1,63}(?<!-)$/.test(l))) {
      ctx.addIssue({ code: 'custom', message: DOMAIN_MESSAGES.invalid });
      return z.NEVER;
    }
    return host;
  });

export const DomainCreate = z.object({ domain: DomainName });
export type DomainCreate = z.input<typeof DomainCreate>;

export const DOMAIN_STATUSES = ['pending', 'verified'] as const;
export const CustomDomain = z.object({
  id: z.string(),
  domain: z.string(),
  status: z.enum(DOMAIN_STATUSES),
  /** The record to create at the domain's DNS host; its value is public by nature (it sits in DNS). */
  record: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
  createdAt: z.string(),
  verifiedAt: z.string().nullable(),
  /** The last verification attempt. */
  checkedAt: z.string().nullable(),
});
export type CustomDomain = z.infer<typeof CustomDomain>;
export const CustomDomainList = z.object({ items: z.array(CustomDomain) });
export type CustomDomainList = z.infer<typeof CustomDomainList>;
export const DomainAllowedQuery = z.object({ domain: z.string({ error: DOMAIN_MESSAGES.invalid }).max(300) });

export const domainOperations = [
  { method: 'get', path: '/api/domains', summary: "The acting team's custom domains, each with the TXT record that proves it and whether it is verified", auth: 'user', team: 'view', response: CustomDomainList },
  { method: 'post', path: '/api/domains', summary: 'Add a custom domain (201): a host name such as videos.example.com; the answer names the TXT record to create (422 for a bad name, the own host or past CUSTOM_DOMAINS_MAX_PER_TEAM; 409 when this team has it or another team verified it)', auth: 'user', team: 'manageTeam', body: DomainCreate, response: CustomDomain },
  { method: 'delete', path: '/api/domains/{id}', summary: "Remove a custom domain: its pages stop being served on it at once in this process (others within 30 s); 404 for another team's", auth: 'user', team: 'manageTeam', response: MessageBody },
  { method: 'post', path: '/api/domains/{id}/verify', summary: 'Look the TXT record up (DNS_RESOLVER): the domain verified, or 422 saying what was found', auth: 'user', team: 'manageTeam', response: CustomDomain },
  { method: 'get', path: '/api/domains/allowed', summary: "Caddy's on-demand TLS `ask`: 200 for a verified custom domain (and this service's own host), 404 otherwise", auth: 'none', query: DomainAllowedQuery, response: MessageBody },
] as const satisfies readonly Endpoint[];
