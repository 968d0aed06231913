import type { Config } from './config.ts';
import type { Orm } from './db/orm.ts';
import { storedSecret } from './jwt-secret.ts';
import type { AuthGuards } from './modules/access/guards.ts';
import type { ActionLimits, RateLimits } from './modules/limits/rate-limits.ts';
import type { PlaybackService } from './modules/playback/playback.service.ts';
import { reviewAccess } from './modules/review/review-access.ts';
import { reviewMails } from './modules/review/review-mails.ts';
import { reviewRoutes } from './modules/review/review.routes.ts';
import { createReviewService } from './modules/review/review.service.ts';
import { createReviewerService } from './modules/review/reviewer.service.ts';

/** The rate limits of client review: password tries as a video unlock's, public writes as the lead form's. */
export const reviewLimits = (config: Config): Pick<ActionLimits, 'review-unlock' | 'review-write'> => ({
  // Its "account" is the link and the address together (see reviewer.service.ts unlock).
  'review-unlock': { perAccount: config.RATE_LIMIT_VIDEO_UNLOCK_PER_ADDRESS_AND_VIDEO, perAddress: config.RATE_LIMIT_VIDEO_UNLOCK_PER_ADDRESS },
  // Its "account" is the email the reviewer typed.
  'review-write': { perAccount: config.RATE_LIMIT_REVIEW_WRITES_PER_EMAIL, perAddress: config.RATE_LIMIT_REVIEW_WRITES_PER_ADDRESS },
});

/**
 * Client review composed (issue 34 item 4): the team's service, the reviewer's, and their routes.
 * `publicOrigin` builds a link's URL for a team (default PUBLIC_URL; a team's verified custom
 * domain once the domains module is wired in).
 */
export async function reviewRouters(d: {
  config: Config;
  orm: Orm;
  playback: PlaybackService;
  limits: RateLimits;
  guards: AuthGuards;
  checks: { run: <T>(key: string, task: () => Promise<T>) => Promise<T> };
  publicOrigin?: (teamId: string) => Promise<string> | string;
}) {
  const review = createReviewService({ orm: d.orm, publicOrigin: d.publicOrigin ?? (() => d.config.PUBLIC_URL) });
  const reviewer = createReviewerService({
    orm: d.orm,
    playback: d.playback,
    limits: d.limits,
    access: reviewAccess(await storedSecret(d.orm, 'review-access')),
    mails: reviewMails(d.config.REVIEW_COMMENT_MAIL_MINUTES),
    checkPassword: (key, task) => d.checks.run(key, task),
  });
  return [reviewRoutes(review, reviewer, d.guards)];
}
