import { mkdir, rm } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { extractFrame } from '../media/pipelines/images.ts';
import { probe } from '../media/probe.ts';
import { coverKey, setCover } from '../modules/videos/edits/covers.ts';
import { Video } from '../modules/videos/video.entity.ts';
import type { EditDeps } from './edit-deps.ts';
import type { VideoFrameJob } from '../queue/job-contract.ts';

/** The video-frame job: the frame at a time becomes the video's cover, or a thumbnail test's cover at `job.key` (the API waits for it). */
export function videoFrameHandler(d: EditDeps) {
  return async function videoFrame(job: VideoFrameJob, _attempt = 0, signal?: AbortSignal) {
    const em = d.orm.em.fork();
    const video = await em.findOne(Video, { id: job.videoId });
    if (!video?.originalKey) throw new Error('The video is gone.');
    const work = join(d.workDir, `${video.id}-${crypto.randomUUID()}`);
    try {
      await mkdir(work, { recursive: true });
      const input = join(work, `source${extname(video.originalKey)}`);
      await d.storage.getFile(video.originalKey, input);
      const info = await probe(input, { ffprobePath: d.ffprobePath, deadlines: d.deadlines, signal });
      const key = job.key ?? coverKey(video.id, 'jpg');
      const name = await extractFrame(input, join(work, 'out'), info, Math.min(job.timeSec, info.durationSec), basename(key), { ffmpegPath: d.ffmpegPath, timeoutMs: d.timeoutMs, deadlines: d.deadlines, signal });
      await d.storage.putFile(key, join(work, 'out', name));
      // A test's cover: the API records it and recounts the video's bytes once every cover is cut.
      if (job.key) return;
      const cleanup = setCover(d.storage, video, key);
      await em.flush();
      await cleanup();
      await d.quota.recount(video.id);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  };
}
