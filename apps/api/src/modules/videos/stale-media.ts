import type { Storage } from '../../storage/storage.ts';
import type { IVideo } from './video.entity.ts';
import { videoKeys } from './storage-layout.ts';

/** Below a video's folder: the picture of a version (v-<version>/...) or of the first upload (main.mp4, hls/, frames, storyboard). */
const PICTURE = /^(v-[0-9a-f]{12}\/|main\.mp4$|hls\/|thumbs\/thumb-|storyboard\/)/;

/** Whether `key` belongs to a published picture (of any version), which only removeStaleMedia deletes. */
export const isPictureKey = (videoId: string, key: string) => key.startsWith(`${videoKeys.dir(videoId)}/`) && PICTURE.test(key.slice(videoKeys.dir(videoId).length + 1));

type Listed = Pick<IVideo, 'id' | 'mediaVersion' | 'originalKey' | 'watermark' | 'renditions'>;

/** Whether `key` is a picture file the row no longer lists nor names (see removeStaleMedia). */
export function isStale(video: Listed, key: string): boolean {
  if (!isPictureKey(video.id, key) || key === video.originalKey || key === video.watermark?.cleanKey || key === video.watermark?.imageKey) return false;
  return !isListed(video, key.slice(videoKeys.dir(video.id).length + 1));
}

/**
 * Whether a picture file (relative to the video's folder) is one the row still lists: inside the
 * current version's folder (the top level for a video never changed), and for playlists and
 * segments, in the folder of a current rendition or the master itself.
 */
function isListed(video: Listed, rel: string): boolean {
  const prefix = video.mediaVersion ? `v-${video.mediaVersion}/` : '';
  if (!rel.startsWith(prefix) || (!prefix && rel.startsWith('v-'))) return false;
  const inside = rel.slice(prefix.length);
  if (!inside.startsWith('hls/') || inside === 'hls/master.m3u8') return true;
  const folders = new Set(video.renditions.map((r) => r.playlist.split('/').slice(0, -1).join('/')));
  return folders.has(inside.split('/').slice(0, 2).join('/'));
}

/**
 * Deletes the picture files the row no longer lists: earlier versions (a replace, a trim over the
 * video, a watermark), renditions a ladder replaced, and anything a publish that died half way
 * left; never what the row names (its source, the unmarked source, the watermark image). Covers,
 * GIFs and sources are not pictures and stay. Runs a grace after the switch (the remove-stale-media
 * job), so players that loaded the old playlists just before it keep finding their files. Returns
 * how many objects went.
 */
export async function removeStaleMedia(storage: Storage, video: Listed): Promise<number> {
  const stale: string[] = [];
  for await (const o of storage.list(`${videoKeys.dir(video.id)}/`)) if (isStale(video, o.key)) stale.push(o.key);
  for (const key of stale) await storage.delete(key);
  return stale.length;
}
