import { LEAD_ALERT_INTERVAL_SECONDS, LEAD_DIGEST_MAX_ITEMS, type LeadWatchedMode, type NotificationSettings, type NotificationSettingsUpdate, rolesWith, SESSION_SILENCE_MINUTES } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { WatchedItem } from '../../mail/templates/lead-watched.ts';
import type { EndedSession } from '../integrations/ended-session.ts';
import { isoOf } from '../integrations/ended-session.ts';
import { recordActivity } from '../teams/activity.ts';
import { claimAlert, digestPeople, digestSessions, lockDigestRecipient, modeRow, recipients as recipientRows, setDigestSentAt, teamNameRow, upsertMode } from './notifications.queries.ts';

/** Only roles that may read leads hear of them (a viewer never does, whatever row is left). */
const LEAD_ROLES = rolesWith('readLeads');

/**
 * A digest covers sessions that ended up to this long before it is made: a session the sweep ends
 * after SESSION_SILENCE_MINUTES of silence (swept up to 15 minutes later) ends at its last report,
 * a time already past, so a window reaching to "now" would miss it in this digest and the next.
 * Each digest's window starts where the previous one's ended, so every session is in exactly one.
 */
const DIGEST_LAG_MINUTES = SESSION_SILENCE_MINUTES + 20;

/**
 * Lead-watched alerts (issue 33 item 4), each person's choice per team. `onLeadWatched` runs when a
 * session of a known lead ends: an instant mail to each member who chose it, claimed per person,
 * lead and video at most once an hour; `sendDigests` (daily) mails each member who chose the
 * digest what ended since their previous one. Mails go through the outbox, in the transaction
 * that claims them, so a claim and its mail never part.
 */
export function createNotificationsService(d: { orm: Orm }) {
  const read = () => sqlOf(d.orm.em.fork());
  const write = <T>(fn: (sql: Sql) => Promise<T>) => d.orm.em.fork().transactional((em) => fn(sqlOf(em)));
  const teamName = async (sql: Sql, teamId: string) => (await teamNameRow(sql, teamId))[0]?.name ?? 'your team';

  async function mode(sql: Sql, teamId: string, personId: string): Promise<LeadWatchedMode> {
    const [row] = await modeRow(sql, teamId, personId);
    return row?.mode ?? 'off';
  }

  /** One person's digest: the sessions of known leads that ended in the window after their last one (a day at first), up to DIGEST_LAG_MINUTES ago. */
  async function digestFor(teamId: string, personId: string): Promise<boolean> {
    return write(async (sql) => {
      // Locked and re-read, so two workers never mail the same digest.
      const [r] = await lockDigestRecipient(sql, DIGEST_LAG_MINUTES, teamId, personId, LEAD_ROLES);
      if (!r) return false;
      const rows = await digestSessions(sql, teamId, r.since, r.until, LEAD_DIGEST_MAX_ITEMS);
      // Where this window ended (not now): the next one starts there.
      await setDigestSentAt(sql, r.until, teamId, personId);
      if (!rows.length) return false;
      const items: WatchedItem[] = rows.map((s) => ({
        leadEmail: s.email,
        leadName: s.name,
        videoName: s.video_name,
        watchedSeconds: s.watched_seconds,
        percentWatched: s.duration_sec > 0 ? Math.min(100, (s.watched_seconds / s.duration_sec) * 100) : 0,
        endedAt: new Date(s.ended_at).toISOString(),
      }));
      await queueMail(sql, r.email, 'lead-watched-digest', { firstName: r.first_name, teamName: await teamName(sql, teamId), items, more: Number(rows[0].total) - rows.length });
      return true;
    });
  }

  return {
    async get(teamId: string, personId: string): Promise<NotificationSettings> {
      return { leadWatched: await mode(read(), teamId, personId) };
    },

    async update(teamId: string, person: { id: string; email: string }, input: NotificationSettingsUpdate): Promise<NotificationSettings> {
      return write(async (sql) => {
        const before = await mode(sql, teamId, person.id);
        // A digest chosen now starts with what ends from now on.
        await upsertMode(sql, teamId, person.id, input.leadWatched);
        if (before !== input.leadWatched) await recordActivity(sql, teamId, 'notifications.changed', { type: 'member', id: person.id, name: person.email }, { leadWatched: input.leadWatched, previous: before });
        return { leadWatched: input.leadWatched };
      });
    },

    /** A session of a known lead ended: the instant mails (each person at most once an hour per lead and video). */
    async onLeadWatched(teamId: string, s: EndedSession): Promise<number> {
      const lead = s.lead;
      if (!lead) return 0;
      return write(async (sql) => {
        const recipients = await recipientRows(sql, teamId, LEAD_ROLES);
        let sent = 0;
        for (const r of recipients.filter((x) => x.mode === 'instant')) {
          const claimed = await claimAlert(sql, r.person_id, lead.id, s.videoId, LEAD_ALERT_INTERVAL_SECONDS);
          if (!claimed.length) continue;
          await queueMail(sql, r.email, 'lead-watched', {
            firstName: r.first_name,
            teamName: await teamName(sql, teamId),
            videoId: s.videoId,
            leadEmail: lead.email,
            leadName: lead.name,
            videoName: s.videoName,
            watchedSeconds: s.watchedSeconds,
            percentWatched: s.percentWatched,
            endedAt: isoOf(s.endedAt),
          });
          sent += 1;
        }
        return sent;
      });
    },

    /** The daily pass: one digest per person who chose it (answers how many were mailed). */
    async sendDigests(): Promise<number> {
      const people = await digestPeople(read());
      let mailed = 0;
      for (const p of people) if (await digestFor(p.team_id, p.person_id)) mailed += 1;
      return mailed;
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
