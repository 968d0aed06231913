import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { extractThumbnails, MASTER_PLAYLIST, type PipelineOptions, publishFirstRendition } from '../media/pipelines.ts';
import { probe } from '../media/probe.ts';
import { trimVideo } from '../media/trim.ts';
import { type IVideo, type StoredRendition, Video } from '../modules/videos/video.entity.ts';
import { probeFacts, videoKeys } from '../modules/videos/video-view.ts';
import { deleteAllExcept, publishDir } from '../storage/storage.ts';
import type { ImportDeps } from './import-video.ts';
import { type EditVideoJob, JOBS } from './job-names.ts';
import { progressReporter } from './progress.ts';

export type EditDeps = Pick<ImportDeps, 'orm' | 'storage' | 'queue' | 'quota' | 'log' | 'workDir' | 'ffmpegPath' | 'ffprobePath' | 'timeoutMs' | 'deadlines'>;

/**
 * Publishes `cutPath` in place of the video's picture (a trim over it, a watermark burnt in or
 * removed): the first rendition (mp4, HLS, master last) and new frames are stored, only then does
 * the row switch to them and the old files go, so players always find a complete video; the
 * ladder is rebuilt by process-video afterwards. `keep` names stored sources that must stay (the
 * unmarked source of a watermarked video). Returns false when the video was deleted meanwhile.
 */
export async function publishReplacement(
  d: EditDeps,
  em: EntityManager,
  target: IVideo,
  cutPath: string,
  tag: string,
  o: PipelineOptions & { size: number; fields?: Partial<IVideo>; keep?: ReadonlySet<string> },
): Promise<boolean> {
  const work = dirname(cutPath);
  const cutInfo = await probe(cutPath, { ffprobePath: d.ffprobePath, deadlines: d.deadlines, signal: o.signal });
  const dir = videoKeys.dir(target.id);
  const first = await publishFirstRendition(cutPath, join(work, 'first'), cutInfo, { ...o, onProgress: (f) => o.onProgress?.(f * 0.8) });
  await extractThumbnails(cutPath, join(work, 'thumbs'), cutInfo, { ...o, onProgress: (f) => o.onProgress?.(0.8 + f * 0.2) }, tag.slice(0, 8));
  const thumbKeys = await publishDir(d.storage, join(work, 'thumbs'), `${dir}/thumbs`);
  const hlsKeys = await publishDir(d.storage, join(work, 'first'), dir, MASTER_PLAYLIST);
  // As after an upload: a remux holds every stream, so main.mp4 is the source from now on.
  const newOriginal = first.remuxed ? videoKeys.main(target.id) : videoKeys.edited(target.id, tag);
  if (!first.remuxed) await d.storage.putFile(newOriginal, cutPath);
  if (!(await d.orm.em.fork().count(Video, { id: target.id }))) {
    await d.storage.deletePrefix(dir);
    return false;
  }

  const oldOriginal = target.originalKey;
  const oldThumbs = new Set(target.thumbnails);
  const thumbnails = thumbKeys.map((k) => d.storage.url(k));
  Object.assign(target, probeFacts(cutInfo), o.fields ?? {}, {
    originalKey: newOriginal,
    size: o.size,
    renditions: [first.rendition as StoredRendition],
    isLadderReady: false,
    thumbnails,
    imageUrl: !target.imageUrl || oldThumbs.has(target.imageUrl) ? thumbnails[0] : target.imageUrl,
    progress: 35,
  });
  await em.flush();
  if (oldOriginal && oldOriginal !== newOriginal && oldOriginal !== videoKeys.main(target.id) && !o.keep?.has(oldOriginal)) await d.storage.delete(oldOriginal);
  await deleteAllExcept(d.storage, `${dir}/hls`, new Set(hlsKeys));
  // The new frames, and a cover the owner chose (an upload or a frame) that the edit kept.
  const keepThumbs = new Set(thumbKeys);
  const base = d.storage.url(dir);
  if (target.imageUrl?.startsWith(`${base}/`)) keepThumbs.add(`${dir}/${target.imageUrl.slice(base.length + 1)}`);
  await deleteAllExcept(d.storage, `${dir}/thumbs`, keepThumbs);
  await d.quota.recount(target.id);
  await d.queue.send(JOBS.processVideo, { videoId: target.id }, { userId: target.userId, continuing: true, singletonKey: target.id });
  return true;
}

/**
 * The edit-video job (trim). The source's original is copied from storage into a work folder
 * and cut (media/trim.ts: stream copy wherever the cut allows).
 * - new: the cut becomes the original of the new video, which process-video then publishes.
 * - overwrite: the cut is published as the video's first rendition (mp4, HLS, master last) and
 *   its frames; only then does the row switch to it and the old files go. Players keep the old
 *   files until the new ones are complete, and id, embed code and statistics stay. The ladder
 *   is rebuilt by process-video afterwards.
 */
export function editVideoHandler(d: EditDeps) {
  return async function editVideo(job: EditVideoJob, _attempt = 0, signal?: AbortSignal) {
    const em = d.orm.em.fork();
    const target = await em.findOne(Video, { id: job.videoId });
    if (!target) return; // deleted meanwhile
    // Cut and stored by an earlier try: only the processing that follows is left.
    if (target.lastEditId === job.editId) return void (await d.queue.send(JOBS.processVideo, { videoId: target.id }, { userId: target.userId, continuing: true, singletonKey: target.id }));
    const source = job.mode === 'new' ? await em.findOne(Video, { id: job.sourceId }) : target;
    if (!source?.originalKey) throw new Error('The video to trim was deleted.');

    const work = join(d.workDir, `${target.id}-${crypto.randomUUID()}`);
    const input = join(work, `source${extname(source.originalKey)}`);
    const report = progressReporter(d.orm, target.id);
    const opts = (from: number, to: number) => ({ ffmpegPath: d.ffmpegPath, timeoutMs: d.timeoutMs, deadlines: d.deadlines, signal, onProgress: (f: number) => report(from + (to - from) * f) });
    // A video deleted while the job ran must not get files back.
    const deletedMeanwhile = async () => {
      if (await d.orm.em.fork().count(Video, { id: target.id })) return false;
      await d.storage.deletePrefix(videoKeys.dir(target.id));
      return true;
    };
    try {
      await mkdir(work, { recursive: true });
      await d.storage.getFile(source.originalKey, input);
      const info = await probe(input, { ffprobePath: d.ffprobePath, deadlines: d.deadlines, signal });
      const endSec = Math.min(job.endSec, info.durationSec);
      const cut = await trimVideo(input, join(work, 'trim'), info, { startSec: job.startSec, endSec }, { ...opts(0, 10), ffprobePath: d.ffprobePath });
      d.log.info({ videoId: target.id, plan: cut.plan }, 'trimmed');
      const size = (await stat(cut.path)).size;

      if (job.mode === 'new') {
        const key = videoKeys.original(target.id, '.mp4');
        await d.storage.putFile(key, cut.path);
        if (await deletedMeanwhile()) return;
        Object.assign(target, { originalKey: key, size, storedBytes: size, lastEditId: job.editId, task: null });
        await em.flush();
        await d.queue.send(JOBS.processVideo, { videoId: target.id }, { userId: target.userId, continuing: true, singletonKey: target.id });
        return;
      }

      await publishReplacement(d, em, target, cut.path, job.editId, { ...opts(10, 35), size, fields: { lastEditId: job.editId, task: null } });
      d.log.info({ videoId: target.id }, 'overwritten by its trim');
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  };
}
