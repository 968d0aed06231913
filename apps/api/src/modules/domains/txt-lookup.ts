import { Resolver } from 'node:dns/promises';

/** What a TXT lookup found: the records (each one's strings joined), or why it failed. */
export type TxtAnswer = { records: string[] } | { error: string };

/** Answers that mean "no such record" rather than "could not ask". */
const NOTHING = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/**
 * TXT lookups through the resolver `server` (host:port, DNS_RESOLVER; unset: the system's), so
 * tests run a DNS server of their own. A short timeout: a person waits on the Verify button.
 */
export function txtLookup(server: string | undefined) {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (server) resolver.setServers([server]);
  return async (name: string): Promise<TxtAnswer> => {
    try {
      // A record may be split into several strings (255 octets each): its value is them joined.
      return { records: (await resolver.resolveTxt(name)).map((chunks) => chunks.join('')) };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'ERROR';
      return NOTHING.has(code) ? { records: [] } : { error: code };
    }
  };
}
export type TxtLookup = ReturnType<typeof txtLookup>;
