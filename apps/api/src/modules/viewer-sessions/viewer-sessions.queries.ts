import { SESSION_SILENCE_MINUTES, VIEWER_RETENTION_MONTHS, type ViewerSettings } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';
import type { EngagementDay } from './session-buckets.ts';
import type { FlushRow } from './session-progress.ts';

/** The SQL of viewer sessions (issue 33); the rules are in viewer-sessions.service.ts. */

export const DEFAULT_SETTINGS: ViewerSettings = { identifyByLead: true, identifyByEmailParam: true, anonymousOnly: false, retentionMonths: VIEWER_RETENTION_MONTHS.default };

export async function readSettings(sql: Sql, teamId: string): Promise<ViewerSettings> {
  const [r] = await sql<{ identify_by_lead: boolean; identify_by_email_param: boolean; anonymous_only: boolean; retention_months: number }[]>(
    'select identify_by_lead, identify_by_email_param, anonymous_only, retention_months from viewer_settings where user_id = ?',
    [teamId],
  );
  return r ? { identifyByLead: r.identify_by_lead, identifyByEmailParam: r.identify_by_email_param, anonymousOnly: r.anonymous_only, retentionMonths: r.retention_months } : { ...DEFAULT_SETTINGS };
}

/** Settings changes of one team run one at a time (in the caller's transaction). */
export async function lockSettings(sql: Sql, teamId: string): Promise<void> {
  await sql('select pg_advisory_xact_lock(hashtext(?))', [`viewer-settings:${teamId}`]);
}

export async function writeSettings(sql: Sql, teamId: string, s: ViewerSettings): Promise<void> {
  await sql(
    `insert into viewer_settings (user_id, identify_by_lead, identify_by_email_param, anonymous_only, retention_months) values (?, ?, ?, ?, ?)
     on conflict (user_id) do update set identify_by_lead = excluded.identify_by_lead, identify_by_email_param = excluded.identify_by_email_param,
       anonymous_only = excluded.anonymous_only, retention_months = excluded.retention_months`,
    [teamId, s.identifyByLead, s.identifyByEmailParam, s.anonymousOnly, s.retentionMonths],
  );
}

/** ?email= names the viewer, unless a lead (stronger: typed by the viewer in the player) already does. */
export async function nameByEmail(sql: Sql, teamId: string, viewerKey: string, email: string): Promise<void> {
  await sql(
    `insert into viewer_identities (user_id, viewer_key, email, source) values (?, ?, ?, 'email')
     on conflict (user_id, viewer_key) do update set email = excluded.email, updated_at = now() where viewer_identities.source = 'email'`,
    [teamId, viewerKey, email],
  );
}

export interface NewSession {
  teamId: string;
  videoId: string;
  viewerKey: string;
  anonymous: boolean;
  durationSec: number;
  bucketSec: number;
  buckets: number;
  country: string;
  device: string;
  browser: string;
  addressHash: string | null;
}

/**
 * The session row; a viewer a lead already named gets that lead at once (their later sessions).
 * Answers its id, and whether its viewer is new to the video (counted by the next flush).
 */
export async function insertSession(sql: Sql, s: NewSession, linkLead: boolean): Promise<{ id: string; newViewer: boolean }> {
  // One statement: the session, and its viewer once per video (the engagement graph's unique count).
  const [row] = await sql<{ id: string; new_viewer: boolean }[]>(
    `with session as (
       insert into viewer_sessions (user_id, video_id, viewer_key, anonymous, lead_id, duration_sec, bucket_sec, watched, country, device, browser, address_hash)
       values (?, ?, ?, ?, ${linkLead ? "(select lead_id from viewer_identities where user_id = ? and viewer_key = ? and source = 'lead')" : 'null'},
         ?, ?, array_fill(0, array[?::int]), ?, ?, ?, ?)
       returning id, video_id, viewer_key),
     viewer as (
       insert into viewer_video_viewers (video_id, viewer_key) select video_id, viewer_key from session
       on conflict (video_id, viewer_key) do update set last_day = excluded.last_day where viewer_video_viewers.last_day <> excluded.last_day
       returning (xmax = 0) as fresh)
     select id, coalesce((select fresh from viewer), false) as new_viewer from session`,
    [s.teamId, s.videoId, s.viewerKey, s.anonymous, ...(linkLead ? [s.teamId, s.viewerKey] : []), s.durationSec, s.bucketSec, s.buckets, s.country, s.device, s.browser, s.addressHash],
  );
  return { id: row.id, newViewer: row.new_viewer };
}

/** An open session as the progress call needs it (null: missing or ended). */
export async function openSession(sql: Sql, id: string) {
  const [r] = await sql<{ user_id: string; video_id: string; duration_sec: number; bucket_sec: number }[]>(
    'select user_id, video_id, duration_sec, bucket_sec from viewer_sessions where id = ? and ended_at is null',
    [id],
  );
  return r ?? null;
}

/**
 * One update per session: the flush's counts added to their slice of the counters (the rest is
 * copied as it is), the seconds watched at least once grown by the buckets that went from 0, the
 * last report's time, and the end when the player said so. Only open sessions change; answers the
 * ids this flush ended.
 */
export async function writeProgress(sql: Sql, rows: FlushRow[]): Promise<string[]> {
  const ended = await sql<{ id: string; ended: boolean }[]>(
    `with x as (select * from jsonb_to_recordset(?::jsonb) as x(id uuid, lo int, delta int[], seen timestamptz, ended boolean))
     update viewer_sessions s set
       (watched, watched_seconds) = (
         select s.watched[1:x.lo - 1] || coalesce(array_agg(z.a + z.b order by z.k), '{}') || s.watched[x.lo + cardinality(x.delta):],
           s.watched_seconds + coalesce(sum(case when z.a = 0 and z.b > 0 then greatest(0, least(s.bucket_sec, s.duration_sec - (x.lo + z.k - 2) * s.bucket_sec)) else 0 end), 0)
         from unnest(s.watched[x.lo:x.lo + cardinality(x.delta) - 1], x.delta) with ordinality as z(a, b, k)),
       last_seen_at = greatest(s.last_seen_at, x.seen),
       ended_at = case when x.ended then greatest(x.seen, s.started_at) else null end
     from x where s.id = x.id and s.ended_at is null
     returning s.id, x.ended`,
    [JSON.stringify(rows)],
  );
  return ended.filter((r) => r.ended).map((r) => r.id);
}

/** Ends the sessions nobody reported on for SESSION_SILENCE_MINUTES (at their last report); answers their ids. */
export async function endSilent(sql: Sql, limit: number): Promise<string[]> {
  const rows = await sql<{ id: string }[]>(
    `update viewer_sessions set ended_at = last_seen_at
     where id in (select id from viewer_sessions where ended_at is null and last_seen_at < now() - make_interval(mins => ?) limit ? for update skip locked)
     returning id`,
    [SESSION_SILENCE_MINUTES, limit],
  );
  return rows.map((r) => r.id);
}

export interface EndedRow {
  id: string;
  user_id: string;
  video_id: string;
  video_name: string;
  viewer_key: string;
  anonymous: boolean;
  started_at: Date;
  ended_at: Date;
  watched_seconds: number;
  duration_sec: number;
  lead_id: string | null;
  lead_email: string | null;
  lead_name: string | null;
  viewer_email: string | null;
  viewer_name: string | null;
}

/** What an ended session's event says: the video, the lead and who the viewer is, when known. */
export async function endedSessions(sql: Sql, ids: string[]): Promise<EndedRow[]> {
  if (!ids.length) return [];
  return sql<EndedRow[]>(
    `select s.id, s.user_id, s.video_id, v.name as video_name, s.viewer_key, s.anonymous, s.started_at, s.ended_at, s.watched_seconds, s.duration_sec,
       l.id as lead_id, l.email as lead_email, l.name as lead_name, i.email as viewer_email, i.name as viewer_name
     from viewer_sessions s join videos v on v.id = s.video_id
     left join leads l on l.id = s.lead_id
     left join viewer_identities i on i.user_id = s.user_id and i.viewer_key = s.viewer_key and not s.anonymous
     where s.id in (select value::uuid from jsonb_array_elements_text(?::jsonb))`,
    [JSON.stringify(ids)],
  );
}

/**
 * Sessions past their account's retention go, and identities of viewers with no session left
 * and untouched as long. Answers how many sessions went.
 */
export async function purgeExpired(sql: Sql): Promise<number> {
  const retention = `make_interval(months => coalesce((select retention_months from viewer_settings vs where vs.user_id = %s.user_id), ${VIEWER_RETENTION_MONTHS.default}))`;
  const [gone] = await sql<{ n: string }[]>(
    `with gone as (delete from viewer_sessions s where s.started_at < now() - interval '${VIEWER_RETENTION_MONTHS.min} month' and s.started_at < now() - ${retention.replace('%s', 's')} returning 1)
     select count(*) as n from gone`,
  );
  await sql(
    `delete from viewer_identities i where i.updated_at < now() - ${retention.replace('%s', 'i')}
     and not exists (select 1 from viewer_sessions s where s.user_id = i.user_id and s.viewer_key = i.viewer_key)`,
  );
  // The pre-aggregated graph and unique viewers keep the same span as the sessions.
  const old = (t: string, column: string) =>
    `${t}.${column} < (now() - interval '${VIEWER_RETENTION_MONTHS.min} month')::date and ${t}.${column} < (now() - ${retention.replace('%s', 'v')})::date`;
  await sql(`delete from viewer_engagement_days t using videos v where v.id = t.video_id and ${old('t', 'day')}`);
  await sql(
    `with gone as (delete from viewer_video_viewers t using videos v where v.id = t.video_id and ${old('t', 'last_day')} returning t.video_id)
     update viewer_video_counts c set viewers = greatest(0, c.viewers - g.n) from (select video_id, count(*) as n from gone group by video_id) g where c.video_id = g.video_id`,
  );
  return Number(gone.n);
}

/**
 * A lead names the viewer of its session (not an anonymous one, and only on the lead's own
 * account): the viewer's identity, and every session of that viewer id there, earlier ones
 * included. Later sessions take it when they open (insertSession). Answers whether it named anyone.
 */
export async function nameByLead(sql: Sql, teamId: string, sessionId: string, lead: { id: string; email: string; name: string | null }): Promise<boolean> {
  const [s] = await sql<{ viewer_key: string }[]>('select viewer_key from viewer_sessions where id = ? and user_id = ? and not anonymous', [sessionId, teamId]);
  if (!s) return false;
  await sql(
    `insert into viewer_identities (user_id, viewer_key, email, name, lead_id, source) values (?, ?, ?, ?, ?, 'lead')
     on conflict (user_id, viewer_key) do update set email = excluded.email, name = excluded.name, lead_id = excluded.lead_id, source = 'lead', updated_at = now()`,
    [teamId, s.viewer_key, lead.email, lead.name, lead.id],
  );
  await sql('update viewer_sessions set lead_id = ? where user_id = ? and viewer_key = ? and not anonymous', [lead.id, teamId, s.viewer_key]);
  return true;
}

/** Erasure: the lead goes, with every identity naming them (by the lead, or by the same email through ?email=). */
export async function deleteLead(sql: Sql, teamId: string, leadId: string): Promise<{ email: string } | null> {
  const [lead] = await sql<{ email: string }[]>('delete from leads where id = ? and user_id = ? returning email', [leadId, teamId]);
  if (!lead) return null;
  // The foreign keys drop identities by this lead and clear sessions' lead_id; ?email= ones match by address.
  await sql('delete from viewer_identities where user_id = ? and lower(email) = lower(?)', [teamId, lead.email]);
  return lead;
}

/** What the daily aggregate needs of sessions that just ended. */
export async function endedCounters(sql: Sql, ids: string[]) {
  if (!ids.length) return [];
  return sql<{ video_id: string; day: string; watched: number[]; duration_sec: number; bucket_sec: number; watched_seconds: number }[]>(
    `select video_id, to_char(started_at at time zone 'UTC', 'YYYY-MM-DD') as day, watched, duration_sec, bucket_sec, watched_seconds
     from viewer_sessions where id in (select value::uuid from jsonb_array_elements_text(?::jsonb))`,
    [JSON.stringify(ids)],
  );
}

/** Adds ended sessions to the daily engagement aggregate (counts added point by point). */
export async function addEngagement(sql: Sql, days: EngagementDay[]): Promise<void> {
  if (!days.length) return;
  await sql(
    `insert into viewer_engagement_days (video_id, day, points, plays, watched_share, counts)
     select x.video_id, x.day, x.points, x.plays, x.share, x.counts
     from jsonb_to_recordset(?::jsonb) as x(video_id uuid, day date, points smallint, plays int, share double precision, counts int[])
     join videos v on v.id = x.video_id
     on conflict (video_id, day, points) do update set
       plays = viewer_engagement_days.plays + excluded.plays,
       watched_share = viewer_engagement_days.watched_share + excluded.watched_share,
       counts = (select array_agg(coalesce(a, 0) + coalesce(b, 0) order by i) from unnest(viewer_engagement_days.counts, excluded.counts) with ordinality as u(a, b, i))`,
    [JSON.stringify(days)],
  );
}

/** New viewers per video since the last flush, added to their counts. */
export async function addViewers(sql: Sql, counts: { video_id: string; n: number }[]): Promise<void> {
  if (!counts.length) return;
  await sql(
    `insert into viewer_video_counts (video_id, viewers)
     select x.video_id, x.n from jsonb_to_recordset(?::jsonb) as x(video_id uuid, n bigint) join videos v on v.id = x.video_id
     on conflict (video_id) do update set viewers = viewer_video_counts.viewers + excluded.viewers`,
    [JSON.stringify(counts)],
  );
}
