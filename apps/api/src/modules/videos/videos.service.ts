import type { Orm } from '../../db/orm.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { Storage } from '../../storage/storage.ts';
import type { PlaybackTokens } from '../playback/playback-tokens.ts';
import { createVideoCatalogue, type VideoCatalogue } from './catalogue/catalogue.service.ts';
import { createVideoEdits, type VideoEdits } from './edits/edits.service.ts';
import type { StorageQuota } from './quota/storage-quota.ts';
import { createVideoImports, type VideoImports } from './uploads/imports.service.ts';
import { createVideoUploads, type VideoUploads } from './uploads/uploads.service.ts';

/**
 * What the videos area offers its routes, the tus uploads and the GIFs: the catalogue (list, view,
 * delete, bulk), upload and import intake, and edits (trim, copy, cover, watermark), each its own
 * service in its sub-folder; delivery (delivery/) and the storage quota (quota/) stand apart.
 */
export type VideosService = VideoCatalogue & VideoUploads & VideoImports & VideoEdits;

export function createVideosService(d: {
  orm: Orm;
  storage: Storage;
  queue: JobQueue;
  quota: StorageQuota;
  /** SOURCE_MAX_BYTES: the largest file accepted. */
  sourceMaxBytes: number;
  /** Refuses (ImportRefusedError, a 422) a link the import job would not be allowed to fetch. */
  checkImportUrl: (url: string) => Promise<unknown>;
  /** Signs the media URLs of videos that are not public in the owner's answers. */
  tokens?: PlaybackTokens;
  /** Drops this process's delivery answers of videos whose visibility changed (the others hear the NOTIFY). */
  onServingChanged?: (videoIds?: string[]) => void;
}): VideosService {
  return { ...createVideoCatalogue(d), ...createVideoUploads(d), ...createVideoImports(d), ...createVideoEdits(d) };
}
