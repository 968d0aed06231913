import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ItemStatus, TrimRange } from '../shared/queue.ts';

export interface StoredItem {
  id: string;
  /** The file as picked. */
  path: string;
  relPath: string;
  name: string;
  mime: string;
  /** Bytes to upload: of the pre-trimmed copy once it exists. */
  size: number;
  /** Which picked folder it came from (a key of `roots`), and its subfolders below it. */
  root: string | null;
  folders: string[];
  trim: TrimRange | null;
  /** The pre-trimmed copy, kept until uploaded so a resume sends the same bytes. */
  trimmedPath: string | null;
  sha256: string | null;
  /** The tus upload on the server: continuing it resumes from the last byte it holds. */
  uploadUrl: string | null;
  status: ItemStatus;
  /** When it was queued (epoch ms). */
  addedAt: number;
  sent: number;
  attempts: number;
  error: string | null;
  videoId: string | null;
  /** The id of the video whose file this one replaces (it keeps its id, link and settings); absent for a new video. */
  replaces?: string | null;
}

export interface StoredRoot {
  name: string;
  /** Reelbase folder ids of the mirrored folders, by path below the picked folder ('' is the picked folder). */
  folders: Record<string, string>;
}

export interface QueueState {
  version: 1;
  items: StoredItem[];
  roots: Record<string, StoredRoot>;
  /** Video ids of finished uploads by "size:sha256": the same content is not sent twice. */
  uploaded: Record<string, string>;
}

const empty = (): QueueState => ({ version: 1, items: [], roots: {}, uploaded: {} });

/**
 * The queue's state as one JSON file. Each write goes to a temporary file renamed over the old
 * one, so a crash or a kill mid-write leaves the previous state, never half a file.
 */
export class QueueStore {
  private writing: Promise<void> = Promise.resolve();
  private seq = 0;

  readonly file: string;

  constructor(file: string) {
    this.file = file;
  }

  async load(): Promise<QueueState> {
    try {
      const s = JSON.parse(await readFile(this.file, 'utf8')) as QueueState;
      return s.version === 1 ? { ...empty(), ...s } : empty();
    } catch {
      return empty();
    }
  }

  /** Resolves once every queued write is on disk. */
  idle(): Promise<void> {
    return this.writing.catch(() => {});
  }

  /** Queues a write of the state as it is now; writes happen one after the other. */
  save(state: QueueState): Promise<void> {
    const text = JSON.stringify(state);
    const tmp = `${this.file}.${process.pid}.${++this.seq}.tmp`;
    this.writing = this.writing
      .catch(() => {})
      .then(async () => {
        await mkdir(dirname(this.file), { recursive: true });
        await writeFile(tmp, text);
        await rename(tmp, this.file);
      });
    return this.writing;
  }
}
