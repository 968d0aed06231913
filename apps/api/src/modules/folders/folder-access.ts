import { FOLDER_NOT_FOUND } from '@reelbase/api-client';
import { isUuid, type Sql } from '../../db/sql.ts';
import { notFound } from '../../http/errors.ts';

/**
 * Serialises the folder writes of one account for the rest of the transaction, so two moves
 * cannot build a cycle between them and a folder cannot vanish under a move into it.
 */
export async function lockFolders(sql: Sql, userId: string) {
  await sql('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`folders:${userId}`]);
}

/** A folder of this account, or the same 404 as for a missing one (another user's id included). */
export async function assertOwnFolder(sql: Sql, userId: string, id: string): Promise<{ id: string; parent_id: string | null }> {
  const [row] = isUuid(id) ? await sql<{ id: string; parent_id: string | null }[]>('select id, parent_id from folders where id = ? and user_id = ?', [id, userId]) : [];
  if (!row) throw notFound(FOLDER_NOT_FOUND);
  return row;
}
