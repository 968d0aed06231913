import type { Orm } from '../db/orm.ts';
import { Video } from '../modules/videos/video.entity.ts';

/**
 * Reports a job's progress (0..100) to the video's row at most once a second, never backwards
 * and at most 99 (100 is written by the step that finishes). It writes outside the job's unit of
 * work: a flush fired from a progress callback beside a step's own flush could swallow the
 * step's changes.
 */
export function progressReporter(orm: Orm, videoId: string) {
  let lastWrite = 0;
  return (pct: number) => {
    if (Date.now() - lastWrite < 1_000) return;
    lastWrite = Date.now();
    const value = Math.min(99, Math.round(pct));
    void orm.em.fork().nativeUpdate(Video, { id: videoId, progress: { $lt: value } }, { progress: value }).catch(() => {});
  };
}
