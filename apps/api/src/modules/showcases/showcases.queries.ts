import type { ShowcaseTheme, ShowcaseVisibility } from '@reelbase/api-client';
import { isUuid, type Sql } from '../../db/sql.ts';

/** A showcase row as stored. */
export interface ShowcaseRow {
  id: string;
  user_id: string;
  name: string;
  slug: string;
  description: string;
  folder_id: string | null;
  visibility: ShowcaseVisibility;
  password_hash: string | null;
  theme: ShowcaseTheme;
  created_at: Date;
  updated_at: Date;
}

/** What the page and the feed show of one video of a showcase. */
export interface ShowcaseVideoRow {
  id: string;
  name: string;
  visibility: string;
  duration_sec: number | null;
  width: number | null;
  height: number | null;
  image_url: string | null;
  created_at: Date;
  audio_status: string | null;
  audio_key: string | null;
  audio_bytes: string | number | null;
}

/** The columns a save writes, in the order of the update's and the insert's placeholders. */
export interface ShowcaseWrite {
  name: string;
  slug: string;
  description: string;
  folder_id: string | null;
  visibility: ShowcaseVisibility;
  theme: string;
}

/** A uuid[] parameter as PostgreSQL's array literal (the driver would spread a JS array into a list); ids are checked uuids. */
const uuids = (ids: string[]) => `{${ids.join(',')}}`;

export const showcaseQueries = {
  list: (sql: Sql, userId: string) => sql<ShowcaseRow[]>('select * from showcases where user_id = ? order by created_at desc, id desc', [userId]),

  /** Null for another team's id, or one that is not an id at all. */
  async one(sql: Sql, userId: string, id: string): Promise<ShowcaseRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await sql<ShowcaseRow[]>('select * from showcases where id = ? and user_id = ?', [id, userId]);
    return row ?? null;
  },

  async bySlug(sql: Sql, slug: string): Promise<ShowcaseRow | null> {
    const [row] = await sql<ShowcaseRow[]>('select * from showcases where slug = ?', [slug]);
    return row ?? null;
  },

  async slugTaken(sql: Sql, slug: string, exceptId: string | null): Promise<boolean> {
    const rows = await sql<unknown[]>('select 1 from showcases where slug = ? and id is distinct from ?', [slug, exceptId]);
    return rows.length > 0;
  },

  /** The listed videos of each showcase, in their order. */
  async videoIdsOf(sql: Sql, showcaseIds: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>(showcaseIds.map((id) => [id, []]));
    if (!showcaseIds.length) return map;
    const rows = await sql<{ showcase_id: string; video_id: string }[]>('select showcase_id, video_id from showcase_videos where showcase_id = any(?::uuid[]) order by position', [uuids(showcaseIds)]);
    for (const r of rows) map.get(r.showcase_id)?.push(r.video_id);
    return map;
  },

  /** Those of `ids` that are the team's videos. */
  async ownVideos(sql: Sql, userId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await sql<{ id: string }[]>('select id from videos where user_id = ? and id = any(?::uuid[])', [userId, uuids(ids)]);
    return new Set(rows.map((r) => r.id));
  },

  async ownFolder(sql: Sql, userId: string, folderId: string): Promise<boolean> {
    return (await sql<unknown[]>('select 1 from folders where id = ? and user_id = ?', [folderId, userId])).length > 0;
  },

  async setVideos(sql: Sql, showcaseId: string, videoIds: string[]) {
    await sql('delete from showcase_videos where showcase_id = ?', [showcaseId]);
    if (!videoIds.length) return;
    await sql('insert into showcase_videos (showcase_id, video_id, position) select ?, v, o from unnest(?::uuid[]) with ordinality as t(v, o)', [showcaseId, uuids(videoIds)]);
  },

  /**
   * The videos a showcase shows, in order: its list, or its folder's videos newest first. Only the
   * team's own, never a blocked one; each with its audio rendition, if any.
   */
  videosOf(sql: Sql, s: Pick<ShowcaseRow, 'id' | 'user_id' | 'folder_id'>): Promise<ShowcaseVideoRow[]> {
    const cols = `v.id, v.name, v.visibility, v.duration_sec, v.width, v.height, v.image_url, v.created_at,
      a.status as audio_status, a.key as audio_key, a.bytes as audio_bytes`;
    return s.folder_id
      ? sql<ShowcaseVideoRow[]>(
          `select ${cols} from videos v left join video_audio_renditions a on a.video_id = v.id
           where v.folder_id = ? and v.user_id = ? and not v.ban order by v.created_at desc, v.id limit 100`,
          [s.folder_id, s.user_id],
        )
      : sql<ShowcaseVideoRow[]>(
          `select ${cols} from showcase_videos sv join videos v on v.id = sv.video_id left join video_audio_renditions a on a.video_id = v.id
           where sv.showcase_id = ? and v.user_id = ? and not v.ban order by sv.position`,
          [s.id, s.user_id],
        );
  },

  /**
   * Marks the videos' audio renditions to be made: those without one, and those made from an
   * earlier picture (a replace). Answers the ids whose job must be queued.
   */
  async claimAudio(sql: Sql, videoIds: string[]): Promise<string[]> {
    if (!videoIds.length) return [];
    const rows = await sql<{ video_id: string }[]>(
      `insert into video_audio_renditions (video_id, user_id, media_version)
       select v.id, v.user_id, v.media_version from videos v where v.id = any(?::uuid[])
       on conflict (video_id) do update set status = 'pending', media_version = excluded.media_version, updated_at = now()
         where video_audio_renditions.status <> 'pending' and video_audio_renditions.media_version is distinct from excluded.media_version
       returning video_id`,
      [uuids(videoIds)],
    );
    return rows.map((r) => r.video_id);
  },

  /** A showcase's columns as `row` holds them (name, slug, description, folder_id, visibility, theme as JSON), in that order. */
  update: (sql: Sql, id: string, row: ShowcaseWrite, passwordHash: string | null) =>
    sql('update showcases set name = ?, slug = ?, description = ?, folder_id = ?, visibility = ?, theme = ?::jsonb, password_hash = ?, updated_at = now() where id = ?', [
      ...Object.values(row),
      passwordHash,
      id,
    ]),

  insert: (sql: Sql, id: string, userId: string, row: ShowcaseWrite, passwordHash: string | null) =>
    sql('insert into showcases (id, user_id, name, slug, description, folder_id, visibility, theme, password_hash) values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?)', [
      id,
      userId,
      ...Object.values(row),
      passwordHash,
    ]),

  remove: (sql: Sql, id: string) => sql('delete from showcases where id = ?', [id]),

  /** Whether the owner is blocked (undefined when the account is gone). */
  ownerBan: async (sql: Sql, userId: string): Promise<boolean | undefined> => (await sql<{ ban: boolean }[]>('select ban from users where id = ?', [userId]))[0]?.ban,

  /** The logo of the owner's player settings. */
  playerLogo: async (sql: Sql, userId: string): Promise<{ player_logo: string | null } | undefined> =>
    (await sql<{ player_logo: string | null }[]>('select player_logo from users where id = ?', [userId]))[0],

  teamName: async (sql: Sql, teamId: string): Promise<{ name: string } | undefined> => (await sql<{ name: string }[]>('select name from teams where id = ?', [teamId]))[0],

  // The showcase-audio job (jobs/showcase-audio.ts): the video's row in video_audio_renditions.

  audioKey: async (sql: Sql, videoId: string): Promise<{ key: string | null } | undefined> =>
    (await sql<{ key: string | null }[]>('select key from video_audio_renditions where video_id = ?', [videoId]))[0],

  /** The video has no audio: no rendition, of this picture. */
  audioNone: (sql: Sql, videoId: string, mediaVersion: unknown) =>
    sql(`update video_audio_renditions set status = 'none', key = null, bytes = null, media_version = ?, updated_at = now() where video_id = ?`, [mediaVersion, videoId]),

  /** The rendition is ready at `key`; the video ids changed (none when the video was deleted meanwhile). */
  audioReady: (sql: Sql, videoId: string, key: string, bytes: number, mediaVersion: unknown) =>
    sql<{ video_id: string }[]>(`update video_audio_renditions set status = 'ready', key = ?, bytes = ?, media_version = ?, updated_at = now() where video_id = ? returning video_id`, [
      key,
      bytes,
      mediaVersion,
      videoId,
    ]),

  audioFailed: (sql: Sql, videoId: string) => sql(`update video_audio_renditions set status = 'failed', updated_at = now() where video_id = ?`, [videoId]),

  /** Public showcases for the sitemap, oldest first. */
  listed: (sql: Sql) => sql<{ slug: string; user_id: string; updated_at: Date }[]>(`select s.slug, s.user_id, s.updated_at from showcases s join users u on u.id = s.user_id where s.visibility = 'public' and not u.ban order by s.created_at limit 50000`),
};
