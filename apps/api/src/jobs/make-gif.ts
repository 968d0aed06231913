import { mkdir, rm, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { makeGif } from '../media/gif.ts';
import { Gif } from '../modules/gifs/gif.entity.ts';
import { Video } from '../modules/videos/video.entity.ts';
import { videoKeys } from '../modules/videos/storage-layout.ts';
import type { EditDeps } from './edit-deps.ts';
import type { MakeGifJob } from '../queue/job-contract.ts';

/**
 * The make-gif job (the API waits for it): the clip is cut from the video's source into a GIF
 * and an MP4 snippet, both stored, then the row is written. Files of a run that fails, or of a
 * video deleted meanwhile, are removed.
 */
export function makeGifHandler(d: EditDeps) {
  return async function makeGifJob(job: MakeGifJob, _attempt = 0, signal?: AbortSignal) {
    const em = d.orm.em.fork();
    const video = await em.findOne(Video, { id: job.videoId });
    if (!video?.originalKey) throw new Error('The video is gone.');
    const work = join(d.workDir, `gif-${job.gifId}`);
    const keys = { gif: videoKeys.gif(video.id, job.gifId, 'gif'), mp4: videoKeys.gif(video.id, job.gifId, 'mp4') };
    const dropFiles = () => Promise.all([d.storage.delete(keys.gif), d.storage.delete(keys.mp4)]);
    try {
      await mkdir(work, { recursive: true });
      const input = join(work, `source${extname(video.originalKey)}`);
      await d.storage.getFile(video.originalKey, input);
      const made = await makeGif(
        input,
        join(work, 'out'),
        { startSec: job.startTime, durationSec: job.endTime - job.startTime, fps: job.fps, size: job.size, text: job.textInfo },
        { ffmpegPath: d.ffmpegPath, ffprobePath: d.ffprobePath, timeoutMs: d.timeoutMs, deadlines: d.deadlines, signal },
      );
      // Sizes first: storage may move the files.
      const sizes = { gif: (await stat(made.gif)).size, mp4: (await stat(made.mp4)).size };
      try {
        await d.storage.putFile(keys.gif, made.gif);
        await d.storage.putFile(keys.mp4, made.mp4);
        // The insert fails when the video (or its owner) was deleted meanwhile: its files go too.
        em.create(Gif, {
          id: job.gifId,
          userId: job.userId,
          videoId: video.id,
          startTime: job.startTime,
          endTime: job.endTime,
          fps: job.fps,
          width: made.width,
          height: made.height,
          textInfo: job.textInfo,
          redirectToUrl: job.redirectToUrl ?? null,
          gifKey: keys.gif,
          gifSize: sizes.gif,
          mp4Key: keys.mp4,
          mp4Size: sizes.mp4,
        });
        await em.flush();
      } catch (err) {
        await dropFiles();
        throw err;
      }
      await d.quota.recount(video.id);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  };
}
