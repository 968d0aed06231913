import type { Sql } from '../../db/sql.ts';

// The SQL of playback: whether a video's owner may be shown (banned, past the bandwidth).

export const playbackQueries = {
  /** The owner's ban and whether they are past the bandwidth; `over` is payments' overBandwidthSql on users `u`. */
  owner: async (sql: Sql, over: string, userId: string): Promise<{ ban: boolean; over_bandwidth: boolean } | undefined> =>
    (await sql<{ ban: boolean; over_bandwidth: boolean }[]>(`select u.ban, ${over} as over_bandwidth from users u where u.id = ?`, [userId]))[0],
};
