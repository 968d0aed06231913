import { SHOWCASE_SLUG_MAX, SHOWCASE_SLUG_PATTERN } from '@reelbase/api-client';
import type { Config } from './config.ts';
import type { Orm } from './db/orm.ts';
import { sqlOf } from './db/sql.ts';
import { storedSecret } from './jwt-secret.ts';
import type { AuthGuards } from './modules/access/guards.ts';
import type { RateLimits } from './modules/limits/rate-limits.ts';
import { showcasePagesRoutes } from './modules/showcases/showcase-pages.routes.ts';
import { createShowcasePublic } from './modules/showcases/showcase-public.ts';
import { showcaseQueries } from './modules/showcases/showcases.queries.ts';
import type { BandwidthCounter } from './modules/videos/delivery/bandwidth-counter.ts';
import type { ServableCache } from './modules/videos/delivery/servable.ts';
import { showcasesRoutes } from './modules/showcases/showcases.routes.ts';
import { createShowcasesService, type OriginFor } from './modules/showcases/showcases.service.ts';
import { JOBS, type ShowcaseAudioJob } from './queue/job-contract.ts';
import type { Queue } from './queue/queue.ts';
import type { Storage } from './storage/storage.ts';

/** The team of a showcase by its slug, for the custom domains' host guard (null: no such showcase). */
export const showcaseTeamBySlug = (orm: Orm) => async (slug: string) =>
  SHOWCASE_SLUG_PATTERN.test(slug) && slug.length <= SHOWCASE_SLUG_MAX ? ((await showcaseQueries.bySlug(sqlOf(orm.em.fork()), slug))?.user_id ?? null) : null;

/**
 * Showcases (issue 34, item 2), composed: the team's CRUD, the public pages, feeds and audio, and
 * the audio renditions queued once per video that joins a showcase. `originFor` builds every
 * absolute URL (the custom-domains helper's; PUBLIC_URL until it is wired).
 */
export async function createShowcases(d: {
  config: Config;
  orm: Orm;
  storage: Storage;
  queue: Queue;
  limits: RateLimits;
  guards: AuthGuards;
  checkPassword: (key: string, task: () => Promise<boolean>) => Promise<boolean>;
  originFor?: OriginFor;
  /** Delivery's bandwidth counter and "may this be served" answers: the feed's audio is counted and limited like the embed's media. */
  delivery: { bandwidth: BandwidthCounter; servable: ServableCache };
}) {
  const originFor: OriginFor = d.originFor ?? (async () => d.config.PUBLIC_URL);
  const queueAudio = async (videoIds: string[]) => {
    const claimed = await showcaseQueries.claimAudio(sqlOf(d.orm.em.fork()), videoIds);
    for (const videoId of claimed) await d.queue.send(JOBS.showcaseAudio, { videoId } satisfies ShowcaseAudioJob);
  };
  const showcases = createShowcasesService({ orm: d.orm, storage: d.storage, originFor, queueAudio });
  const pub = createShowcasePublic({ orm: d.orm, originFor, unlockSecret: await storedSecret(d.orm, 'showcase-unlock'), checkPassword: d.checkPassword, queueAudio });
  const routers = [
    showcasesRoutes(showcases, d.guards),
    showcasePagesRoutes({ pub, storage: d.storage, limits: d.limits, mediaOrigins: [new URL(d.storage.url('')).origin], secureCookies: new URL(d.config.PUBLIC_URL).protocol === 'https:', ...d.delivery }),
  ];
  return { showcases, pub, routers, sitemapEntries: () => pub.sitemapEntries() };
}
