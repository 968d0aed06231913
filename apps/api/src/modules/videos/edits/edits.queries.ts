import type { Sql } from '../../../db/sql.ts';

// The SQL of the edits (video-copy.ts): the rest goes through the Video entity.

/** The names of the user's videos matching the LIKE pattern `like` (backslash escapes), as a set. */
export async function videoNamesLike(sql: Sql, userId: string, like: string): Promise<Set<string>> {
  return new Set((await sql<{ name: string }[]>("select name from videos where user_id = ? and name like ? escape '\\'", [userId, like])).map((r) => r.name));
}
