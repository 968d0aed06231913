import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ApiError, type TusInput } from '@reelbase/api-client';
import { type ItemStatus, percentOf, type QueueItemView, type QueueSnapshot, type TrimRange } from '../shared/queue.ts';
import type { FolderMirror } from './folder-mirror.ts';
import type { FoundVideo } from './folder-walk.ts';
import type { QueueState, QueueStore, StoredItem } from './queue-store.ts';

/** What the queue needs of the API (the api-client's calls of the same names). */
export interface UploadApi {
  resumableUpload(input: TusInput): Promise<string>;
  /** Bytes the server holds of an unfinished upload; null when it holds none (finished or expired). */
  uploadOffset(uploadUrl: string): Promise<number | null>;
  /** Rejects with a 404 ApiError when the video is gone (or is somebody else's). */
  getVideo(videoId: string): Promise<unknown>;
  /** The user's video of this name and size created at or after `since` (epoch ms), if any. */
  findVideo(name: string, size: number, since: number): Promise<string | null>;
}

export interface QueueOptions {
  store: QueueStore;
  api: UploadApi;
  folders: FolderMirror;
  /** Pre-trims a file to `outputBase` plus an extension and resolves with that path; the upload then sends the cut. */
  trim?: (input: string, outputBase: string, range: TrimRange) => Promise<string>;
  /** Where pre-trimmed copies wait for their upload. */
  workDir: string;
  /** Files uploading at once. */
  concurrency?: number;
  chunkSize?: number;
  /** Delay before the n-th retry (n from 1). */
  backoff?: (attempt: number) => number;
  /** Retries of a failing server answer (5xx) before the file is marked failed; network errors retry without end. */
  maxServerRetries?: number;
  onChange?: (snapshot: QueueSnapshot) => void;
  /** The list ran empty: every file is done, skipped or failed. */
  onDrained?: (summary: { done: number; skipped: number; failed: number }) => void;
  /** A file continued an earlier upload from `offset` (the server's last byte). */
  onResume?: (item: { id: string; relPath: string; offset: number }) => void;
}

export interface AddInput {
  path: string;
  relPath?: string;
  mime: string;
  size: number;
  /** The video's name; the file name without its extension when absent. */
  name?: string;
  root?: string | null;
  folders?: string[];
  trim?: TrimRange | null;
  /** Replaces the file of this video (of the signed-in user) instead of making a new video; root and folders do not apply. */
  replaces?: string | null;
}

const PENDING: ItemStatus[] = ['queued', 'uploading', 'retrying', 'paused'];
const defaultBackoff = (n: number) => Math.min(60_000, 1000 * 2 ** (n - 1));
const stripExtension = (f: string) => f.replace(/\.[^./\\]+$/, '') || f;

interface Running {
  pause: AbortController;
  cancel: AbortController;
  done: Promise<void>;
}

/**
 * The bulk upload queue of the desktop app: a few files at a time through tus, progress per
 * file and in total, pause/resume/cancel, retries with backoff, and a persisted state so that a
 * new process continues each file from the last byte the server holds. A file whose size and
 * SHA-256 match an earlier upload that still exists is skipped.
 */
export class UploadQueue {
  private state!: QueueState;
  private readonly running = new Map<string, Running>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private completedSinceIdle = { done: 0, skipped: 0, failed: 0 };
  private lastProgressSave = 0;
  private stopped = false;

  private readonly o: QueueOptions;

  constructor(options: QueueOptions) {
    this.o = options;
  }

  /** Loads the persisted queue; files that were uploading when the last process ended go again. */
  async open(): Promise<void> {
    this.state = await this.o.store.load();
    for (const i of this.state.items) if (i.status === 'uploading' || i.status === 'retrying') i.status = 'queued';
    await this.persist();
  }

  /**
   * Adds the videos a folder walk found. With `mirror` (the default) their folders are mirrored
   * below a Reelbase folder named like the picked one; without, they all go to the top level.
   */
  async addFolder(rootPath: string, videos: FoundVideo[], mirror = true): Promise<void> {
    const root = mirror ? randomUUID() : null;
    if (root) this.state.roots[root] = { name: basename(rootPath), folders: {} };
    await this.add(videos.map((v) => ({ path: v.path, relPath: v.relPath, mime: v.mime, size: v.size, root, folders: v.folders })));
  }

  async add(files: AddInput[]): Promise<void> {
    for (const f of files) {
      const filename = basename(f.path);
      this.state.items.push({
        id: randomUUID(),
        path: f.path,
        relPath: f.relPath ?? filename,
        name: f.name?.trim() || stripExtension(filename),
        mime: f.mime,
        size: f.size,
        root: f.root ?? null,
        folders: f.folders ?? [],
        trim: f.trim ?? null,
        trimmedPath: null,
        sha256: null,
        uploadUrl: null,
        status: 'queued',
        addedAt: Date.now(),
        sent: 0,
        attempts: 0,
        error: null,
        videoId: null,
        replaces: f.replaces ?? null,
      });
    }
    await this.changed();
    this.pump();
  }

  /** Starts (or continues) uploading. */
  start(): void {
    this.stopped = false;
    this.pump();
  }

  pause(id?: string): void {
    for (const i of this.pick(id)) {
      if (i.status !== 'queued' && i.status !== 'uploading' && i.status !== 'retrying') continue;
      i.status = 'paused';
      this.running.get(i.id)?.pause.abort();
    }
    void this.changed();
  }

  resume(id?: string): void {
    for (const i of this.pick(id))
      if (i.status === 'paused' || i.status === 'failed') {
        i.status = 'queued';
        i.attempts = 0;
        i.error = null;
      }
    void this.changed();
    this.pump();
  }

  /** Removes files from the queue; the server drops what it held of them. */
  async cancel(id?: string): Promise<void> {
    const gone = this.pick(id).filter((i) => PENDING.includes(i.status));
    // Out of the list first, so no snapshot shows a cancelled file as still uploading.
    this.state.items = this.state.items.filter((i) => !gone.includes(i));
    for (const i of gone) {
      const r = this.running.get(i.id);
      r?.cancel.abort();
      await r?.done;
      if (i.trimmedPath) await rm(i.trimmedPath, { force: true });
    }
    await this.changed();
    this.pump();
  }

  /** Drops finished, skipped and failed files from the list. */
  async clearFinished(): Promise<void> {
    this.state.items = this.state.items.filter((i) => PENDING.includes(i.status));
    await this.changed();
  }

  /** Stops sending (uploads stay resumable) and waits for the running ones to let go. */
  async close(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    const running = [...this.running.values()];
    for (const r of running) r.pause.abort();
    await Promise.all(running.map((r) => r.done));
    await this.persist();
  }

  /** Resolves once the state as it is now is on disk. */
  async saved(): Promise<void> {
    await this.persist();
  }

  snapshot(): QueueSnapshot {
    const items: QueueItemView[] = this.state.items.map((i) => ({
      id: i.id,
      name: i.name,
      relPath: i.relPath,
      status: i.status,
      sent: i.sent,
      size: i.size,
      percent: percentOf(i.sent, i.size),
      error: i.error,
      videoId: i.videoId,
      trim: i.trim,
    }));
    const sent = items.reduce((n, i) => n + (i.status === 'skipped' ? i.size : i.sent), 0);
    const size = items.reduce((n, i) => n + i.size, 0);
    return { items, total: { sent, size, percent: percentOf(sent, size) }, pending: items.filter((i) => PENDING.includes(i.status)).length };
  }

  private pick(id?: string): StoredItem[] {
    return id ? this.state.items.filter((i) => i.id === id) : this.state.items;
  }

  private pump(): void {
    if (this.stopped) return;
    const limit = this.o.concurrency ?? 3;
    for (const item of this.state.items) {
      if (this.running.size >= limit) break;
      if (item.status !== 'queued' || this.running.has(item.id)) continue;
      this.run(item);
    }
    if (this.running.size === 0 && !this.state.items.some((i) => i.status === 'queued' || i.status === 'retrying')) {
      const c = this.completedSinceIdle;
      if (c.done + c.skipped + c.failed > 0 && !this.state.items.some((i) => i.status === 'paused')) {
        this.completedSinceIdle = { done: 0, skipped: 0, failed: 0 };
        this.o.onDrained?.(c);
      }
    }
  }

  private run(item: StoredItem): void {
    const r: Running = { pause: new AbortController(), cancel: new AbortController(), done: Promise.resolve() };
    this.running.set(item.id, r);
    item.status = 'uploading';
    void this.changed();
    r.done = this.upload(item, r)
      .then(() => this.finish(item, 'done'))
      .catch((err: unknown) => this.failed(item, r, err))
      .finally(() => {
        this.running.delete(item.id);
        void this.changed();
        this.pump();
      });
  }

  private async upload(item: StoredItem, r: Running): Promise<void> {
    if (item.trim && !item.trimmedPath) {
      if (!this.o.trim) throw new Error('Pre-trimming needs ffmpeg, which this app could not find.');
      item.trimmedPath = await this.o.trim(item.path, join(this.o.workDir, item.id), item.trim);
      item.size = (await stat(item.trimmedPath)).size;
      await this.persist();
    }
    const source = item.trimmedPath ?? item.path;
    if (!item.sha256) {
      item.sha256 = await sha256(source);
      await this.persist();
    }
    // A replace always sends its file: the same bytes as another video still make this one new.
    if (item.replaces) return this.send(item, r, source, null);
    const key = `${item.size}:${item.sha256}`;
    // Two copies of one file in the same queue: the second waits and then finds the first.
    for (const other of this.state.items)
      if (other !== item && other.status === 'uploading' && `${other.size}:${other.sha256}` === key) await this.running.get(other.id)?.done;
    const earlier = this.state.uploaded[key];
    if (earlier && !item.uploadUrl) {
      const exists = await this.o.api.getVideo(earlier).then(
        () => true,
        (e: unknown) => (e instanceof ApiError && e.status === 404 ? false : Promise.reject(e)),
      );
      if (exists) {
        item.videoId = earlier;
        item.status = 'skipped';
        return;
      }
      delete this.state.uploaded[key];
    }
    await this.send(item, r, source, key);
  }

  /** Sends the file through tus, continuing its upload when the server holds part of it; `key` records a new video's content. */
  private async send(item: StoredItem, r: Running, source: string, key: string | null): Promise<void> {
    if (item.uploadUrl) {
      const offset = await this.o.api.uploadOffset(item.uploadUrl);
      if (offset === null) {
        // The server holds no upload there: it finished just before the last process ended
        // (the video exists, but its id never reached the state), or it expired.
        item.uploadUrl = null;
        // A replace is sent again: the same file replacing the video twice leaves it the same.
        const finished = key && (await this.o.api.findVideo(item.name, item.size, item.addedAt));
        if (finished) {
          item.videoId = finished;
          this.state.uploaded[key] = finished;
          return;
        }
      } else {
        item.sent = offset;
        this.o.onResume?.({ id: item.id, relPath: item.relPath, offset });
      }
    }
    const folderId = item.root && !item.replaces ? await this.o.folders.folderFor(this.state.roots[item.root], item.folders, () => this.persist()) : null;
    const videoId = await this.o.api.resumableUpload({
      file: createReadStream(source),
      filename: basename(item.path),
      filetype: item.mime,
      name: item.name,
      metadata: item.replaces ? { replaces: item.replaces } : folderId ? { folderId } : {},
      uploadUrl: item.uploadUrl,
      chunkSize: this.o.chunkSize ?? 8 * 1024 * 1024,
      // One quick retry (it also carries a token refresh); longer outages are the queue's backoff, shown as 'retrying'.
      retryDelays: [0],
      signal: r.cancel.signal,
      pauseSignal: r.pause.signal,
      onUploadUrl: (url) => {
        item.uploadUrl = url;
        void this.persist();
      },
      onProgress: (p) => {
        item.sent = p.loaded;
        this.progressed();
      },
    });
    item.videoId = videoId;
    if (key) this.state.uploaded[key] = videoId;
  }

  private async finish(item: StoredItem, status: 'done' | 'skipped') {
    if (item.status !== 'skipped') item.status = status;
    item.sent = item.size;
    item.uploadUrl = null;
    item.error = null;
    this.completedSinceIdle[item.status === 'skipped' ? 'skipped' : 'done']++;
    if (item.trimmedPath) {
      await rm(item.trimmedPath, { force: true });
      item.trimmedPath = null;
    }
  }

  private failed(item: StoredItem, r: Running, err: unknown) {
    // Paused or cancelled on purpose: the status already says what happened.
    if (r.pause.signal.aborted || r.cancel.signal.aborted) return;
    const status = err instanceof ApiError ? err.status : 0;
    const message = err instanceof Error ? err.message : String(err);
    // A refusal (bad file, full storage, signed out) will not change by retrying.
    if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
      item.status = 'failed';
      item.error = message;
      this.completedSinceIdle.failed++;
      return;
    }
    item.attempts++;
    if (status >= 500 && item.attempts > (this.o.maxServerRetries ?? 10)) {
      item.status = 'failed';
      item.error = message;
      this.completedSinceIdle.failed++;
      return;
    }
    item.status = 'retrying';
    item.error = message;
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (item.status !== 'retrying') return;
      item.status = 'queued';
      this.pump();
    }, (this.o.backoff ?? defaultBackoff)(item.attempts));
    this.timers.add(t);
  }

  private progressed() {
    this.o.onChange?.(this.snapshot());
    // Offsets on disk are only for display; a resume asks the server where it stands.
    if (Date.now() - this.lastProgressSave > 1000) {
      this.lastProgressSave = Date.now();
      void this.persist();
    }
  }

  private async changed() {
    this.o.onChange?.(this.snapshot());
    await this.persist();
  }

  private persist() {
    return this.o.store.save(this.state);
  }
}

async function sha256(path: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path)) h.update(chunk as Buffer);
  return h.digest('hex');
}
