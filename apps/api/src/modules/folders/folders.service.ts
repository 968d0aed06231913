import { FOLDER_CYCLE, FOLDER_NOT_FOUND, type Folder, type FolderCrumb, MESSAGES } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { isUuid, type Sql, sqlOf } from '../../db/sql.ts';
import { assertOwnFolder, lockFolders } from './folder-access.ts';
import { childFolderRows, type FolderRow, deleteFolderKeepingContent, folderRow, folderTrail, insertFolder, renameFolder, setFolderParent } from './folders.queries.ts';

const toFolder = (r: FolderRow): Folder => ({
  id: r.id,
  name: r.name,
  parentId: r.parent_id,
  createdAt: new Date(r.created_at).toISOString(),
  countVideo: Number(r.count_video),
  countFolder: Number(r.count_folder),
});

/** Nested folders of one account. Every write runs in one transaction under the account's folder lock. */
export function createFoldersService(d: { orm: Orm }) {
  const read = () => sqlOf(d.orm.em.fork());
  const write = <T>(fn: (sql: Sql) => Promise<T>) => d.orm.em.fork().transactional((em) => fn(sqlOf(em)));

  async function one(sql: Sql, userId: string, id: string): Promise<Folder> {
    // A malformed id is the same 404 as another user's (PostgreSQL would refuse it as a uuid).
    const row = isUuid(id) ? await folderRow(sql, userId, id) : undefined;
    if (!row) throw notFound(FOLDER_NOT_FOUND);
    return toFolder(row);
  }

  async function breadcrumbs(sql: Sql, userId: string, id: string): Promise<FolderCrumb[]> {
    const trail = await folderTrail(sql, userId, id);
    if (!trail.length) throw notFound(FOLDER_NOT_FOUND);
    return trail.map((c) => ({ id: c.id, name: c.name }));
  }

  return {
    /** The children of `parentId` (null: the top level) by name, and the trail down to it. */
    async list(userId: string, q: { parent_id?: string | null; direction: 'ASC' | 'DESC' }) {
      const sql = read();
      const parentId = q.parent_id ?? null;
      const trail = parentId ? await breadcrumbs(sql, userId, parentId) : [];
      const rows = await childFolderRows(sql, userId, parentId, q.direction);
      return { items: rows.map(toFolder), breadcrumbs: trail };
    },

    async get(userId: string, id: string) {
      const sql = read();
      const folder = await one(sql, userId, id);
      return { ...folder, breadcrumbs: await breadcrumbs(sql, userId, id) };
    },

    async create(userId: string, input: { name: string; parentId?: string | null }) {
      const folder = await write(async (sql) => {
        await lockFolders(sql, userId);
        if (input.parentId) await assertOwnFolder(sql, userId, input.parentId);
        const id = crypto.randomUUID();
        await insertFolder(sql, id, userId, input.parentId ?? null, input.name);
        return one(sql, userId, id);
      });
      return { message: MESSAGES.folderCreated, folder };
    },

    /** Renames and/or moves; a move into the folder itself or below it is refused (422). */
    async update(userId: string, id: string, input: { name?: string; parentId?: string | null }) {
      const folder = await write(async (sql) => {
        await lockFolders(sql, userId);
        const current = await assertOwnFolder(sql, userId, id);
        if (input.parentId !== undefined && input.parentId !== current.parent_id) {
          if (input.parentId) {
            await assertOwnFolder(sql, userId, input.parentId);
            // The target's ancestors, itself included: the folder must not be among them.
            const trail = await folderTrail(sql, userId, input.parentId);
            if (trail.some((c) => c.id === id)) throw unprocessable({ parentId: FOLDER_CYCLE });
          }
          await setFolderParent(sql, id, input.parentId);
        }
        if (input.name !== undefined) await renameFolder(sql, id, input.name);
        return one(sql, userId, id);
      });
      return { message: MESSAGES.folderUpdated, folder };
    },

    /** Deletes a folder; its videos and subfolders move up to its parent (one transaction). */
    async remove(userId: string, id: string) {
      await write(async (sql) => {
        await lockFolders(sql, userId);
        const folder = await assertOwnFolder(sql, userId, id);
        await deleteFolderKeepingContent(sql, userId, id, folder.parent_id);
      });
      return { message: MESSAGES.folderDeleted };
    },
  };
}
export type FoldersService = ReturnType<typeof createFoldersService>;
