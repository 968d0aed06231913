import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Orm } from './db/orm.ts';
import type { IntegrationsService } from './modules/integrations/integrations.service.ts';
import { createLeadsService } from './modules/leads/leads.service.ts';
import type { RateLimits } from './modules/limits/rate-limits.ts';
import { leadWatchedHandler } from './modules/notifications/lead-watched.ts';
import type { NotificationsService } from './modules/notifications/notifications.service.ts';
import type { PlaybackTokens } from './modules/playback/playback-tokens.ts';
import type { PlaybackService } from './modules/playback/playback.service.ts';
import { createStatisticsService } from './modules/statistics/statistics.service.ts';
import { progressAdmission } from './modules/viewer-sessions/progress-admission.ts';
import { createViewerSessionsService, viewerSessionEvent } from './modules/viewer-sessions/viewer-sessions.service.ts';
import type { WebhookEvents } from './modules/webhooks/webhook-events.ts';

/**
 * What the API knows of viewers, composed (issues 27 and 33): the statistics' beacons, viewer
 * sessions, leads, and what follows a captured lead (the `lead.captured` webhook, a contact in each
 * connected CRM, its viewer named) or an ended session (`viewer.session`, the members' lead-watched
 * alerts and the CRM pushes). Counts are kept in memory and written once per STATS_FLUSH_SECONDS.
 */
export function createViewerServices(d: {
  config: Config;
  orm: Orm;
  log: Logger;
  tokens: PlaybackTokens;
  playback: PlaybackService;
  limits: RateLimits;
  events: WebhookEvents;
  integrations: IntegrationsService;
  notifications: NotificationsService;
}) {
  const { config, orm, log, events, integrations } = d;
  const flushMs = config.STATS_FLUSH_SECONDS * 1000;
  const statistics = createStatisticsService({
    orm,
    log,
    tokens: d.tokens,
    flushMs,
    beaconsPerSecond: config.STATS_BEACONS_PER_SECOND,
    beaconBurst: config.STATS_BEACON_BURST,
    geo: { dataDir: config.DATA_DIR, dataFolder: config.GEODATADIR },
  });
  const onLeadWatched = leadWatchedHandler({ notifications: d.notifications, integrations, log });
  const viewerSessions = createViewerSessionsService({
    orm,
    playback: d.playback,
    statistics,
    log,
    flushMs,
    onSessionEnded: async (teamId, session) => {
      await Promise.all([events.emit(teamId, 'viewer.session', viewerSessionEvent(session)), onLeadWatched(teamId, session)]);
    },
  });
  const leads = createLeadsService({
    orm,
    playback: d.playback,
    limits: d.limits,
    log,
    onCaptured: async (teamId, lead) => {
      await Promise.all([events.emit(teamId, 'lead.captured', lead), integrations.onLeadCaptured(teamId, lead)]);
    },
    identify: (teamId, lead, sessionId) => viewerSessions.identifyLead(teamId, lead, sessionId),
  });
  return { statistics, viewerSessions, leads, onLeadWatched, admitProgress: progressAdmission(config.SESSION_PROGRESS_PER_SECOND, config.SESSION_PROGRESS_SESSION_BURST) };
}
