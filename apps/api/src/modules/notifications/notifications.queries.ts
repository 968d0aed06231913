import type { LeadWatchedMode } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';

// The SQL of lead-watched notifications: each member's mode, the digest window and its sessions,
// the instant alerts' once-an-hour claims.

/** Each member's mode: their choice, else instant for the owner and off for the others. */
const MODE_SQL = `coalesce(ns.lead_watched, case when m.role = 'owner' then 'instant' else 'off' end)`;

/** A text[] parameter as PostgreSQL's array literal. */
const textArray = (roles: readonly string[]) => `{${roles.join(',')}}`;

export type Recipient = { person_id: string; email: string; first_name: string | null; mode: LeadWatchedMode };

export interface DigestSessionRow {
  email: string;
  name: string | null;
  video_name: string;
  watched_seconds: number;
  duration_sec: number;
  ended_at: Date;
  total: string;
}

export const teamNameRow = (sql: Sql, teamId: string) => sql<{ name: string }[]>('select name from teams where id = ?', [teamId]);

/** One member's mode (no row when they are not a member). */
export const modeRow = (sql: Sql, teamId: string, personId: string) =>
  sql<{ mode: LeadWatchedMode }[]>(
    `select ${MODE_SQL} as mode from team_members m left join notification_settings ns on ns.team_id = m.team_id and ns.person_id = m.user_id where m.team_id = ? and m.user_id = ?`,
    [teamId, personId],
  );

/**
 * A daily-digest member (of `roles`) with the window of their next digest, locked (SKIP LOCKED: no
 * row when another worker holds it); the window ends `lagMinutes` ago.
 */
export const lockDigestRecipient = (sql: Sql, lagMinutes: number, teamId: string, personId: string, roles: readonly string[]) =>
  sql<(Recipient & { since: Date; until: Date })[]>(
    `select ns.person_id, u.email, u.first_name, ns.lead_watched as mode, w.until, coalesce(ns.digest_sent_at, w.until - interval '1 day') as since
         from notification_settings ns join team_members m on m.team_id = ns.team_id and m.user_id = ns.person_id join users u on u.id = ns.person_id
         cross join (select now() - make_interval(mins => ?) as until) w
         where ns.team_id = ? and ns.person_id = ? and ns.lead_watched = 'daily' and m.role = any(?::text[])
         for update of ns skip locked`,
    [lagMinutes, teamId, personId, textArray(roles)],
  );

/** The team's sessions of known leads that ended in (since, until], oldest first, up to `limit`, each with the total count. */
export const digestSessions = (sql: Sql, teamId: string, since: Date, until: Date, limit: number) =>
  sql<DigestSessionRow[]>(
    `select l.email, l.name, v.name as video_name, s.watched_seconds, s.duration_sec, s.ended_at, count(*) over () as total
         from viewer_sessions s join leads l on l.id = s.lead_id join videos v on v.id = s.video_id
         where s.user_id = ? and s.ended_at > ? and s.ended_at <= ?
         order by s.ended_at, s.id limit ?`,
    [teamId, since, until, limit],
  );

export const setDigestSentAt = (sql: Sql, until: Date, teamId: string, personId: string) =>
  sql('update notification_settings set digest_sent_at = ? where team_id = ? and person_id = ?', [until, teamId, personId]);

/** Sets a member's mode; a digest chosen now starts with what ends from now on. */
export const upsertMode = (sql: Sql, teamId: string, personId: string, mode: LeadWatchedMode) =>
  sql(
    `insert into notification_settings (team_id, person_id, lead_watched, digest_sent_at) values (?, ?, ?, now())
           on conflict (team_id, person_id) do update set lead_watched = excluded.lead_watched, updated_at = now(),
             digest_sent_at = case when notification_settings.lead_watched = 'daily' then notification_settings.digest_sent_at else now() end`,
    [teamId, personId, mode],
  );

/** The team's members of `roles`, each with their mode. */
export const recipients = (sql: Sql, teamId: string, roles: readonly string[]) =>
  sql<Recipient[]>(
    `select m.user_id as person_id, u.email, u.first_name, ${MODE_SQL} as mode
           from team_members m join users u on u.id = m.user_id left join notification_settings ns on ns.team_id = m.team_id and ns.person_id = m.user_id
           where m.team_id = ? and m.role = any(?::text[])`,
    [teamId, textArray(roles)],
  );

/** Claims an instant alert for person, lead and video unless one was sent in the last `intervalSeconds` (no row then). */
export const claimAlert = (sql: Sql, personId: string, leadId: string, videoId: string, intervalSeconds: number) =>
  sql<{ person_id: string }[]>(
    `insert into lead_alerts_sent (person_id, lead_id, video_id, sent_at) values (?, ?, ?, now())
             on conflict (person_id, lead_id, video_id) do update set sent_at = now()
               where lead_alerts_sent.sent_at <= now() - make_interval(secs => ?)
             returning person_id`,
    [personId, leadId, videoId, intervalSeconds],
  );

/** Everyone who chose the daily digest, per team. */
export const digestPeople = (sql: Sql) => sql<{ team_id: string; person_id: string }[]>("select team_id, person_id from notification_settings where lead_watched = 'daily'");
