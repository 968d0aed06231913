import { mkdir, rm, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Orm } from '../db/orm.ts';
import { probe } from '../media/probe.ts';
import { checkSource, type SourceLimits } from '../media/source-limits.ts';
import type { StorageQuota } from '../modules/videos/quota/storage-quota.ts';
import { removeStaleMedia } from '../modules/videos/stale-media.ts';
import { Video } from '../modules/videos/video.entity.ts';
import { videoKeys } from '../modules/videos/storage-layout.ts';
import type { Storage } from '../storage/storage.ts';
import type { EditDeps } from './edit-deps.ts';
import { dropAudioTracksOutOfStep } from './audio-track.ts';
import { publishReplacement } from './edit-video.ts';
import { JOBS, type ReplaceVideoJob } from '../queue/job-contract.ts';
import { progressReporter } from './progress.ts';
import { regenerateTracks } from '../modules/captions/generation.service.ts';

/**
 * The replace-video job: the new file (already in storage) is probed and checked against the
 * source limits here, in the worker, then published over the video like a trim over it
 * (publishReplacement): the old picture plays until the new first rendition and frames are
 * stored, one update switches the row to the new version, and process-video builds the ladder.
 * The row keeps its id, name, folder, player and embed settings, statistics and bandwidth.
 */
export function replaceVideoHandler(d: EditDeps & { limits: SourceLimits }) {
  return async function replaceVideo(job: ReplaceVideoJob, _attempt = 0, signal?: AbortSignal) {
    const em = d.orm.em.fork();
    const video = await em.findOne(Video, { id: job.videoId });
    if (!video) return; // deleted meanwhile, its folder with it
    // Switched by an earlier try: only the ladder that follows is left.
    if (video.lastEditId === job.replaceId) return void (await d.queue.send(JOBS.processVideo, { videoId: video.id }, { userId: video.userId, continuing: true, singletonKey: video.id }));
    const work = join(d.workDir, `replace-${video.id}-${crypto.randomUUID()}`);
    const input = join(work, `source${extname(job.sourceKey)}`);
    const report = progressReporter(d.orm, video.id);
    try {
      await mkdir(work, { recursive: true });
      await d.storage.getFile(job.sourceKey, input);
      const info = await probe(input, { ffprobePath: d.ffprobePath, deadlines: d.deadlines, signal });
      checkSource(info, d.limits);
      const published = await publishReplacement(d, em, video, input, job.replaceId, {
        ffmpegPath: d.ffmpegPath,
        timeoutMs: d.timeoutMs,
        deadlines: d.deadlines,
        signal,
        onProgress: (f) => report(35 * f),
        size: (await stat(input)).size,
        sourceKey: job.sourceKey,
        change: 'replaced',
        fields: { lastEditId: job.replaceId, task: null, error: null },
      });
      // A remux became the source (main.mp4): the received file is not kept twice.
      if (published && video.originalKey !== job.sourceKey) {
        await d.storage.delete(job.sourceKey);
        await d.quota.recount(video.id);
      }
      // Generated captions are made again from the new file; dubs of another length go.
      if (published) await regenerateTracks(d, video.id);
      if (published) await dropAudioTracksOutOfStep(d, video.id, info.durationSec);
      d.log.info({ videoId: video.id }, 'replaced by a new file');
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  };
}

/**
 * After the last try (or at once for a file that is no video or passes the limits): the new file
 * and anything published of it go, and the video is as it was, playing its picture, with the
 * reason for its owner.
 */
export async function markReplaceFailed(d: { orm: Orm; storage: Storage; quota: StorageQuota }, videoId: string, reason: string) {
  const em = d.orm.em.fork();
  const video = await em.findOne(Video, { id: videoId });
  if (!video) return;
  const prefix = `${videoKeys.dir(videoId)}/replacement-`;
  for await (const o of d.storage.list(`${videoKeys.dir(videoId)}/`)) if (o.key.startsWith(prefix) && o.key !== video.originalKey) await d.storage.delete(o.key);
  await removeStaleMedia(d.storage, video);
  Object.assign(video, { status: 'ready', task: null, progress: 100, error: reason });
  await em.flush();
  await d.quota.recount(videoId);
}
