import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { Job } from 'pg-boss';
import { AUDIO_TRACK_DURATION_TOLERANCE_SEC } from '@reelbase/api-client';
import { sqlOf } from '../db/sql.ts';
import { copyRendition, makeAudioTrackRendition, RENDITION_MEDIA, renditionFiles, singleFileOf } from '../media/audio-track.ts';
import { newRunId } from '../media/files.ts';
import { audioKeys } from '../modules/audio-tracks/audio-layout.ts';
import { audioTrackQueries } from '../modules/audio-tracks/audio-tracks.queries.ts';
import { type IVideo, Video } from '../modules/videos/video.entity.ts';
import { videoKeys } from '../modules/videos/storage-layout.ts';
import { type AudioTrackJob, JOBS } from '../queue/job-contract.ts';
import type { SlotData } from '../queue/job-queue.ts';
import type { Queue } from '../queue/queue.ts';
import type { EditDeps } from './edit-deps.ts';

/** What the owner reads on a track whose encode failed for good. */
export const AUDIO_TRACK_FAILED = 'The audio could not be encoded. Try uploading it again.';
/** What the owner reads on a track whose video was replaced by one of another length. */
export const AUDIO_TRACK_REPLACED = 'The video was replaced by one of another length. Upload this track again for it.';
/** What the owner reads on a track that could not be cut with its video's trim. */
export const AUDIO_TRACK_TRIM_FAILED = 'The audio could not be trimmed with the video. Upload it again for the new length.';

/** Uploads a packaged rendition folder below `prefix`, its playlist last. */
async function publish(d: EditDeps, dir: string, prefix: string) {
  for (const f of await renditionFiles(dir)) await d.storage.putFile(`${prefix}${f.name}`, join(dir, f.name));
}

/**
 * The demuxed set of the video's current picture version (audio-layout.ts): each rung's picture
 * copied without its audio, the video's own audio (from its largest rung) as a rendition, then
 * ready.json. Sets of earlier versions go. False when the picture cannot be split now (being
 * changed, or a rung of many segments: the growing rendition); the master then stays as it is.
 */
export async function ensureDemuxed(d: EditDeps, video: IVideo, work: string, signal?: AbortSignal): Promise<boolean> {
  const ready = `${audioKeys.demuxed(video.id, video.mediaVersion)}ready.json`;
  if (await d.storage.stat(ready)) return true;
  // Being changed: its next master asks for the set again (audio-delivery.ts: onMissing) once it is done.
  if (video.task || !video.renditions.length) return false;
  const base = videoKeys.media(video.id, video.mediaVersion);
  const prefix = audioKeys.demuxed(video.id, video.mediaVersion);
  const options = { ffmpegPath: d.ffmpegPath, timeoutMs: d.timeoutMs, deadlines: d.deadlines, signal };
  const durationSec = video.durationSec ?? 60;
  const largest = [...video.renditions].sort((a, b) => b.height - a.height);
  let original = false;
  for (const r of largest) {
    const playlistKey = `${base}/${r.playlist}`;
    const local = join(work, `${r.name}.m3u8`);
    await d.storage.getFile(playlistKey, local);
    const file = singleFileOf(await readFile(local, 'utf8'));
    if (!file) {
      d.log.warn({ videoId: video.id, rendition: r.name }, 'audio tracks: a rung of many segments cannot be split');
      return false;
    }
    const source = join(work, `${r.name}.mp4`);
    await d.storage.getFile(posix.normalize(posix.join(posix.dirname(playlistKey), file)), source);
    const rung = r.playlist.split('/').at(-2) as string;
    await copyRendition(source, 'video', join(work, `vo-${rung}`), durationSec, options);
    await publish(d, join(work, `vo-${rung}`), `${prefix}vo-${rung}/`);
    if (!original && r.codecs.includes('mp4a')) {
      await copyRendition(source, 'audio', join(work, 'original'), durationSec, options);
      await publish(d, join(work, 'original'), `${prefix}original/`);
      original = true;
    }
    await rm(source, { force: true });
  }
  await d.storage.put(ready, Buffer.from(JSON.stringify({ original })));
  // Sets of earlier picture versions: nothing lists them any more.
  const stale = new Set<string>();
  for await (const o of d.storage.list(audioKeys.dir(video.id))) {
    const dir = /\/audio\/(v-[0-9a-f]{1,12})\//.exec(o.key)?.[1];
    if (dir && `${audioKeys.dir(video.id)}${dir}/` !== prefix) stale.add(`${audioKeys.dir(video.id)}${dir}/`);
  }
  for (const p of stale) await d.storage.deletePrefix(p);
  return true;
}

/**
 * The audio-track job: the track's upload encoded once to AAC and packaged as an fMP4 HLS
 * rendition beside the video's files (so it goes with the video and counts in its storage), the
 * upload removed, the row made ready; and the video's demuxed set when its version has none. A
 * track deleted meanwhile leaves nothing behind.
 */
export function audioTrackHandler(d: EditDeps) {
  return async function audioTrack(job: AudioTrackJob, signal?: AbortSignal) {
    const em = d.orm.em.fork();
    const sql = sqlOf(em);
    const video = await em.findOne(Video, { id: job.videoId });
    if (!video) return;
    const work = join(d.workDir, `audio-track-${newRunId()}`);
    try {
      await mkdir(work, { recursive: true });
      // First: a track made ready is listed by the next master at once.
      await ensureDemuxed(d, video, work, signal);
      if (job.trackId) {
        const prefix = audioKeys.track(video.id, job.trackId);
        const track = await audioTrackQueries.jobTrack(sql, job.trackId, video.id);
        if (!track) {
          await d.storage.deletePrefix(prefix);
        } else if (track.status === 'processing') {
          const input = join(work, 'upload');
          await d.storage.getFile(audioKeys.upload(video.id, job.trackId), input);
          await makeAudioTrackRendition(input, join(work, 'track'), track.duration_sec ?? video.durationSec ?? 60, { ffmpegPath: d.ffmpegPath, timeoutMs: d.timeoutMs, deadlines: d.deadlines, signal });
          await publish(d, join(work, 'track'), prefix);
          await d.storage.delete(audioKeys.upload(video.id, job.trackId));
          const updated = await audioTrackQueries.markEncoded(sql, job.trackId);
          // Removed while it was encoded: nothing lists the files.
          if (!updated.length) await d.storage.deletePrefix(prefix);
        }
      }
      await d.quota.recount(video.id);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  };
}

/**
 * A trim's audio tracks (glue of the edit job): each ready track of `fromId` cut to the kept range
 * as the picture was, so a dub stays in step (the track's packaged AAC decoded from the range's
 * start and encoded again: audio alone is quick). A trim over the video rewrites its tracks in
 * place; a trim into a new video gives it copies. The track's row keeps its new length.
 */
export async function cutAudioTracks(d: EditDeps, fromId: string, toId: string, startSec: number, endSec: number, signal?: AbortSignal): Promise<void> {
  const sql = sqlOf(d.orm.em.fork());
  const tracks = await audioTrackQueries.readyTrackIdsByAge(sql, fromId);
  if (!tracks.length) return;
  const work = join(d.workDir, `audio-cut-${newRunId()}`);
  const options = { ffmpegPath: d.ffmpegPath, timeoutMs: d.timeoutMs, deadlines: d.deadlines, signal };
  try {
    for (const t of tracks) {
      const id = fromId === toId ? t.id : randomUUID();
      try {
        const source = join(work, `${t.id}.mp4`);
        await mkdir(work, { recursive: true });
        await d.storage.getFile(`${audioKeys.track(fromId, t.id)}${RENDITION_MEDIA}`, source);
        await makeAudioTrackRendition(source, join(work, id), endSec - startSec, options, { startSec, endSec });
        if (id !== t.id) {
          await audioTrackQueries.insertCutCopy(sql, id, toId, endSec - startSec, t.id);
        }
        await publish(d, join(work, id), audioKeys.track(toId, id));
        await audioTrackQueries.markCut(sql, id, endSec - startSec);
      } catch (err) {
        // The picture is trimmed already: the edit is not tried again for a track. One that could
        // not follow is failed with its reason (a copy's is dropped), never left out of step.
        d.log.warn({ videoId: toId, trackId: t.id, err }, 'an audio track could not follow the trim');
        if (id === t.id) await audioTrackQueries.markCutFailed(sql, id, AUDIO_TRACK_TRIM_FAILED);
        else await audioTrackQueries.deleteTrack(sql, id);
        await d.storage.deletePrefix(audioKeys.track(toId, id));
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  await d.quota.recount(toId);
}

/**
 * After a replace: a track whose length is now more than AUDIO_TRACK_DURATION_TOLERANCE_SEC from
 * the new picture's would play out of step, so it leaves the masters (failed, its files gone)
 * with the reason on the owner's card; tracks of the same length stay.
 */
export async function dropAudioTracksOutOfStep(d: Pick<EditDeps, 'orm' | 'storage' | 'quota'>, videoId: string, videoSec: number): Promise<void> {
  const sql = sqlOf(d.orm.em.fork());
  const gone = await audioTrackQueries.failOutOfStep(sql, videoId, videoSec, AUDIO_TRACK_REPLACED, AUDIO_TRACK_DURATION_TOLERANCE_SEC);
  for (const t of gone) await d.storage.deletePrefix(audioKeys.track(videoId, t.id));
  if (gone.length) await d.quota.recount(videoId);
}

/** A track that will not be tried again: failed with the owner's reason, and its files gone (no orphans). */
export async function markAudioTrackFailed(d: Pick<EditDeps, 'orm' | 'storage' | 'quota'>, job: AudioTrackJob) {
  if (!job.trackId) return;
  await audioTrackQueries.markFailed(sqlOf(d.orm.em.fork()), job.trackId, AUDIO_TRACK_FAILED);
  await d.storage.deletePrefix(audioKeys.track(job.videoId, job.trackId));
  await d.quota.recount(job.videoId);
}

/** Subscribes the handler; the job's slot ends with its last try (or its success). */
export async function startAudioTrackJobs(queue: Queue, d: EditDeps) {
  const handle = audioTrackHandler(d);
  await queue.boss.work<AudioTrackJob & SlotData>(JOBS.audioTrack, { batchSize: 1, localConcurrency: 1, includeMetadata: true, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2 }, async (jobs: Job<AudioTrackJob & SlotData>[]) => {
    for (const job of jobs) {
      const { retryCount = 0, retryLimit = 0 } = job as unknown as { retryCount?: number; retryLimit?: number };
      const release = () => (job.data.slotId ? d.quota.release(job.data.slotId).catch((err) => d.log.error({ err }, 'releasing a job slot failed')) : undefined);
      try {
        await handle(job.data, AbortSignal.timeout(d.timeoutMs));
      } catch (err) {
        d.log.warn({ job: JOBS.audioTrack, videoId: job.data.videoId, attempt: retryCount, err }, 'job failed');
        if (retryCount >= retryLimit) {
          await markAudioTrackFailed(d, job.data).catch((e) => d.log.error({ err: e }, 'marking an audio track failed failed'));
          await release();
        }
        throw err;
      }
      await release();
    }
  });
}
