import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { VIDEO_NAME_MAX } from '@reelbase/api-client';
import type { Orm } from '../../../db/orm.ts';
import { sqlOf } from '../../../db/sql.ts';
import { conflict } from '../../../http/errors.ts';
import { JOBS } from '../../../queue/job-contract.ts';
import type { JobQueue } from '../../../queue/job-queue.ts';
import { recordActivity } from '../../teams/activity.ts';
import { User } from '../../users/user.entity.ts';
import { ADMISSION_MS, defaultPlayerConfig, ownedVideo, ownerPrivacyDefaults } from '../video-basics.ts';
import { Video } from '../video.entity.ts';

export const IMPORT_RUNNING = 'An import is already running for your account. Wait until it finishes.';

/** Import intake: a link becomes an 'importing' video row and an import-video job (jobs/import-video.ts fetches it). */
export interface VideoImports {
  /** Starts importing `url` for the caller (one import at a time per account: 409). */
  startImport(userId: string, url: string): Promise<{ id: string }>;
  /** How far the caller's import `id` got, and why it failed if it did. */
  importStatus(userId: string, id: string): Promise<{ progress: number; name: string; error: string | null }>;
}

export function createVideoImports(d: {
  orm: Orm;
  queue: JobQueue;
  /** Refuses (ImportRefusedError, a 422) a link the import job would not be allowed to fetch. */
  checkImportUrl: (url: string) => Promise<unknown>;
}): VideoImports {
  return {
    async startImport(userId, url) {
      d.queue.assertAccepts(JOBS.importVideo);
      // Refuse private and loopback addresses at once; the job checks every hop again.
      await d.checkImportUrl(url);
      const em = d.orm.em.fork();
      const owner = await em.findOneOrFail(User, { id: userId });
      const name = importName(url);
      // Admitted (429, and 413 for a full account) before the row; its bytes are reserved while they arrive (jobs/import-video.ts).
      const slot = await d.queue.takeSlot(userId, JOBS.importVideo, 0, ADMISSION_MS);
      const video = em.create(Video, {
        userId,
        name,
        source: 'import',
        importUrl: url,
        status: 'importing',
        renditions: [],
        thumbnails: [],
        playerConfig: defaultPlayerConfig(owner),
        ...ownerPrivacyDefaults(owner),
      });
      // A partial unique index keeps one 'importing' row per account, parallel calls included.
      await em.flush().catch(async (err) => {
        await d.queue.releaseSlot(slot.id);
        throw err instanceof UniqueConstraintViolationException ? conflict(IMPORT_RUNNING) : err;
      });
      await d.queue.send(JOBS.importVideo, { videoId: video.id }, { userId, slotId: slot.id, singletonKey: video.id }).catch(async (err) => {
        await em.nativeDelete(Video, { id: video.id });
        throw err;
      });
      await recordActivity(sqlOf(em), userId, 'video.imported', { type: 'video', id: video.id, name: video.name });
      return { id: video.id };
    },

    async importStatus(userId, id) {
      const { video } = await ownedVideo(d.orm, userId, id);
      return { progress: video.importProgress, name: video.name, error: video.status === 'failed' ? (video.error ?? 'Import failed') : null };
    },
  };
}

/** An import's first name: the link's last path segment as text (control characters dropped), else its host. */
function importName(url: string): string {
  const link = new URL(url);
  const last = link.pathname.split('/').filter(Boolean).pop() ?? '';
  let text: string;
  try {
    text = decodeURIComponent(last);
  } catch {
    text = last;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return text.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, VIDEO_NAME_MAX).trim() || link.hostname;
}
