import { FOLDER_NOT_FOUND } from '@reelbase/api-client';
import { isUuid, type Sql } from '../../db/sql.ts';
import { notFound } from '../../http/errors.ts';
import { ownFolderRow } from './folders.queries.ts';

/** The account's folder lock (see folders.queries.ts), here beside the check its callers use with it. */
export { lockFolders } from './folders.queries.ts';

/** A folder of this account, or the same 404 as for a missing one (another user's id included). */
export async function assertOwnFolder(sql: Sql, userId: string, id: string): Promise<{ id: string; parent_id: string | null }> {
  const row = isUuid(id) ? await ownFolderRow(sql, userId, id) : undefined;
  if (!row) throw notFound(FOLDER_NOT_FOUND);
  return row;
}
