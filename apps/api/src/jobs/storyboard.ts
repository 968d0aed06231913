import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { Logger } from 'pino';
import { parseMediaPlaylist } from '../media/hls-playlist.ts';
import type { PipelineOptions } from '../media/pipelines/run.ts';
import { makeStoryboard } from '../media/pipelines/storyboard.ts';
import type { IVideo, StoredRendition } from '../modules/videos/video.entity.ts';
import { videoKeys } from '../modules/videos/storage-layout.ts';
import { publishDir, type Storage } from '../storage/storage.ts';

/** Whether the video's storyboard was made for the picture it serves now. */
export const hasCurrentStoryboard = (v: Pick<IVideo, 'storyboard' | 'mediaVersion'>) => !!v.storyboard && v.storyboard.mediaVersion === (v.mediaVersion ?? null);

/** The rendition with the fewest pixels (the ladder's lowest rung). */
const lowest = (renditions: readonly StoredRendition[]) => [...renditions].sort((a, b) => a.width * a.height - b.width * b.height)[0];

/**
 * The storyboard step of process-video, after the ladder and before the video shows ready (first
 * playback never waits for it): the lowest rung's file comes from storage (the single fMP4 its
 * playlist maps), the pipeline tiles it, the sheets and the index go to `storyboard/` in the
 * picture's folder, and the row names them (saved by the caller with the video). The source is
 * used only when the rung is not one file. Returns the time it took.
 */
export async function makeVideoStoryboard(
  d: { storage: Storage; log: Logger },
  video: IVideo,
  source: string,
  work: string,
  options: PipelineOptions,
): Promise<number> {
  const started = performance.now();
  const base = videoKeys.media(video.id, video.mediaVersion);
  const rung = lowest(video.renditions);
  let input = source;
  let size = { width: video.width ?? 0, height: video.height ?? 0 };
  if (rung) {
    const playlistKey = `${base}/${rung.playlist}`;
    const playlistFile = join(work, 'rung.m3u8');
    await d.storage.getFile(playlistKey, playlistFile);
    const map = parseMediaPlaylist(await readFile(playlistFile, 'utf8')).initUri;
    if (map && !map.includes('://')) {
      input = join(work, 'rung.mp4');
      await d.storage.getFile(posix.normalize(posix.join(posix.dirname(playlistKey), map)), input);
      size = { width: rung.width, height: rung.height };
    }
  }
  const out = join(work, 'storyboard');
  const { plan } = await makeStoryboard(input, out, { durationSec: video.durationSec ?? 0, ...size }, options);
  await publishDir(d.storage, out, `${base}/storyboard`, 'storyboard.vtt');
  video.storyboard = { mediaVersion: video.mediaVersion ?? null, vtt: 'storyboard/storyboard.vtt', width: plan.width, height: plan.height, intervalSec: plan.intervalSec, tiles: plan.tiles };
  return performance.now() - started;
}

/** The step as process-video runs it: a failure is logged and leaves the video without previews, never failed (the row is saved with the video's). */
export async function storyboardStep(d: { storage: Storage; log: Logger }, video: IVideo, source: string, work: string, options: PipelineOptions) {
  try {
    const ms = await makeVideoStoryboard(d, video, source, work, options);
    d.log.info({ videoId: video.id, ms: Math.round(ms), tiles: video.storyboard?.tiles }, 'storyboard made');
  } catch (err) {
    if (options.signal?.aborted) throw err;
    d.log.warn({ err, videoId: video.id }, 'storyboard not made');
  }
}
