import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Orm } from '../db/orm.ts';
import { probe } from '../media/probe.ts';
import { burnWatermark } from '../media/watermark.ts';
import { Video } from '../modules/videos/video.entity.ts';
import { videoKeys } from '../modules/videos/storage-layout.ts';
import type { EditDeps } from './edit-deps.ts';
import { publishReplacement } from './edit-video.ts';
import type { WatermarkVideoJob } from '../queue/job-contract.ts';
import { progressReporter } from './progress.ts';

/**
 * The watermark-video job. The unmarked source is kept (copied aside first when it is main.mp4,
 * which the marked picture replaces), the watermark is burnt into a copy of it, and that copy is
 * published like a trim over the video (publishReplacement): the unmarked renditions play until
 * the marked ones are complete, and process-video then builds every rung from the marked source.
 * A removal publishes the unmarked source again the same way.
 */
export function watermarkVideoHandler(d: EditDeps) {
  return async function watermarkVideo(job: WatermarkVideoJob, _attempt = 0, signal?: AbortSignal) {
    const em = d.orm.em.fork();
    const video = await em.findOne(Video, { id: job.videoId });
    const mark = video?.watermark;
    // Deleted, superseded by a newer change, or done by an earlier try.
    if (!video?.originalKey || !mark || mark.id !== job.markId || mark.state !== 'processing') return;
    const work = join(d.workDir, `mark-${video.id}-${crypto.randomUUID()}`);
    const report = progressReporter(d.orm, video.id);
    const opts = (from: number, to: number) => ({ ffmpegPath: d.ffmpegPath, timeoutMs: d.timeoutMs, deadlines: d.deadlines, signal, onProgress: (f: number) => report(from + (to - from) * f) });
    try {
      await mkdir(work, { recursive: true });
      let cleanKey = mark.cleanKey ?? video.originalKey;
      const clean = join(work, `clean${extname(cleanKey)}`);
      await d.storage.getFile(cleanKey, clean);
      if (cleanKey === videoKeys.main(video.id, video.mediaVersion)) {
        cleanKey = videoKeys.unmarked(video.id, '.mp4');
        await d.storage.put(cleanKey, createReadStream(clean));
        video.watermark = { ...mark, cleanKey };
        await em.flush();
      }
      const info = await probe(clean, { ffprobePath: d.ffprobePath, deadlines: d.deadlines, signal });
      let picture = clean;
      if (!mark.removing) {
        const image = join(work, 'mark.png');
        await d.storage.getFile(mark.imageKey, image);
        picture = await burnWatermark(clean, image, join(work, 'marked'), info, mark, opts(0, 25));
      }
      const size = (await stat(picture)).size;
      const published = await publishReplacement(d, em, video, picture, job.markId, {
        ...opts(25, 35),
        size,
        change: mark.removing ? 'watermark_removed' : 'watermarked',
        // The unmarked source stays while a watermark is on; after a removal it is the source again.
        keep: new Set([cleanKey]),
        fields: { watermark: mark.removing ? null : { ...mark, cleanKey, state: 'ready' } },
      });
      if (!published) return;
      if (mark.removing) {
        await d.storage.delete(mark.imageKey);
        if (video.originalKey !== cleanKey) await d.storage.delete(cleanKey);
      }
      d.log.info({ videoId: video.id, removed: !!mark.removing }, 'watermark published');
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  };
}

/** After the last retry: the watermark shows as failed; the video keeps playing as it was. */
export async function markWatermarkFailed(orm: Orm, videoId: string) {
  const em = orm.em.fork();
  const video = await em.findOne(Video, { id: videoId });
  if (!video?.watermark) return;
  video.watermark = { ...video.watermark, state: 'failed' };
  video.status = 'ready';
  await em.flush();
}
