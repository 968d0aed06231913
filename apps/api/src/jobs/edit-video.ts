import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MASTER_PLAYLIST } from '../media/constants.ts';
import { publishFirstRendition } from '../media/pipelines/hls.ts';
import { extractThumbnails } from '../media/pipelines/images.ts';
import type { PipelineOptions } from '../media/pipelines/run.ts';
import { probe } from '../media/probe.ts';
import { trimVideo } from '../media/trim.ts';
import { type IVideo, type StoredRendition, Video } from '../modules/videos/video.entity.ts';
import { isPictureKey } from '../modules/videos/stale-media.ts';
import { probeFacts } from '../modules/videos/video-view.ts';
import { newMediaVersion, videoKeys } from '../modules/videos/storage-layout.ts';
import { publishDir } from '../storage/storage.ts';
import type { EditDeps } from './edit-deps.ts';
import { type EditVideoJob, JOBS } from '../queue/job-contract.ts';
import { progressReporter } from './progress.ts';
import { cutVideoTracks } from '../modules/captions/track-cues.ts';
import { cutAudioTracks } from './audio-track.ts';
import { recordVideoEvent } from '../modules/webhooks/webhook-events.ts';
import { sqlOf } from '../db/sql.ts';
import { startReviewVersion } from '../modules/review/review.queries.ts';

/** What a published replacement changed, as the `change` of its video.ready event. */
export type VideoChange = 'replaced' | 'trimmed' | 'watermarked' | 'watermark_removed';

/**
 * Publishes `cutPath` in place of the video's picture (a trim over it, a watermark burnt in or
 * removed, a new file): the first rendition (mp4, HLS, master last) and new frames are stored in a
 * new version's folder (videoKeys.media), so every URL is new; only then does the row switch to
 * them, in one update (the version names every file), so players always find a complete video,
 * and no cache can mix old and new files. The old picture is deleted once the ladder that
 * process-video rebuilds afterwards is out (removeStaleMedia); the old source at once. `keep` names
 * stored sources that must stay (the unmarked source of a watermarked video); `sourceKey`, the
 * stored copy of `cutPath`, becomes the source when it is not remuxed. Returns false when the
 * video was deleted meanwhile. A failure before the switch leaves the video as it was, with no
 * files of the new version. The switch records video.ready again (with `change`), as an upload's
 * first rendition does.
 */
export async function publishReplacement(
  d: EditDeps,
  em: EntityManager,
  target: IVideo,
  cutPath: string,
  tag: string,
  o: PipelineOptions & { size: number; change: VideoChange; fields?: Partial<IVideo>; keep?: ReadonlySet<string>; sourceKey?: string },
): Promise<boolean> {
  const work = dirname(cutPath);
  const version = newMediaVersion();
  const base = videoKeys.media(target.id, version);
  let first: Awaited<ReturnType<typeof publishFirstRendition>>;
  let thumbKeys: string[];
  let cutInfo: Awaited<ReturnType<typeof probe>>;
  try {
    cutInfo = await probe(cutPath, { ffprobePath: d.ffprobePath, deadlines: d.deadlines, signal: o.signal });
    first = await publishFirstRendition(cutPath, join(work, 'first'), cutInfo, { ...o, onProgress: (f) => o.onProgress?.(f * 0.8) });
    await extractThumbnails(cutPath, join(work, 'thumbs'), cutInfo, { ...o, onProgress: (f) => o.onProgress?.(0.8 + f * 0.2) });
    thumbKeys = await publishDir(d.storage, join(work, 'thumbs'), `${base}/thumbs`);
    await publishDir(d.storage, join(work, 'first'), base, MASTER_PLAYLIST);
  } catch (err) {
    await d.storage.deletePrefix(`${base}/`);
    throw err;
  }
  // As after an upload: a remux holds every stream, so main.mp4 is the source from now on.
  const newOriginal = first.remuxed ? videoKeys.main(target.id, version) : (o.sourceKey ?? videoKeys.edited(target.id, tag));
  if (!first.remuxed && !o.sourceKey) await d.storage.putFile(newOriginal, cutPath);
  if (!(await d.orm.em.fork().count(Video, { id: target.id }))) {
    await d.storage.deletePrefix(videoKeys.dir(target.id));
    return false;
  }

  const oldOriginal = target.originalKey;
  const oldThumbs = new Set(target.thumbnails);
  const thumbnails = thumbKeys.map((k) => d.storage.url(k));
  Object.assign(target, probeFacts(cutInfo), o.fields ?? {}, {
    mediaVersion: version,
    originalKey: newOriginal,
    size: o.size,
    renditions: [first.rendition as StoredRendition],
    isLadderReady: false,
    thumbnails,
    imageUrl: !target.imageUrl || oldThumbs.has(target.imageUrl) ? thumbnails[0] : target.imageUrl,
    progress: 35,
  });
  // The new picture plays from here: video.ready again, in the switch's transaction, saying what changed.
  await em.transactional(async (tx) => {
    await tx.flush();
    await recordVideoEvent(sqlOf(tx), target.id, 'video.ready', { change: o.change });
    if (o.change === 'replaced') await startReviewVersion(sqlOf(tx), target.id);
  });
  // A source inside the old picture (its main.mp4) is still served: it goes with that picture.
  if (oldOriginal && oldOriginal !== newOriginal && !isPictureKey(target.id, oldOriginal) && !o.keep?.has(oldOriginal)) await d.storage.delete(oldOriginal);
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
        // The new video gets the source's captions, cut to what it kept.
        await cutVideoTracks(d.orm.em.fork(), source.id, target.id, cut.plan.startSec, endSec);
        await cutAudioTracks(d, source.id, target.id, cut.plan.startSec, endSec, signal);
        await d.queue.send(JOBS.processVideo, { videoId: target.id }, { userId: target.userId, continuing: true, singletonKey: target.id });
        return;
      }

      if (!(await publishReplacement(d, em, target, cut.path, job.editId, { ...opts(10, 35), size, change: 'trimmed', fields: { lastEditId: job.editId, task: null } }))) return;
      // Its captions now follow the kept range: cues outside it go, the rest shift to its start.
      await cutVideoTracks(d.orm.em.fork(), target.id, target.id, cut.plan.startSec, endSec);
      await cutAudioTracks(d, target.id, target.id, cut.plan.startSec, endSec, signal);
      d.log.info({ videoId: target.id }, 'overwritten by its trim');
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  };
}
