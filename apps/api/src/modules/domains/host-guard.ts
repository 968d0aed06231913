import type { Middleware } from 'koa';
import type { Orm } from '../../db/orm.ts';
import { sqlOf } from '../../db/sql.ts';
import { notFound } from '../../http/errors.ts';
import { sessionTeam, videoTeam } from './domains.queries.ts';

const ID = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';
/** A path segment as the service stores it (a malformed escape stays as sent: it matches nothing). */
const decoded = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};
type Owner = 'any' | 'video' | 'session' | 'team' | 'showcase' | 'review';
/** Methods of pages and files; the embed's calls add their own. */
const READ = ['GET', 'HEAD'];

/**
 * What a custom domain serves, and how the thing asked for names its team. The pages and files
 * of the team's videos, showcases and review links; of /api, only the calls the player makes from
 * the page it is in (playback, unlock, viewer sessions, statistics beacons, leads), with their
 * CORS preflights. Everything else (the web app, the rest of the API, other teams') is 404.
 */
const RULES: { path: RegExp; methods: string[]; owner: Owner }[] = [
  { path: /^\/embed-assets\/[^/]+$/, methods: READ, owner: 'any' },
  { path: new RegExp(`^/(?:watch|embed/(?:hls|mp4))/${ID}/?$`, 'i'), methods: READ, owner: 'video' },
  { path: new RegExp(`^/media/videos/${ID}/`, 'i'), methods: READ, owner: 'video' },
  { path: new RegExp(`^/media/images/${ID}/[^/]+$`, 'i'), methods: READ, owner: 'team' },
  { path: new RegExp(`^/api/playback/${ID}$`, 'i'), methods: [...READ, 'OPTIONS'], owner: 'video' },
  { path: new RegExp(`^/api/videos/${ID}/(?:unlock|sessions|leads)$`, 'i'), methods: ['POST', 'OPTIONS'], owner: 'video' },
  { path: new RegExp(`^/api/statistics/(?:drop-off|cta-click)/${ID}$`, 'i'), methods: ['POST', 'OPTIONS'], owner: 'video' },
  { path: new RegExp(`^/api/sessions/${ID}/progress$`, 'i'), methods: ['POST', 'OPTIONS'], owner: 'session' },
  { path: /^\/s\/([^/]+)(?:\/|$)/, methods: READ, owner: 'showcase' },
  { path: /^\/review\/([^/]+)\/?$/, methods: READ, owner: 'review' },
  { path: /^\/api\/review\/([^/]+)\//, methods: ['GET', 'POST', 'OPTIONS'], owner: 'review' },
];

export interface HostGuardDeps {
  orm: Orm;
  teamForHost: (host: string) => Promise<string | null>;
  /**
   * The team of a showcase by its slug, of a review link by its token (their areas own them);
   * unset: their paths are let through on every custom host (the pages check their own access).
   */
  showcaseTeam?: (slug: string) => Promise<string | null>;
  reviewTeam?: (token: string) => Promise<string | null>;
}

/**
 * On a verified custom domain (the Host header, or X-Forwarded-Host with TRUST_PROXY: behind
 * Caddy both are the custom name), only what RULES lets through, and only the domain's team's:
 * 404 otherwise, as if nothing were there. Any other host (ours, an address, a stray name) is
 * not this guard's business.
 */
export function hostGuard(d: HostGuardDeps): Middleware {
  const sql = () => sqlOf(d.orm.em.fork().getConnection());
  async function teamOf(owner: Owner, key: string): Promise<string | null | 'any'> {
    switch (owner) {
      case 'any':
        return 'any';
      case 'team':
        return key.toLowerCase();
      case 'video':
        return videoTeam(sql(), key);
      case 'session':
        return sessionTeam(sql(), key);
      case 'showcase':
        return d.showcaseTeam ? d.showcaseTeam(decoded(key)) : 'any';
      case 'review':
        return d.reviewTeam ? d.reviewTeam(decoded(key)) : 'any';
    }
  }
  return async (ctx, next) => {
    const teamId = await d.teamForHost(ctx.hostname);
    if (!teamId) return next();
    for (const rule of RULES) {
      const m = rule.path.exec(ctx.path);
      if (!m || !rule.methods.includes(ctx.method)) continue;
      const owner = await teamOf(rule.owner, m[1] ?? '');
      if (owner === 'any' || owner === teamId) {
        // One host's answer must not be served for another from a shared cache.
        ctx.vary('Host');
        // Whatever no route answers is not the web app's either (static-web.ts reads it).
        ctx.state.customDomainTeam = teamId;
        return next();
      }
      break;
    }
    throw notFound();
  };
}
