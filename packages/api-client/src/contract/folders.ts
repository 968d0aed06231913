import { z } from 'zod';
import { minLengthMessage, sortDirection } from './common.ts';

/** Long enough for any real name, short enough for the folder panel and breadcrumbs. */
export const FOLDER_NAME_MAX = 100;
export const FOLDER_NAME_TOO_LONG = `Folder names can be at most ${FOLDER_NAME_MAX} characters.`;
export const FOLDER_NOT_FOUND = 'Folder not found';
export const FOLDER_CYCLE = 'A folder cannot be moved into itself or one of its subfolders.';

const folderId = z.uuid({ error: 'Must be a folder id.' });
/** A query's folder id; `null` (or empty) names the top level. */
export const FolderParam = z.preprocess((v) => (v === '' || v === 'null' ? null : v), folderId.nullable());

export const FolderName = z
  .string({ error: minLengthMessage(1) })
  .trim()
  .min(1, { error: minLengthMessage(1) })
  .max(FOLDER_NAME_MAX, { error: FOLDER_NAME_TOO_LONG });

export const Folder = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  createdAt: z.string(),
  /** Videos directly in this folder. */
  countVideo: z.number().int(),
  /** Folders directly in this folder. */
  countFolder: z.number().int(),
});
export type Folder = z.infer<typeof Folder>;

/** One step of a breadcrumb trail; the trail runs from the top level down. */
export const FolderCrumb = z.object({ id: z.string(), name: z.string() });
export type FolderCrumb = z.infer<typeof FolderCrumb>;

export const FolderDetail = Folder.extend({ breadcrumbs: z.array(FolderCrumb) });

export const FolderListQuery = z.object({
  parent_id: FolderParam.optional(),
  direction: sortDirection('ASC'),
});

/** The children of one folder (or of the top level), and the trail down to that folder. */
export const FolderList = z.object({ items: z.array(Folder), breadcrumbs: z.array(FolderCrumb) });
export type FolderList = z.infer<typeof FolderList>;

export const FolderCreate = z.object({ name: FolderName, parentId: folderId.nullable().optional() });
/** Rename and move: `parentId` null moves to the top level; a field left out stays as it is. */
export const FolderUpdate = z
  .object({ name: FolderName.optional(), parentId: folderId.nullable().optional() })
  .refine((u) => u.name !== undefined || u.parentId !== undefined, { error: 'Give a name or a parentId.', path: ['name'] });
export const FolderSaved = z.object({ message: z.string(), folder: Folder });
