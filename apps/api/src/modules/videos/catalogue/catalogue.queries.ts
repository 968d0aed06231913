import { CAPTION_MATCHES_PER_VIDEO, type TranscriptMatch, type VideoListQuery, type Visibility } from '@reelbase/api-client';
import type { z } from 'zod';
import type { Sql } from '../../../db/sql.ts';
import type { VideoFields, VideoPeople } from '../video-view.ts';

/** One page of an account's videos: the My videos list (GET /api/videos), as the contract parses it. */
export type ListQuery = z.output<typeof VideoListQuery>;

// Columns by the list's sort fields; each order has an index of (user_id, column, id). The query
// orders by videos.<column>: a bare `size` would name the selected size::float8 and miss the index.
const ORDER_COLUMNS: Record<ListQuery['field'], string> = { createdAt: 'created_at', name: 'name', size: 'size' };

/** Who uploaded or last changed a video, as {id, name} (null when unknown): one primary-key read per row. */
export const personRef = (column: string) =>
  `(select json_build_object('id', u.id, 'name', trim(u.first_name || ' ' || u.last_name)) from users u where u.id = videos.${column})`;

// Exactly what toVideo reads, under its names; bigints as numbers (they stay far below 2^53), the
// creation time in epoch milliseconds (the driver hands timestamps over as text).
export const VIDEO_ROW_COLUMNS = `id, name, is_main_ready as "isMainReady", is_hls_ready as "isHlsReady", is_ladder_ready as "isLadderReady",
  image_url as "imageUrl", thumbnails, size::float8 as size, (extract(epoch from created_at) * 1000)::float8 as "createdAt", ban, ban_reason as "banReason", task,
  monthly_bandwidth_usage::float8 as "monthlyBandwidthUsage", total_bandwidth_usage::float8 as "totalBandwidthUsage",
  status, progress, error, folder_id as "folderId", duration_sec as "durationSec", width, height, player_config as "playerConfig", watermark, media_version as "mediaVersion",
  visibility, allowed_domains as "allowedDomains", (password_hash is not null) as "hasPassword", privacy_version as "privacyVersion", chapters, description, tags,
  ${personRef('uploaded_by')} as "uploadedByRef", ${personRef('updated_by')} as "updatedByRef"`;

/** A caption cue (caption_cues) holding every word of the search (one parameter), by the 'simple' configuration of its index. */
const SPOKEN = "search @@ plainto_tsquery('simple', ?)";
/** The first lines of a video's captions said with the search's words (one parameter), as [{text, startSec}] by time; one of each line said twice. */
const spokenMatches = (videoId: string) =>
  `(select coalesce(json_agg(json_build_object('text', m.plain, 'startSec', m.start_sec) order by m.start_sec, m.plain), '[]'::json) from (
     select distinct on (start_sec, plain) plain, start_sec from caption_cues where video_id = ${videoId} and ${SPOKEN} order by start_sec, plain limit ${CAPTION_MATCHES_PER_VIDEO}) m)`;

/**
 * One page of a user's videos in one statement: plain rows in the shape toVideo reads (no entity
 * hydration) and the total beside them (an uncorrelated subquery), so the page itself is read from
 * its order's index and stops after its rows. Ordered by the chosen column, then id, so equal
 * values keep a stable order across pages.
 */
export function videoListQuery(userId: string, q: ListQuery): { text: string; params: unknown[] } {
  const filter: unknown[] = [userId];
  let where = 'user_id = ?';
  if (q.folder_id === null) where += ' and folder_id is null';
  else if (q.folder_id !== undefined) {
    where += ' and folder_id = ?';
    filter.push(q.folder_id);
  }
  if (q.tag) {
    // Issue 34: the GIN index over the lowercased tags (video_tags_key, see its migration) answers it.
    where += ' and video_tags_key(tags) @> array[lower(?)]';
    filter.push(q.tag);
  }
  if (q.search) {
    // "contains", case-insensitive, in the name or the description (each has its trigram index; \
    // escapes the LIKE wildcards), a tag equal to it whatever the case (the tags' GIN index), or
    // every word said in one line of any caption track (the full-text index). A union, not an OR,
    // so each arm keeps its index.
    where += ` and id in (select id from videos where name ilike ? escape '\\' union select id from videos where description ilike ? escape '\\'
      union select id from videos where video_tags_key(tags) @> array[lower(?)] union select video_id from caption_cues where ${SPOKEN})`;
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filter.push(like, like, q.search, q.search);
  }
  // The total: without a search, the count the trigger on videos keeps (the user's, the top
  // level's or the folder's), read from one row; a search counts its matches.
  let total = `select count(*) from videos where ${where}`;
  let totalParams = filter;
  if (!q.search && !q.tag) {
    if (q.folder_id === undefined) total = 'select video_count from users where id = ?';
    else if (q.folder_id === null) total = 'select root_video_count from users where id = ?';
    else total = 'select video_count from folders where id = ? and user_id = ?';
    totalParams = q.folder_id ? [q.folder_id, userId] : [userId];
  }
  const order = `videos.${ORDER_COLUMNS[q.field]} ${q.direction === 'DESC' ? 'desc' : 'asc'}, videos.id ${q.direction === 'DESC' ? 'desc' : 'asc'}`;
  // The page's ids first, from the order's index alone (a deep page skips index entries, not
  // rows), then just those rows.
  const page = `select id from videos where ${where} order by ${order} limit ? offset ?`;
  // A search also answers, per video, the first lines (by time) where its words are said.
  const matches = q.search ? `, ${spokenMatches('videos.id')} as "matches"` : '';
  return {
    text: `select ${VIDEO_ROW_COLUMNS}, (select name from folders where folders.id = videos.folder_id) as "folderName", (${total}) as "totalCount"${matches} from videos where id in (${page}) order by ${order}`,
    params: [...totalParams, ...(q.search ? [q.search] : []), ...filter, q.limit, (q.page - 1) * q.limit],
  };
}

/** A row read with VIDEO_ROW_COLUMNS. */
export type VideoRow = Omit<VideoFields, 'createdAt'> & VideoPeople & { createdAt: number; folderName?: string | null; matches?: TranscriptMatch[] };
export const fromVideoRow = (r: VideoRow): VideoFields & VideoPeople & { folderName?: string | null; matches?: TranscriptMatch[] } => ({ ...r, createdAt: new Date(r.createdAt) });

export async function listVideoRows(sql: Sql, userId: string, q: ListQuery): Promise<{ rows: ReturnType<typeof fromVideoRow>[]; total: number }> {
  const { text, params } = videoListQuery(userId, q);
  const raw = await sql<(VideoRow & { totalCount: string })[]>(text, params);
  const rows = raw.map(fromVideoRow);
  if (rows.length > 0) return { rows, total: Number(raw[0].totalCount) };
  // A page past the end has no row to carry the count: then (only then) count on its own.
  if (q.page === 1) return { rows, total: 0 };
  const first = videoListQuery(userId, { ...q, page: 1, limit: 1 });
  const [row] = await sql<{ totalCount: string }[]>(first.text, first.params);
  return { rows, total: row ? Number(row.totalCount) : 0 };
}

/** Who uploaded video `id` and who changed it last, as the owner's view shows them. */
export async function videoPeople(sql: Sql, id: string): Promise<VideoPeople | undefined> {
  const [people] = await sql<VideoPeople[]>(`select ${personRef('uploaded_by')} as "uploadedByRef", ${personRef('updated_by')} as "updatedByRef" from videos where id = ?`, [id]);
  return people;
}

/** The user's videos among `ids`, locked for the transaction (a bulk action's check that every id is theirs). */
export const lockOwnVideos = (sql: Sql, userId: string, ids: string[]) => sql<{ id: string; name: string }[]>('select id, name from videos where user_id = ? and id in (?) for update', [userId, ids]);

export const deleteOwnVideos = (sql: Sql, userId: string, ids: string[]) => sql('delete from videos where user_id = ? and id in (?)', [userId, ids]);

/** Sets the visibility of those of `ids` that differ (a new privacy version ends the tokens signed before); answers the changed ones. */
export const setOwnVisibility = (sql: Sql, userId: string, ids: string[], visibility: Visibility, actingPersonId: string | null) =>
  sql<{ id: string; name: string }[]>(
    'update videos set visibility = ?, privacy_version = privacy_version + 1, updated_at = now(), updated_by = coalesce(?, updated_by) where user_id = ? and id in (?) and visibility <> ? returning id, name',
    [visibility, actingPersonId, userId, ids, visibility],
  );

export const moveOwnVideos = (sql: Sql, userId: string, ids: string[], folderId: string | null, actingPersonId: string | null) =>
  sql('update videos set folder_id = ?, updated_at = now(), updated_by = coalesce(?, updated_by) where user_id = ? and id in (?)', [folderId, actingPersonId, userId, ids]);
