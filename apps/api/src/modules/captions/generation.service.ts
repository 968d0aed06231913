import { type EntityManager, LockMode } from '@mikro-orm/postgresql';
import {
  CAPTION_GENERATE_MESSAGES,
  CAPTION_MESSAGES,
  CAPTION_TRACKS_MAX,
  type CaptionSettings,
  type CaptionTrack as CaptionTrackDto,
  generatedLabel,
  languageLabel,
} from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { conflict, HttpError, notFound, unprocessable } from '../../http/errors.ts';
import { type GenerateCaptionsJob, JOBS } from '../../queue/job-contract.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import { isUuid, sqlOf } from '../../db/sql.ts';
import { recordActivity } from '../teams/activity.ts';
import { type IVideo, Video } from '../videos/video.entity.ts';
import { CaptionTrack, type ICaptionTrack } from './caption.entity.ts';
import { captionQueries as q } from './captions.queries.ts';
import { toTrack } from './captions.service.ts';

/** What the API knows of the engine without running it: its languages (the workers run it). */
export interface EngineInfo {
  supports(language: string): boolean;
}

interface GenerationDeps {
  orm: Orm;
  queue: JobQueue;
  engine: EngineInfo | null;
}

/** A generated track of `video` in `language`, status 'processing' (written in the caller's transaction, if any). */
async function newGeneratedTrack(em: EntityManager, video: IVideo, language: string, personId: string | null): Promise<ICaptionTrack> {
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
  return track;
}

/** Queues the generate-captions job of a committed track (jobs/generate-captions.ts); the track goes again when it cannot be queued. */
async function queueGeneratedTrack(d: Pick<GenerationDeps, 'queue'>, em: EntityManager, video: IVideo, track: ICaptionTrack, continuing: boolean): Promise<void> {
  try {
    await d.queue.send(JOBS.generateCaptions, { videoId: video.id, trackId: track.id, language: track.language } satisfies GenerateCaptionsJob, { userId: video.userId, continuing });
  } catch (err) {
    // Not queued (429 past the account's jobs, 503 here): no track waits for nothing.
    await em.nativeDelete(CaptionTrack, { id: track.id });
    throw err;
  }
}

/** A generated track of `video` in `language` and its job for the workers. */
export async function startGeneratedTrack(d: Pick<GenerationDeps, 'queue'>, em: EntityManager, video: IVideo, language: string, personId: string | null, continuing = false): Promise<ICaptionTrack> {
  const track = await newGeneratedTrack(em, video, language, personId);
  await queueGeneratedTrack(d, em, video, track, continuing);
  return track;
}

/**
 * Generated captions, the API's side (media never runs here): tracks started from the video
 * page, the account's language for every new upload, and that setting applied when an upload
 * is first published (called by the worker).
 */
export function createCaptionGenerationService(d: GenerationDeps) {
  const requireLanguage = (language: string, field = 'language') => {
    if (!d.engine) throw new HttpError(503, CAPTION_GENERATE_MESSAGES.noEngine);
    if (!d.engine.supports(language)) throw unprocessable({ [field]: CAPTION_GENERATE_MESSAGES.language });
  };
  return {
    /**
     * Starts a generated track of `videoId` (the acting account's) in `language`; `personId` asked
     * for it. Idempotent: while one is being generated in that language, every later request (in
     * any API process) answers that track. The video's row lock serialises the check and the
     * insert, as uploads of tracks do (the count limit).
     */
    async generate(accountId: string, personId: string, videoId: string, language: string): Promise<CaptionTrackDto> {
      const started = await d.orm.em.fork().transactional(async (em) => {
        const video = isUuid(videoId) ? await em.findOne(Video, { id: videoId, userId: accountId }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
        if (!video) throw notFound('Video not found');
        requireLanguage(language);
        if (!video.originalKey || !video.isMainReady) throw conflict(CAPTION_GENERATE_MESSAGES.notReady);
        const tracks = await em.find(CaptionTrack, { videoId: video.id });
        const running = tracks.find((t) => t.kind === 'generated' && t.status === 'processing' && t.language === language);
        if (running) return { video, track: running, isNew: false };
        if (tracks.length >= CAPTION_TRACKS_MAX) throw unprocessable({ language: CAPTION_MESSAGES.tooManyTracks });
        const track = await newGeneratedTrack(em, video, language, personId);
        await recordActivity(sqlOf(em), accountId, 'caption.added', { type: 'video', id: video.id, name: video.name }, { language, label: track.label, kind: 'generated' }, personId);
        return { video, track, isNew: true };
      });
      // Queued once committed, so the worker finds the track.
      if (started.isNew) await queueGeneratedTrack(d, d.orm.em.fork(), started.video, started.track, false);
      return toTrack(started.track);
    },

    async settings(accountId: string): Promise<CaptionSettings> {
      return { autoLanguage: (await q.autoLanguage(sqlOf(d.orm.em.fork()), accountId)) ?? null };
    },

    async updateSettings(accountId: string, settings: CaptionSettings): Promise<CaptionSettings> {
      const sql = sqlOf(d.orm.em.fork());
      if (settings.autoLanguage === null) {
        await q.deleteSettings(sql, accountId);
      } else {
        requireLanguage(settings.autoLanguage, 'autoLanguage');
        await q.saveAutoLanguage(sql, accountId, settings.autoLanguage);
      }
      return { autoLanguage: settings.autoLanguage };
    },

    /**
     * An upload's first publication (process-video, on the worker): with the account's language
     * set, a generated track in it, unless the video already has tracks (a retry, a cut that
     * brought its source's). Never fails the upload: a refusal is only logged by the caller.
     */
    async onFirstPublished(videoId: string): Promise<void> {
      if (!d.engine) return;
      const em = d.orm.em.fork();
      const video = await em.findOne(Video, { id: videoId });
      if (!video) return;
      const { autoLanguage } = await this.settings(video.userId);
      if (!autoLanguage || !d.engine.supports(autoLanguage)) return;
      if (await em.count(CaptionTrack, { videoId })) return;
      await startGeneratedTrack(d, em, video, autoLanguage, null, true);
    },
  };
}
export type CaptionGenerationService = ReturnType<typeof createCaptionGenerationService>;

/**
 * A video's file was replaced: its generated tracks are transcribed again from the new file
 * (status 'processing' until their jobs end); uploaded and edited tracks are the owner's text and
 * stay as they are.
 */
export async function regenerateTracks(d: Pick<GenerationDeps, 'orm' | 'queue'>, videoId: string): Promise<void> {
  const em = d.orm.em.fork();
  const video = await em.findOne(Video, { id: videoId });
  if (!video) return;
  const tracks = await em.find(CaptionTrack, { videoId, kind: 'generated' });
  for (const track of tracks) {
    track.status = 'processing';
    track.error = null;
    await em.flush();
    try {
      await d.queue.send(JOBS.generateCaptions, { videoId, trackId: track.id, language: track.language } satisfies GenerateCaptionsJob, { userId: video.userId, continuing: true });
    } catch {
      // Not queued (past the account's jobs): the track says so instead of waiting for nothing, and the others still go.
      track.status = 'failed';
      track.error = CAPTION_GENERATE_MESSAGES.notQueued;
      await em.flush();
    }
  }
}
