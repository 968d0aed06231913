import { Router } from '@koa/router';
import { NotificationSettingsUpdate, op } from '@reelbase/api-client';
import { body } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import { type AuthGuards, currentPerson, currentTeam } from '../access/guards.ts';
import type { NotificationsService } from './notifications.service.ts';

/** The signed-in person's lead-watched alerts in the acting team (readLeads, from the contract); here only HTTP. */
export function notificationsRoutes(notifications: NotificationsService, guards: AuthGuards) {
  const r = new Router({ prefix: '/api/notifications' });
  r.use(guards.requireUser);
  on(r, op.getNotifications, async (ctx) => {
    ctx.body = await notifications.get(currentTeam(ctx).teamId, currentPerson(ctx).id);
  });
  on(r, op.putNotifications, async (ctx) => {
    const person = currentPerson(ctx);
    ctx.body = await notifications.update(currentTeam(ctx).teamId, { id: person.id, email: person.email }, body(ctx, NotificationSettingsUpdate));
  });
  return r;
}
