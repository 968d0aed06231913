import type { Sql } from '../../db/sql.ts';

/** The SQL of the owner's reads of viewer sessions (issue 33 item 3). */

export interface SessionRow {
  id: string;
  started_at: Date | string;
  watched_seconds: number;
  duration_sec: number;
  bucket_sec: number;
  watched: number[];
  country: string;
  device: string;
  browser: string;
  email: string | null;
  name: string | null;
}

/**
 * Sessions of one video with who the viewer is: the lead of the session, else the viewer id's
 * identity (never for an anonymous session). Newest first.
 */
export const SESSIONS_SELECT = `select s.id, s.started_at, s.watched_seconds, s.duration_sec, s.bucket_sec, s.watched, s.country, s.device, s.browser,
    coalesce(l.email, i.email) as email, case when l.id is not null then l.name else i.name end as name
  from viewer_sessions s
  left join leads l on l.id = s.lead_id
  left join viewer_identities i on i.user_id = s.user_id and i.viewer_key = s.viewer_key and not s.anonymous
  where s.video_id = ? and s.user_id = ?
  order by s.started_at desc, s.id desc`;

export async function sessionsPage(sql: Sql, teamId: string, videoId: string, limit: number, offset: number): Promise<{ rows: SessionRow[]; total: number }> {
  const rows = await sql<SessionRow[]>(`${SESSIONS_SELECT} limit ? offset ?`, [videoId, teamId, limit, offset]);
  const [{ n }] = await sql<{ n: string }[]>('select count(*) as n from viewer_sessions where video_id = ? and user_id = ?', [videoId, teamId]);
  return { rows, total: Number(n) };
}

/** The video when it is the team's (null otherwise: another team's video answers as a missing one). */
export async function ownVideo(sql: Sql, teamId: string, videoId: string): Promise<{ duration_sec: number | null } | null> {
  const [v] = await sql<{ duration_sec: number | null }[]>('select duration_sec from videos where id = ? and user_id = ?', [videoId, teamId]);
  return v ?? null;
}

/**
 * The engagement graph's figures: the daily aggregate of ended sessions, the sessions still open
 * (few: those watched in the last half hour), and the distinct viewer ids.
 */
export async function engagementFigures(sql: Sql, videoId: string) {
  const days = await sql<{ points: number; plays: number; watched_share: number; counts: number[] }[]>(
    'select points, plays, watched_share, counts from viewer_engagement_days where video_id = ?',
    [videoId],
  );
  const open = await sql<{ watched: number[]; duration_sec: number; bucket_sec: number; watched_seconds: number }[]>(
    'select watched, duration_sec, bucket_sec, watched_seconds from viewer_sessions where video_id = ? and ended_at is null',
    [videoId],
  );
  const [count] = await sql<{ n: string }[]>('select viewers as n from viewer_video_counts where video_id = ?', [videoId]);
  return { days, open, viewers: Number(count?.n ?? 0) };
}

/** Per UTC day of the range (both ends included): plays, seconds watched, distinct viewer ids. */
export async function trendDays(sql: Sql, teamId: string, from: string, to: string) {
  const rows = await sql<{ day: string; plays: string; seconds: number | null; viewers: string }[]>(
    `select to_char(started_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as plays, sum(watched_seconds) as seconds, count(distinct viewer_key) as viewers
     from viewer_sessions
     where user_id = ? and started_at >= (?::timestamp at time zone 'UTC') and started_at < ((?::date + 1)::timestamp at time zone 'UTC')
     group by 1`,
    [teamId, from, to],
  );
  return rows.map((r) => ({ day: r.day, plays: Number(r.plays), seconds: Number(r.seconds ?? 0), viewers: Number(r.viewers) }));
}

/**
 * Every session of the person a lead is: sessions named by this lead or by another lead of the
 * team with the same email (one person often fills the form on several videos).
 */
export async function leadSessions(sql: Sql, teamId: string, leadId: string) {
  const [lead] = await sql<{ email: string }[]>('select email from leads where id = ? and user_id = ?', [leadId, teamId]);
  if (!lead) return null;
  return sql<{ video_id: string; video_name: string; started_at: Date | string; duration_sec: number; bucket_sec: number; watched: number[] }[]>(
    `select s.video_id, v.name as video_name, s.started_at, s.duration_sec, s.bucket_sec, s.watched
     from viewer_sessions s join videos v on v.id = s.video_id
     where s.user_id = ? and s.lead_id in (select id from leads where user_id = ? and lower(email) = lower(?))
     order by s.started_at desc`,
    [teamId, teamId, lead.email],
  );
}
