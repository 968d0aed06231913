import type { Chapter } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';

// The SQL of chapters: the list lives on the video's row (videos.chapters, jsonb).

/** A video's chapters and length. */
export interface ChaptersRow {
  chapters: Chapter[];
  duration_sec: number | null;
}

export const chapterQueries = {
  /** The team's video's chapters, if the video is the team's. */
  teamVideo: async (sql: Sql, userId: string, videoId: string): Promise<ChaptersRow | undefined> =>
    (await sql<ChaptersRow[]>('select chapters, duration_sec from videos where id = ? and user_id = ?', [videoId, userId]))[0],

  video: async (sql: Sql, videoId: string): Promise<ChaptersRow | undefined> => (await sql<ChaptersRow[]>('select chapters, duration_sec from videos where id = ?', [videoId]))[0],

  /** Replaces the video's chapters (`chaptersJson`: the list as JSON). */
  set: (sql: Sql, videoId: string, chaptersJson: string, personId: string | null) =>
    sql('update videos set chapters = ?::jsonb, updated_by = coalesce(?, updated_by), updated_at = now() where id = ?', [chaptersJson, personId, videoId]),
};
