import type { Video as VideoDto, VideoActivity, VideoPerson, Watermark as WatermarkDto } from '@reelbase/api-client';
import type { ProbeResult } from '../../media/probe.ts';
import type { Storage } from '../../storage/storage.ts';
import { type PlaybackTokens, withToken } from '../playback/playback-tokens.ts';
import type { IVideo, StoredWatermark } from './video.entity.ts';
import { videoKeys } from './storage-layout.ts';

/** The facts of a probe that a Video row keeps. */
export const probeFacts = (p: ProbeResult) => ({ durationSec: p.durationSec, width: p.width, height: p.height, videoCodec: p.videoCodec, audioCodec: p.audioCodec });

/** The fields of a Video row that its API shape needs (a list reads just these). */
export type VideoFields = Pick<
  IVideo,
  | 'id'
  | 'name'
  | 'isMainReady'
  | 'isHlsReady'
  | 'isLadderReady'
  | 'imageUrl'
  | 'thumbnails'
  | 'size'
  | 'createdAt'
  | 'ban'
  | 'banReason'
  | 'task'
  | 'monthlyBandwidthUsage'
  | 'totalBandwidthUsage'
  | 'status'
  | 'progress'
  | 'error'
  | 'folderId'
  | 'durationSec'
  | 'width'
  | 'height'
  | 'playerConfig'
  | 'watermark'
  | 'mediaVersion'
  | 'visibility'
  | 'allowedDomains'
  | 'privacyVersion'
  | 'chapters'
  | 'description'
  | 'tags'
> & {
  /** A list reads whether a password is set (`hasPassword`), a loaded row has the hash itself. */
  hasPassword?: boolean;
  passwordHash?: string | null;
};

/** A stored watermark as its owner sees it (the storage details stay inside). */
export function toWatermark(w: StoredWatermark, storage: Storage, signUrl: (url: string) => string = (u) => u): WatermarkDto {
  return { imageUrl: signUrl(storage.url(w.imageKey)), positionX: w.positionX, positionY: w.positionY, width: w.width, height: w.height, opacity: w.opacity, state: w.state };
}

/** What is happening to the video, as the owner is told (see VIDEO_ACTIVITIES). */
export function videoActivity(v: Pick<VideoFields, 'status' | 'task' | 'isHlsReady' | 'isLadderReady' | 'watermark'>): VideoActivity {
  switch (v.status) {
    case 'failed':
    case 'importing':
      return v.status;
    case 'queued':
      return v.task === 'trim' ? 'trimming' : v.task === 'replace' ? 'replacing' : 'queued';
    case 'processing':
      if (v.task === 'trim') return 'trimming';
      if (v.task === 'replace') return 'replacing';
      return v.isHlsReady && !v.isLadderReady ? 'ladder' : 'processing';
    default:
      return v.watermark?.state === 'processing' ? 'watermarking' : 'ready';
  }
}

/** Who uploaded or last changed it, when the read fetched them (lists and single reads do). */
export interface VideoPeople {
  uploadedByRef?: VideoPerson | null;
  updatedByRef?: VideoPerson | null;
}

/**
 * The video as its owner (or a team member, or an admin) sees it. With `tokens`, the media URLs
 * of a video that is not public carry a fresh preview token (`playbackToken`): the app's own
 * players play it, and what they fetch is not charged to the plan. A public video's URLs stay
 * the public ones (long-cached); the app's players take tokened ones from GET /api/videos/{id}/preview.
 */
export function toVideo(v: VideoFields & VideoPeople & { folderName?: string | null }, storage: Storage, tokens?: PlaybackTokens): VideoDto {
  const stage = v.status;
  const signed = tokens && v.visibility !== 'public' ? tokens.issue(v.id, v.privacyVersion, { preview: true }) : null;
  const sign = (url: string) => (signed ? withToken(url, v.id, signed.token) : url);
  return {
    id: v.id,
    name: v.name,
    videoSource: v.isMainReady ? sign(storage.url(videoKeys.main(v.id, v.mediaVersion))) : null,
    hlsSource: v.isHlsReady ? sign(storage.url(videoKeys.hlsMaster(v.id, v.mediaVersion))) : null,
    imageUrl: v.imageUrl ? sign(v.imageUrl) : null,
    thumbnails: v.thumbnails.map(sign),
    size: v.size,
    createdAt: v.createdAt.toISOString(),
    ban: v.ban,
    monthlyBandwidthUsage: v.monthlyBandwidthUsage,
    totalBandwidthUsage: v.totalBandwidthUsage,
    status: stage === 'failed' ? 'failed' : v.isMainReady && v.isHlsReady ? 'ready' : 'loading',
    processing: { stage, activity: videoActivity(v), progress: v.progress, error: v.error ?? null, isLadderReady: v.isLadderReady },
    banReason: v.ban ? (v.banReason ?? null) : null,
    ...(v.folderName !== undefined && { folderName: v.folderName }),
    isMainReady: v.isMainReady,
    isHlsReady: v.isHlsReady,
    folderId: v.folderId ?? null,
    metadata: { durationSec: v.durationSec ?? null, video: { width: v.width ?? null, height: v.height ?? null } },
    playerConfig: { id: v.id, ...v.playerConfig },
    watermark: v.watermark ? toWatermark(v.watermark, storage, sign) : null,
    visibility: v.visibility,
    hasPassword: v.hasPassword ?? !!v.passwordHash,
    allowedDomains: v.allowedDomains,
    playbackToken: signed ? { token: signed.token, expiresAt: signed.expiresAt } : null,
    ...(v.uploadedByRef !== undefined && { uploadedBy: v.uploadedByRef }),
    ...(v.updatedByRef !== undefined && { updatedBy: v.updatedByRef }),
    chapters: v.chapters ?? [],
    description: v.description ?? '',
    tags: v.tags ?? [],
  };
}

/** The spec's pagination meta for a page of `limit` items out of `total`. */
export function pageMeta(page: number, limit: number, total: number) {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return {
    limit,
    currentPage: page,
    hasNextPage: page < totalPages,
    hasPrevPage: page > 1,
    nextPage: page < totalPages ? page + 1 : null,
    prevPage: page > 1 ? page - 1 : null,
    totalPages,
    totalItems: total,
  };
}
