import type { LeadsCsvQuery, LeadsQuery } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';

// The SQL of leads: the filters of the lists and CSVs, the page, the count, the CSV's statement and the capture.

export interface LeadRow {
  id: string;
  video_id: string | null;
  video_name: string;
  email: string;
  name: string | null;
  consent_text: string | null;
  page_origin: string | null;
  created_at: Date | string;
}

/** The filters of the lists and CSVs as SQL, over `leads l` (and `v`, the video, for its current name). */
function where(teamId: string, q: LeadsCsvQuery, videoId?: string): { clause: string; params: unknown[] } {
  const parts = ['l.user_id = ?'];
  const params: unknown[] = [teamId];
  if (videoId) {
    parts.push('l.video_id = ?');
    params.push(videoId);
  }
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push('(l.email ilike ? or l.name ilike ?)');
    params.push(like, like);
  }
  if (q.from) {
    parts.push(`l.created_at >= ?::date`);
    params.push(q.from);
  }
  if (q.to) {
    parts.push(`l.created_at < ?::date + 1`);
    params.push(q.to);
  }
  return { clause: parts.join(' and '), params };
}
const SELECT = `select l.id, l.video_id, coalesce(v.name, l.video_name) as video_name, l.email, l.name, l.consent_text, l.page_origin, l.created_at
    from leads l left join videos v on v.id = l.video_id`;

/** Whether the video is the team's. */
export async function ownVideo(sql: Sql, teamId: string, videoId: string): Promise<boolean> {
  const [row] = await sql<{ id: string }[]>('select id from videos where id = ? and user_id = ?', [videoId, teamId]);
  return !!row;
}

export async function insertLead(
  sql: Sql,
  l: { teamId: string; videoId: string; videoName: string; email: string; name: string | null; consentText: string | null; pageOrigin: string | null },
): Promise<LeadRow> {
  const [row] = await sql<LeadRow[]>(
    `insert into leads (user_id, video_id, video_name, email, name, consent_text, page_origin) values (?, ?, ?, ?, ?, ?, ?)
         returning id, video_id, video_name, email, name, consent_text, page_origin, created_at`,
    [l.teamId, l.videoId, l.videoName, l.email, l.name, l.consentText, l.pageOrigin],
  );
  return row;
}

/** One page of the team's leads (of one video when `videoId`), newest first, and their total. */
export async function leadPage(sql: Sql, teamId: string, q: LeadsQuery, videoId?: string): Promise<{ rows: LeadRow[]; total: number }> {
  const { clause, params } = where(teamId, q, videoId);
  const rows = await sql<LeadRow[]>(`${SELECT} where ${clause} order by l.created_at desc, l.id desc limit ? offset ?`, [...params, q.limit, (q.page - 1) * q.limit]);
  const [{ n }] = await sql<{ n: string }[]>(`select count(*) as n from leads l where ${clause}`, params);
  return { rows, total: Number(n) };
}

/** The statement of a CSV of leads (newest first), for the caller's database cursor. */
export function leadsCsvQuery(teamId: string, q: LeadsCsvQuery, videoId?: string): { text: string; params: unknown[] } {
  const { clause, params } = where(teamId, q, videoId);
  return { text: `${SELECT} where ${clause} order by l.created_at desc, l.id desc`, params };
}
