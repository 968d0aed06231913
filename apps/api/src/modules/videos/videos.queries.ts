import type { Sql } from '../../db/sql.ts';

// The SQL of a video's owner mails (video-mails.ts) and of the serving announcement (serving-changes.ts).

/** An owner's address and first name, with the video's name. */
export interface VideoOwnerRow {
  email: string;
  first_name: string;
  name: string;
}

export const videoQueries = {
  owner: async (sql: Sql, videoId: string): Promise<VideoOwnerRow | undefined> =>
    (await sql<VideoOwnerRow[]>('select u.email, u.first_name, v.name from videos v join users u on u.id = v.user_id where v.id = ?', [videoId]))[0],

  /** The owners of the videos, each with the names of theirs among them. */
  ownersOf: (sql: Sql, videoIds: string[]) =>
    sql<{ email: string; first_name: string; names: string[] }[]>(
      'select u.email, u.first_name, array_agg(v.name order by v.name) as names from videos v join users u on u.id = v.user_id where v.id in (?) group by u.id',
      [videoIds],
    ),

  /** A notification on `channel`, delivered on the transaction's commit. */
  notify: (sql: Sql, channel: string, payload: string) => sql('select pg_notify(?, ?)', [channel, payload]),
};
