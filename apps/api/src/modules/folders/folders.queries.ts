import type { FolderCrumb } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';

// The SQL of nested folders: reads with their counts, the trail up a folder, and the writes (run
// by the callers under the account's folder lock).

export type FolderRow = { id: string; name: string; parent_id: string | null; created_at: Date; count_video: string | number; count_folder: string | number };

// video_count is kept by the trigger on videos (Migration20261212000001VideoCounts).
const SELECT = `select f.id, f.name, f.parent_id, f.created_at, f.video_count as count_video,
  (select count(*) from folders c where c.user_id = f.user_id and c.parent_id = f.id) as count_folder
  from folders f`;

/**
 * The trail from the top level down to a folder, in one recursive query whatever the depth.
 * Empty when the folder is not the caller's.
 */
const TRAIL = `with recursive trail as (
    select id, name, parent_id, 0 as depth from folders where id = ? and user_id = ?
    union all
    select f.id, f.name, f.parent_id, t.depth + 1 from folders f join trail t on f.id = t.parent_id where f.user_id = ?
  ) select id, name from trail order by depth desc`;

/**
 * Serialises the folder writes of one account for the rest of the transaction, so two moves
 * cannot build a cycle between them and a folder cannot vanish under a move into it.
 */
export async function lockFolders(sql: Sql, userId: string) {
  await sql('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`folders:${userId}`]);
}

/** A folder of this account (id and parent), or undefined. */
export async function ownFolderRow(sql: Sql, userId: string, id: string): Promise<{ id: string; parent_id: string | null } | undefined> {
  const [row] = await sql<{ id: string; parent_id: string | null }[]>('select id, parent_id from folders where id = ? and user_id = ?', [id, userId]);
  return row;
}

/** One folder of the account with its counts, or undefined. */
export async function folderRow(sql: Sql, userId: string, id: string): Promise<FolderRow | undefined> {
  const [row] = await sql<FolderRow[]>(`${SELECT} where f.id = ? and f.user_id = ?`, [id, userId]);
  return row;
}

/** The children of `parentId` (null: the top level) by name, in `direction`. */
export function childFolderRows(sql: Sql, userId: string, parentId: string | null, direction: 'ASC' | 'DESC') {
  const dir = direction === 'DESC' ? 'desc' : 'asc';
  return sql<FolderRow[]>(`${SELECT} where f.user_id = ? and ${parentId ? 'f.parent_id = ?' : 'f.parent_id is null'} order by lower(f.name) ${dir}, f.id ${dir}`, parentId ? [userId, parentId] : [userId]);
}

/** The folder and its ancestors, top level first (TRAIL). */
export const folderTrail = (sql: Sql, userId: string, id: string) => sql<FolderCrumb[]>(TRAIL, [id, userId, userId]);

export const insertFolder = (sql: Sql, id: string, userId: string, parentId: string | null, name: string) =>
  sql('insert into folders (id, user_id, parent_id, name) values (?, ?, ?, ?)', [id, userId, parentId, name]);

export const setFolderParent = (sql: Sql, id: string, parentId: string | null) => sql('update folders set parent_id = ? where id = ?', [parentId, id]);

export const renameFolder = (sql: Sql, id: string, name: string) => sql('update folders set name = ? where id = ?', [name, id]);

/** Moves the folder's subfolders and videos up to `parentId`, then deletes it. */
export async function deleteFolderKeepingContent(sql: Sql, userId: string, id: string, parentId: string | null): Promise<void> {
  await sql('update folders set parent_id = ? where user_id = ? and parent_id = ?', [parentId, userId, id]);
  await sql('update videos set folder_id = ? where user_id = ? and folder_id = ?', [parentId, userId, id]);
  await sql('delete from folders where id = ?', [id]);
}
