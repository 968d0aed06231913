import type { StoredRoot } from './queue-store.ts';

/** What mirroring needs of the API: the folders of one parent, and a new folder. */
export interface FolderApi {
  list(parentId: string | null): Promise<{ id: string; name: string }[]>;
  create(name: string, parentId: string | null): Promise<{ id: string }>;
}

export interface FolderMirror {
  /**
   * The Reelbase folder for a file `segments` below a picked folder, creating the picked folder
   * (at the top level) and each subfolder on the way when missing. Ids are kept in `root`, and
   * `persist` is called after each new one, so a resumed queue never creates a folder twice.
   */
  folderFor(root: StoredRoot, segments: string[], persist: () => Promise<void>): Promise<string>;
}

export function folderMirror(api: FolderApi): FolderMirror {
  // One creation per folder even when several uploads ask for it at once.
  const pendingByRoot = new WeakMap<StoredRoot, Map<string, Promise<string>>>();
  const ensure = (root: StoredRoot, path: string[], persist: () => Promise<void>): Promise<string> => {
    const key = path.join('/');
    const known = root.folders[key];
    if (known) return Promise.resolve(known);
    const pending = pendingByRoot.get(root) ?? new Map<string, Promise<string>>();
    pendingByRoot.set(root, pending);
    let p = pending.get(key);
    if (!p) {
      p = (async () => {
        const parentId = path.length === 0 ? null : await ensure(root, path.slice(0, -1), persist);
        const name = path.length === 0 ? root.name : path[path.length - 1];
        // A folder of that name may exist already (an earlier upload of the same tree): reuse it.
        const existing = (await api.list(parentId)).find((f) => f.name === name);
        const id = existing?.id ?? (await api.create(name, parentId)).id;
        root.folders[key] = id;
        await persist();
        return id;
      })().finally(() => pending.delete(key));
      pending.set(key, p);
    }
    return p;
  };
  return { folderFor: (root, segments, persist) => ensure(root, segments, persist) };
}
