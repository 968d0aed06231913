import { FOLDER_CYCLE, FOLDER_NOT_FOUND, type Folder, type FolderCrumb, MESSAGES } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { isUuid, type Sql, sqlOf } from '../../db/sql.ts';
import { assertOwnFolder, lockFolders } from './folder-access.ts';

type Row = { id: string; name: string; parent_id: string | null; created_at: Date; count_video: string | number; count_folder: string | number };

// video_count is kept by the trigger on videos (Migration20261212000001VideoCounts).
const SELECT = `select f.id, f.name, f.parent_id, f.created_at, f.video_count as count_video,
  (select count(*) from folders c where c.user_id = f.user_id and c.parent_id = f.id) as count_folder
  from folders f`;

const toFolder = (r: Row): Folder => ({
  id: r.id,
  name: r.name,
  parentId: r.parent_id,
  createdAt: new Date(r.created_at).toISOString(),
  countVideo: Number(r.count_video),
  countFolder: Number(r.count_folder),
});

/**
 * The trail from the top level down to a folder, in one recursive query whatever the depth.
 * Empty when the folder is not the caller's.
 */
const TRAIL = `with recursive trail as (
    select id, name, parent_id, 0 as depth from folders where id = ? and user_id = ?
    union all
    select f.id, f.name, f.parent_id, t.depth + 1 from folders f join trail t on f.id = t.parent_id where f.user_id = ?
  ) select id, name from trail order by depth desc`;

/** Nested folders of one account. Every write runs in one transaction under the account's folder lock. */
export function createFoldersService(d: { orm: Orm }) {
  const read = () => sqlOf(d.orm.em.fork());
  const write = <T>(fn: (sql: Sql) => Promise<T>) => d.orm.em.fork().transactional((em) => fn(sqlOf(em)));

  async function one(sql: Sql, userId: string, id: string): Promise<Folder> {
    // A malformed id is the same 404 as another user's (PostgreSQL would refuse it as a uuid).
    const [row] = isUuid(id) ? await sql<Row[]>(`${SELECT} where f.id = ? and f.user_id = ?`, [id, userId]) : [];
    if (!row) throw notFound(FOLDER_NOT_FOUND);
    return toFolder(row);
  }

  async function breadcrumbs(sql: Sql, userId: string, id: string): Promise<FolderCrumb[]> {
    const trail = await sql<FolderCrumb[]>(TRAIL, [id, userId, userId]);
    if (!trail.length) throw notFound(FOLDER_NOT_FOUND);
    return trail.map((c) => ({ id: c.id, name: c.name }));
  }

  return {
    /** The children of `parentId` (null: the top level) by name, and the trail down to it. */
    async list(userId: string, q: { parent_id?: string | null; direction: 'ASC' | 'DESC' }) {
      const sql = read();
      const parentId = q.parent_id ?? null;
      const trail = parentId ? await breadcrumbs(sql, userId, parentId) : [];
      const dir = q.direction === 'DESC' ? 'desc' : 'asc';
      const rows = await sql<Row[]>(`${SELECT} where f.user_id = ? and ${parentId ? 'f.parent_id = ?' : 'f.parent_id is null'} order by lower(f.name) ${dir}, f.id ${dir}`, parentId ? [userId, parentId] : [userId]);
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
        await sql('insert into folders (id, user_id, parent_id, name) values (?, ?, ?, ?)', [id, userId, input.parentId ?? null, input.name]);
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
            const trail = await sql<FolderCrumb[]>(TRAIL, [input.parentId, userId, userId]);
            if (trail.some((c) => c.id === id)) throw unprocessable({ parentId: FOLDER_CYCLE });
          }
          await sql('update folders set parent_id = ? where id = ?', [input.parentId, id]);
        }
        if (input.name !== undefined) await sql('update folders set name = ? where id = ?', [input.name, id]);
        return one(sql, userId, id);
      });
      return { message: MESSAGES.folderUpdated, folder };
    },

    /** Deletes a folder; its videos and subfolders move up to its parent (one transaction). */
    async remove(userId: string, id: string) {
      await write(async (sql) => {
        await lockFolders(sql, userId);
        const folder = await assertOwnFolder(sql, userId, id);
        await sql('update folders set parent_id = ? where user_id = ? and parent_id = ?', [folder.parent_id, userId, id]);
        await sql('update videos set folder_id = ? where user_id = ? and folder_id = ?', [folder.parent_id, userId, id]);
        await sql('delete from folders where id = ?', [id]);
      });
      return { message: MESSAGES.folderDeleted };
    },
  };
}
export type FoldersService = ReturnType<typeof createFoldersService>;
