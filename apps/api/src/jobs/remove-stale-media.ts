import type { Orm } from '../db/orm.ts';
import type { StorageQuota } from '../modules/videos/quota/storage-quota.ts';
import { removeStaleMedia } from '../modules/videos/stale-media.ts';
import { Video } from '../modules/videos/video.entity.ts';
import type { Storage } from '../storage/storage.ts';

/**
 * The remove-stale-media job (queued by process-video after a ladder, to start after
 * STALE_MEDIA_GRACE_SECONDS): the files the video no longer lists go, and it is counted again.
 * A video being changed meanwhile is left alone: its new picture is not listed yet, and its own
 * ladder queues the next removal.
 */
export function removeStaleMediaHandler(d: { orm: Orm; storage: Storage; quota: StorageQuota }) {
  return async function removeStale(videoId: string) {
    const video = await d.orm.em.fork().findOne(Video, { id: videoId });
    if (video?.status !== 'ready' || video.task || video.watermark?.state === 'processing') return;
    if (await removeStaleMedia(d.storage, video)) await d.quota.recount(videoId);
  };
}
