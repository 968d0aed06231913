import type { Orm } from '../../db/orm.ts';
import { Video } from '../videos/video.entity.ts';

/**
 * Where a video with an embed domain allowlist may play: framed by a page of one of its domains
 * (or by our own pages: the owner's embed preview, the player moving on to the next video). The
 * server judges from what the browser says about the request (`Referer`, `Origin`, `Sec-Fetch-*`),
 * and the embed page also names the domains in `Content-Security-Policy: frame-ancestors`, so the
 * browser refuses a frame anywhere else whatever a page does with its referrer.
 */

/** What a request says about the page it comes from (headers as sent; '' when absent). */
export interface EmbeddingRequest {
  referer: string;
  origin: string;
  /** `Sec-Fetch-Dest`: 'iframe' for a framed page, 'document' for a page opened on its own. */
  fetchDest: string;
}

/** Whether `host` (no port) is on the list: exactly, or as a subdomain of a `*.` entry (not the domain itself). */
export function hostOnAllowlist(host: string, entries: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return entries.some((entry) => (entry.startsWith('*.') ? h.length > entry.length - 1 && h.endsWith(entry.slice(1)) : h === entry));
}

function originOf(url: string): URL | null {
  if (!url || !URL.canParse(url)) return null;
  const u = new URL(url);
  return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
}

export function embeddingPolicy(publicUrl: string) {
  const self = new URL(publicUrl).origin;
  /** Our own origin, or a page on one of the allowed domains. */
  const pageAllowed = (page: URL | null, entries: readonly string[]) => !!page && (page.origin === self || hostOnAllowlist(page.hostname.replace(/^\[|\]$/g, ''), entries));

  return {
    /**
     * The embed page request: allowed when the video has no list, else only inside a frame (a
     * browser that sends `Sec-Fetch-Dest` must say 'iframe') of a page (its `Referer`) of our own
     * origin or of a listed domain. No referrer (a page that withholds it, a link opened on its
     * own) is refused: nothing shows the embedding page is allowed.
     */
    framingAllowed(req: EmbeddingRequest, entries: readonly string[]): boolean {
      if (entries.length === 0) return true;
      if (req.fetchDest && req.fetchDest !== 'iframe') return false;
      return pageAllowed(originOf(req.referer), entries);
    },

    /**
     * A playback call (`/api/playback/{id}`, which any site may read): from our own pages (the
     * embed page's player, the share page) or from a page of a listed domain (`Origin`, else
     * `Referer`).
     */
    callAllowed(req: EmbeddingRequest, entries: readonly string[]): boolean {
      if (entries.length === 0) return true;
      return pageAllowed(originOf(req.origin) ?? originOf(req.referer), entries);
    },

    /**
     * The `frame-ancestors` source list: `*` without a list, else our own origin and each domain
     * on http and https at any port (the server's check ignores schemes and ports too).
     */
    frameAncestors(entries: readonly string[]): string {
      if (entries.length === 0) return '*';
      return ["'self'", ...entries.flatMap((d) => [`https://${d}:*`, `http://${d}:*`])].join(' ');
    },
  };
}
export type EmbeddingPolicy = ReturnType<typeof embeddingPolicy>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The policy with the video's list read from its row (the list is copied from the account's default when the video is made). */
export function embeddingGuard(d: { orm: Orm; publicUrl: string }) {
  return {
    ...embeddingPolicy(d.publicUrl),
    async domainsOf(id: string): Promise<string[]> {
      if (!UUID.test(id)) return [];
      const video = await d.orm.em.fork().findOne(Video, { id }, { fields: ['allowedDomains'] });
      return video?.allowedDomains ?? [];
    },
  };
}
export type EmbeddingGuard = ReturnType<typeof embeddingGuard>;
