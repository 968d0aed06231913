import { CAPTION_GENERATE_MESSAGES, CAPTION_MESSAGES, CAPTION_TRACKS_MAX, type CaptionTrack as CaptionTrackDto, generatedLabel, languageLabel } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { conflict, HttpError, notFound, unprocessable } from '../../http/errors.ts';
import { type GenerateCaptionsJob, JOBS } from '../../jobs/job-names.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { isUuid } from '../folders/folder-access.ts';
import { Video } from '../videos/video.entity.ts';
import { CaptionTrack, type ICaptionTrack } from './caption.entity.ts';

/** What the API knows of the engine without running it: its languages (the workers run it). */
export interface EngineInfo {
  supports(language: string): boolean;
}

/**
 * Generated captions, the API's side: a track in 'processing' and a generate-captions job for the
 * workers (jobs/generate-captions.ts); media never runs here.
 */
export function createCaptionGenerationService(d: { orm: Orm; queue: JobQueue; engine: EngineInfo | null }) {
  return {
    /** Starts a generated track of `videoId` (the acting account's) in `language`; `personId` made it. */
    async generate(accountId: string, personId: string, videoId: string, language: string): Promise<CaptionTrackDto> {
      if (!d.engine) throw new HttpError(503, CAPTION_GENERATE_MESSAGES.noEngine);
      const em = d.orm.em.fork();
      const video = isUuid(videoId) ? await em.findOne(Video, { id: videoId, userId: accountId }) : null;
      if (!video) throw notFound('Video not found');
      if (!d.engine.supports(language)) throw unprocessable({ language: CAPTION_GENERATE_MESSAGES.language });
      if (!video.originalKey || !video.isMainReady) throw conflict(CAPTION_GENERATE_MESSAGES.notReady);
      const tracks = await em.find(CaptionTrack, { videoId: video.id });
      if (tracks.length >= CAPTION_TRACKS_MAX) throw unprocessable({ language: CAPTION_MESSAGES.tooManyTracks });
      if (tracks.some((t) => t.kind === 'generated' && t.status === 'processing' && t.language === language)) throw conflict(CAPTION_GENERATE_MESSAGES.busy);
      const track = em.create(CaptionTrack, {
        id: crypto.randomUUID(),
        videoId: video.id,
        userId: video.userId,
        language,
        label: generatedLabel(languageLabel(language)),
        kind: 'generated',
        isDefault: false,
        status: 'processing',
        error: null,
        cueCount: 0,
        version: 1,
        createdBy: personId,
        updatedBy: personId,
      });
      await em.flush();
      try {
        await d.queue.send(JOBS.generateCaptions, { videoId: video.id, trackId: track.id, language } satisfies GenerateCaptionsJob, { userId: video.userId });
      } catch (err) {
        // Not queued (429 past the account's jobs, 503 here): no track waits for nothing.
        await em.remove(track).flush();
        throw err;
      }
      return trackView(track);
    },
  };
}
export type CaptionGenerationService = ReturnType<typeof createCaptionGenerationService>;

function trackView(t: ICaptionTrack): CaptionTrackDto {
  return {
    id: t.id,
    videoId: t.videoId,
    language: t.language,
    label: t.label,
    kind: t.kind,
    isDefault: t.isDefault,
    status: t.status,
    error: t.error ?? null,
    cueCount: t.cueCount,
    version: t.version,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}
