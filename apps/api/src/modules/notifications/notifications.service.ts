import { LEAD_ALERT_INTERVAL_SECONDS, LEAD_DIGEST_MAX_ITEMS, type LeadWatchedMode, type NotificationSettings, type NotificationSettingsUpdate, rolesWith, SESSION_SILENCE_MINUTES } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { WatchedItem } from '../../mail/templates/lead-watched.ts';
import type { EndedSession } from '../integrations/ended-session.ts';
import { isoOf } from '../integrations/ended-session.ts';
import { recordActivity } from '../teams/activity.ts';

/** Only roles that may read leads hear of them (a viewer never does, whatever row is left). */
const LEAD_ROLES = rolesWith('readLeads');

/** Each member's mode: their choice, else instant for the owner and off for the others. */
const MODE_SQL = `coalesce(ns.lead_watched, case when m.role = 'owner' then 'instant' else 'off' end)`;

/**
 * A digest covers sessions that ended up to this long before it is made: a session the sweep ends
 * after SESSION_SILENCE_MINUTES of silence (swept up to 15 minutes later) ends at its last report,
 * a time already past, so a window reaching to "now" would miss it in this digest and the next.
 * Each digest's window starts where the previous one's ended, so every session is in exactly one.
 */
const DIGEST_LAG_MINUTES = SESSION_SILENCE_MINUTES + 20;

type Recipient = { person_id: string; email: string; first_name: string | null; mode: LeadWatchedMode };

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
  const teamName = async (sql: Sql, teamId: string) => (await sql<{ name: string }[]>('select name from teams where id = ?', [teamId]))[0]?.name ?? 'your team';

  async function mode(sql: Sql, teamId: string, personId: string): Promise<LeadWatchedMode> {
    const [row] = await sql<{ mode: LeadWatchedMode }[]>(
      `select ${MODE_SQL} as mode from team_members m left join notification_settings ns on ns.team_id = m.team_id and ns.person_id = m.user_id where m.team_id = ? and m.user_id = ?`,
      [teamId, personId],
    );
    return row?.mode ?? 'off';
  }

  /** One person's digest: the sessions of known leads that ended in the window after their last one (a day at first), up to DIGEST_LAG_MINUTES ago. */
  async function digestFor(teamId: string, personId: string): Promise<boolean> {
    return write(async (sql) => {
      // Locked and re-read, so two workers never mail the same digest.
      const [r] = await sql<(Recipient & { since: Date; until: Date })[]>(
        `select ns.person_id, u.email, u.first_name, ns.lead_watched as mode, w.until, coalesce(ns.digest_sent_at, w.until - interval '1 day') as since
         from notification_settings ns join team_members m on m.team_id = ns.team_id and m.user_id = ns.person_id join users u on u.id = ns.person_id
         cross join (select now() - make_interval(mins => ?) as until) w
         where ns.team_id = ? and ns.person_id = ? and ns.lead_watched = 'daily' and m.role = any(?::text[])
         for update of ns skip locked`,
        [DIGEST_LAG_MINUTES, teamId, personId, `{${LEAD_ROLES.join(',')}}`],
      );
      if (!r) return false;
      const rows = await sql<{ email: string; name: string | null; video_name: string; watched_seconds: number; duration_sec: number; ended_at: Date; total: string }[]>(
        `select l.email, l.name, v.name as video_name, s.watched_seconds, s.duration_sec, s.ended_at, count(*) over () as total
         from viewer_sessions s join leads l on l.id = s.lead_id join videos v on v.id = s.video_id
         where s.user_id = ? and s.ended_at > ? and s.ended_at <= ?
         order by s.ended_at, s.id limit ?`,
        [teamId, r.since, r.until, LEAD_DIGEST_MAX_ITEMS],
      );
      // Where this window ended (not now): the next one starts there.
      await sql('update notification_settings set digest_sent_at = ? where team_id = ? and person_id = ?', [r.until, teamId, personId]);
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
        await sql(
          `insert into notification_settings (team_id, person_id, lead_watched, digest_sent_at) values (?, ?, ?, now())
           on conflict (team_id, person_id) do update set lead_watched = excluded.lead_watched, updated_at = now(),
             digest_sent_at = case when notification_settings.lead_watched = 'daily' then notification_settings.digest_sent_at else now() end`,
          [teamId, person.id, input.leadWatched],
        );
        if (before !== input.leadWatched) await recordActivity(sql, teamId, 'notifications.changed', { type: 'member', id: person.id, name: person.email }, { leadWatched: input.leadWatched, previous: before });
        return { leadWatched: input.leadWatched };
      });
    },

    /** A session of a known lead ended: the instant mails (each person at most once an hour per lead and video). */
    async onLeadWatched(teamId: string, s: EndedSession): Promise<number> {
      const lead = s.lead;
      if (!lead) return 0;
      return write(async (sql) => {
        const recipients = await sql<Recipient[]>(
          `select m.user_id as person_id, u.email, u.first_name, ${MODE_SQL} as mode
           from team_members m join users u on u.id = m.user_id left join notification_settings ns on ns.team_id = m.team_id and ns.person_id = m.user_id
           where m.team_id = ? and m.role = any(?::text[])`,
          [teamId, `{${LEAD_ROLES.join(',')}}`],
        );
        let sent = 0;
        for (const r of recipients.filter((x) => x.mode === 'instant')) {
          const claimed = await sql<{ person_id: string }[]>(
            `insert into lead_alerts_sent (person_id, lead_id, video_id, sent_at) values (?, ?, ?, now())
             on conflict (person_id, lead_id, video_id) do update set sent_at = now()
               where lead_alerts_sent.sent_at <= now() - make_interval(secs => ?)
             returning person_id`,
            [r.person_id, lead.id, s.videoId, LEAD_ALERT_INTERVAL_SECONDS],
          );
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
      const people = await read()<{ team_id: string; person_id: string }[]>("select team_id, person_id from notification_settings where lead_watched = 'daily'");
      let mailed = 0;
      for (const p of people) if (await digestFor(p.team_id, p.person_id)) mailed += 1;
      return mailed;
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
