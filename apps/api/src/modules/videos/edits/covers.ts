import type { Storage } from '../../../storage/storage.ts';
import type { IVideo } from '../video.entity.ts';
import { videoKeys } from '../storage-layout.ts';

/** Chosen covers (a frame or an upload) live beside the frames, under a fresh name each time. */
export const coverKey = (videoId: string, ext: 'jpg' | 'png' | 'svg') => videoKeys.file(videoId, `thumbs/cover-${crypto.randomUUID().slice(0, 12)}.${ext}`);

/**
 * Makes the object at `key` the video's cover. Returns what to do once the row is saved: delete
 * the previous chosen cover (one of the 4 frames stays, it is still offered).
 */
export function setCover(storage: Storage, video: IVideo, key: string): () => Promise<void> {
  const previous = video.imageUrl;
  video.imageUrl = storage.url(key);
  const prefix = storage.url(videoKeys.file(video.id, 'thumbs/cover-'));
  return async () => {
    if (previous?.startsWith(prefix)) await storage.delete(videoKeys.file(video.id, previous.slice(storage.url(videoKeys.dir(video.id)).length + 1)));
  };
}
