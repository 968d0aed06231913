import type { Sql } from '../../db/sql.ts';

// The SQL of the sitemap's listed videos.

/**
 * Rows a sitemap lists: public, on no embed allowlist (crawlers could not play them), playable,
 * neither the video nor its owner blocked.
 */
const LISTED = `from videos v join users u on u.id = v.user_id
  where v.visibility = 'public' and v.allowed_domains = '[]'::jsonb and not v.ban and not u.ban
    and v.status <> 'failed' and (v.is_main_ready or v.is_hls_ready)`;

/** What a sitemap entry reads of a video. */
export interface ListedVideoRow {
  id: string;
  name: string;
  image_url: string | null;
  duration_sec: number | null;
  created_at: Date;
}

export const shareQueries = {
  listedCount: async (sql: Sql): Promise<{ n: string } | undefined> => (await sql<{ n: string }[]>(`select count(*) as n ${LISTED}`))[0],

  /** One page of listed videos, oldest first. */
  listedPage: (sql: Sql, limit: number, offset: number) =>
    sql<ListedVideoRow[]>(`select v.id, v.name, v.image_url, v.duration_sec, v.created_at ${LISTED} order by v.created_at, v.id limit ? offset ?`, [limit, offset]),
};
