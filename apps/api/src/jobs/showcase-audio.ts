import { mkdir, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Job } from 'pg-boss';
import { sqlOf } from '../db/sql.ts';
import { makeAudioRendition } from '../media/audio-rendition.ts';
import { newRunId } from '../media/files.ts';
import { showcaseQueries } from '../modules/showcases/showcases.queries.ts';
import { videoKeys } from '../modules/videos/storage-layout.ts';
import { Video } from '../modules/videos/video.entity.ts';
import { JOBS, type ShowcaseAudioJob } from '../queue/job-contract.ts';
import type { Queue } from '../queue/queue.ts';
import type { EditDeps } from './edit-deps.ts';

/**
 * The showcase-audio job: the audio-only AAC rendition of a video for showcase feeds, cut from the
 * video's source, stored beside its other files (so it goes with the video and counts in its
 * storage), then the row says ready with its byte length; a video without audio is marked 'none'.
 * A run for a video deleted meanwhile drops what it stored.
 */
export function showcaseAudioHandler(d: EditDeps) {
  return async function showcaseAudio(job: ShowcaseAudioJob, signal?: AbortSignal) {
    const em = d.orm.em.fork();
    const sql = sqlOf(em);
    const video = await em.findOne(Video, { id: job.videoId });
    if (!video) return;
    // Not uploaded yet: pg-boss tries again after its delay.
    if (!video.originalKey) throw new Error('The video has no source yet.');
    const runId = newRunId();
    const work = join(d.workDir, `audio-${runId}`);
    try {
      await mkdir(work, { recursive: true });
      const input = join(work, `source${extname(video.originalKey)}`);
      await d.storage.getFile(video.originalKey, input);
      const made = await makeAudioRendition(input, join(work, 'out'), { ffmpegPath: d.ffmpegPath, ffprobePath: d.ffprobePath, timeoutMs: d.timeoutMs, deadlines: d.deadlines, signal });
      const before = await showcaseQueries.audioKey(sql, video.id);
      if (!made) {
        await showcaseQueries.audioNone(sql, video.id, video.mediaVersion);
      } else {
        const key = videoKeys.file(video.id, `audio-${runId}.m4a`);
        await d.storage.putFile(key, made.file);
        const updated = await showcaseQueries.audioReady(sql, video.id, key, made.bytes, video.mediaVersion);
        // The video (and so its row) was deleted meanwhile: nothing lists the file.
        if (!updated.length) await d.storage.delete(key);
      }
      if (before?.key) await d.storage.delete(before.key);
      await d.quota.recount(video.id);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  };
}

/** Subscribes the handler; the last failed try marks the row failed (its feed item has no enclosure). */
export async function startShowcaseAudioJobs(queue: Queue, d: EditDeps) {
  const handle = showcaseAudioHandler(d);
  await queue.boss.work<ShowcaseAudioJob>(JOBS.showcaseAudio, { batchSize: 1, localConcurrency: 1, includeMetadata: true, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2 }, async (jobs: Job<ShowcaseAudioJob>[]) => {
    for (const job of jobs) {
      const { retryCount = 0, retryLimit = 0 } = job as unknown as { retryCount?: number; retryLimit?: number };
      const signal = AbortSignal.timeout(d.timeoutMs);
      try {
        await handle(job.data, signal);
      } catch (err) {
        d.log.warn({ job: JOBS.showcaseAudio, videoId: job.data.videoId, attempt: retryCount, err }, 'job failed');
        if (retryCount >= retryLimit) await showcaseQueries.audioFailed(sqlOf(d.orm.em.fork()), job.data.videoId);
        throw err;
      }
    }
  });
}
