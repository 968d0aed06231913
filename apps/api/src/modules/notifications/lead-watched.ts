import type { Logger } from 'pino';
import type { EndedSession } from '../integrations/ended-session.ts';
import type { IntegrationsService } from '../integrations/integrations.service.ts';
import type { NotificationsService } from './notifications.service.ts';

/**
 * What a session of a known lead sets off when it ends (issue 33 items 4 and 5): the alerts of
 * the team's members and a push to each connected CRM. For the viewer sessions' `onSessionEnded`;
 * a failure is logged, never the session's.
 */
export function leadWatchedHandler(d: { notifications: NotificationsService; integrations: IntegrationsService; log: Logger }) {
  return async function onLeadWatched(teamId: string, s: EndedSession): Promise<void> {
    if (!s.lead) return;
    const done = await Promise.allSettled([d.notifications.onLeadWatched(teamId, s), d.integrations.onSessionEnded(teamId, s)]);
    for (const r of done) if (r.status === 'rejected') d.log.error({ err: r.reason, sessionId: s.sessionId }, 'lead-watched alert or CRM push failed');
  };
}
