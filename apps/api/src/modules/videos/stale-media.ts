import type { Storage } from '../../storage/storage.ts';
import type { IVideo } from './video.entity.ts';
import { videoKeys } from './video-view.ts';

/** Below a video's folder: the picture of a version (v-<version>/...) or of the first upload (main.mp4, hls/, frames). */
const PICTURE = /^(v-[0-9a-f]{12}\/|main\.mp4$|hls\/|thumbs\/thumb-)/;

/** Whether `key` belongs to a published picture (of any version), which only removeStaleMedia deletes. */
export const isPictureKey = (videoId: string, key: string) => key.startsWith(`${videoKeys.dir(videoId)}/`) && PICTURE.test(key.slice(videoKeys.dir(videoId).length + 1));

/**
 * Deletes the pictures of earlier versions (and any left by a publish that died half way): every
 * picture file outside the current version's folder, except what the row still names (its source,
 * the unmarked source and watermark image). Covers, GIFs and sources are not pictures and stay.
 * Runs once the new version has been served for a while (at the end of its ladder), so players
 * that loaded the old playlists just before the switch keep finding their files meanwhile.
 * Returns how many objects went.
 */
export async function removeStaleMedia(storage: Storage, video: Pick<IVideo, 'id' | 'mediaVersion' | 'originalKey' | 'watermark'>): Promise<number> {
  const dir = `${videoKeys.dir(video.id)}/`;
  // Never changed: the top-level picture is the current one, and only a version folder can be stale.
  const isCurrent = (rel: string) => (video.mediaVersion ? rel.startsWith(`v-${video.mediaVersion}/`) : !rel.startsWith('v-'));
  const keep = new Set([video.originalKey, video.watermark?.cleanKey, video.watermark?.imageKey]);
  const stale: string[] = [];
  for await (const o of storage.list(dir)) {
    if (isPictureKey(video.id, o.key) && !isCurrent(o.key.slice(dir.length)) && !keep.has(o.key)) stale.push(o.key);
  }
  for (const key of stale) await storage.delete(key);
  return stale.length;
}
