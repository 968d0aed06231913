import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileTypeFromFile } from 'file-type';

export interface FoundVideo {
  path: string;
  /** Path below the picked folder, with '/' separators (e.g. "trips/2024/beach.mp4"). */
  relPath: string;
  /** The subfolders it sits in, outermost first ([] for files directly in the picked folder). */
  folders: string[];
  size: number;
  /** What the file's content says it is, e.g. video/mp4. */
  mime: string;
}

export interface WalkResult {
  videos: FoundVideo[];
  /** Every subfolder below the picked one that holds a video somewhere beneath it, as path segments. */
  folders: string[][];
  /** Files left out because their content is not a video. */
  skipped: string[];
}

/**
 * Walks a folder recursively and keeps the files whose first bytes are a video container (an
 * extension proves nothing: a renamed text file is skipped and a video without one is kept).
 * Hidden entries and symbolic links are left alone, so a link cannot lead the walk outside.
 */
export async function walkFolder(root: string): Promise<WalkResult> {
  const videos: FoundVideo[] = [];
  const skipped: string[] = [];
  const visit = async (dir: string) => {
    const entries: Dirent[] = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const path = join(dir, e.name);
      if (e.isDirectory()) await visit(path);
      else if (e.isFile()) {
        const mime = await sniffVideo(path);
        const relPath = relative(root, path).split(sep).join('/');
        if (!mime) skipped.push(relPath);
        else videos.push({ path, relPath, folders: relPath.split('/').slice(0, -1), size: (await stat(path)).size, mime });
      }
    }
  };
  await visit(root);
  const seen = new Set<string>();
  const folders: string[][] = [];
  for (const v of videos)
    for (let i = 1; i <= v.folders.length; i++) {
      const key = v.folders.slice(0, i).join('/');
      if (!seen.has(key)) {
        seen.add(key);
        folders.push(v.folders.slice(0, i));
      }
    }
  return { videos, folders, skipped };
}

/** The video MIME type that a file's magic bytes show, or null when they show none. */
export async function sniffVideo(path: string): Promise<string | null> {
  const type = await fileTypeFromFile(path).catch(() => undefined);
  return type?.mime.startsWith('video/') ? type.mime : null;
}
