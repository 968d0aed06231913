import type { GifCreate, TRIM_MODES } from '@reelbase/api-client';

/** Queue names and payloads: the one contract between the API (which sends) and workers. */
export const JOBS = {
  processVideo: 'process-video',
  importVideo: 'import-video',
  editVideo: 'edit-video',
  videoFrame: 'video-frame',
  makeGif: 'make-gif',
  watermarkVideo: 'watermark-video',
  /** A new file for an existing video (POST /api/videos/{id}/replace, or tus with `replaces`). */
  replaceVideo: 'replace-video',
  /** A caption track translated cue by cue from another (POST /api/videos/{id}/captions/{captionId}/translate). */
  translateCaptions: 'translate-captions',
  /** Deletes the files a video no longer lists, STALE_MEDIA_GRACE_SECONDS after its ladder (modules/videos/stale-media.ts). */
  removeStaleMedia: 'remove-stale-media',
  /** A caption track transcribed from the video's speech (POST /api/videos/{id}/captions/generate, or an account's auto setting). */
  generateCaptions: 'generate-captions',
  /** One try of one webhook delivery (modules/webhooks/webhook-delivery.ts); a failed try queues the next itself. */
  deliverWebhook: 'deliver-webhook',
  /** One push to a team's CRM (modules/integrations): a captured lead's contact or a watched session; retried on 429/5xx. */
  crmPush: 'crm-push',
  /** Daily (cron, LEAD_DIGEST_HOUR_UTC): the lead-watched digests (modules/notifications). */
  leadDigest: 'lead-digest',
  /** Daily (cron): canceled subscriptions that ran out end; canceled accounts are mailed, then their data removed. */
  accountRemoval: 'account-removal',
  /** The audio-only AAC rendition of a video that joined a showcase, for its podcast feed (modules/showcases). */
  showcaseAudio: 'showcase-audio',
  /** Issue 37: an extra audio track encoded once and packaged, and the video's demuxed set for its picture version (jobs/audio-track.ts). */
  audioTrack: 'audio-track',
  /** Every minute (cron): running thumbnail tests whose leading cover wins at 95% confidence end (modules/thumbnail-tests). */
  thumbnailTestsCheck: 'thumbnail-tests-check',
  /**
   * pg-boss's dead letter queue of the slot-holding jobs below: a job failed for good without its
   * handler's say (its worker died on the last try) lands here, and its slot ends (jobs/failed-over.ts).
   */
  failedOver: 'job-failed-over',
} as const;

/** Jobs that hold an account's slot which their worker ends with the job's last try (jobs/workers.ts); video-frame and make-gif are the waiting API's to end. */
export const SLOT_JOBS: readonly string[] = [JOBS.processVideo, JOBS.importVideo, JOBS.editVideo, JOBS.watermarkVideo, JOBS.replaceVideo, JOBS.generateCaptions];

export interface ProcessVideoJob {
  videoId: string;
}
export interface ImportVideoJob {
  videoId: string;
}

/** A trim: `videoId` is the video that receives the cut (a new one, or the source itself to overwrite it). */
export interface EditVideoJob {
  videoId: string;
  sourceId: string;
  /** Names the edited original, so a retry after the cut was stored does not cut it again. */
  editId: string;
  mode: (typeof TRIM_MODES)[number];
  startSec: number;
  endSec: number;
}

/** A frame made the video's cover; the API waits for it (sendAndWait), so it is never retried. */
export interface VideoFrameJob {
  videoId: string;
  timeSec: number;
  /** A thumbnail test's cover: the frame is stored at this key and the poster stays as it is. */
  key?: string;
}

/** A GIF (and MP4 snippet) of a clip, the end already clipped; the API waits for it (sendAndWait). */
export interface MakeGifJob extends Omit<GifCreate, 'redirectToUrl'> {
  gifId: string;
  userId: string;
  redirectToUrl: string | null;
}

/**
 * Burns in the video's current watermark (`markId` names it), or with `markId` null removes it:
 * the renditions are made again from the unmarked source. A job whose markId is no longer the
 * video's does nothing (a newer change won).
 */
export interface WatermarkVideoJob {
  videoId: string;
  markId: string | null;
}

/** Publishes the stored new file `sourceKey` as the video's picture; `replaceId` names this replace, so a retry after the switch does not redo it. */
export interface ReplaceVideoJob {
  videoId: string;
  replaceId: string;
  sourceKey: string;
}

/** Transcribes `videoId`'s speech in `language` into the track `trackId` (made 'processing' by the API). */
export interface GenerateCaptionsJob {
  videoId: string;
  trackId: string;
  language: string;
}

/** Translates the ready track `sourceTrackId` into the track `trackId` (made 'processing' by the API); `target` is the engine's name of the language. */
export interface TranslateCaptionsJob {
  videoId: string;
  trackId: string;
  sourceTrackId: string;
  target: string;
}

/** Makes `videoId`'s audio rendition once (the row in video_audio_renditions is 'pending' until it is done). */
export interface ShowcaseAudioJob {
  videoId: string;
}

/** Encodes the audio track `trackId` (made 'processing' by the API) and makes `videoId`'s demuxed set when missing; trackId null: only the set. */
export interface AudioTrackJob {
  videoId: string;
  trackId: string | null;
}

export interface CrmPushJob {
  pushId: string;
}

/** Tries after the first; the last failure marks the video failed for its owner. */
export const RETRY_LIMIT = 3;
