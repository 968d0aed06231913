import { randomUUID } from 'node:crypto';
import {
  CAPTION_MESSAGES,
  CAPTION_TRACKS_MAX,
  CAPTION_TRANSLATE_MESSAGES,
  type CaptionTrack as CaptionTrackDto,
  type CaptionTranslationLanguages,
  languageLabel,
  translatedLabel,
} from '@reelbase/api-client';
import type { Orm } from '../../../db/orm.ts';
import { type Sql, sqlOf } from '../../../db/sql.ts';
import { conflict, HttpError, notFound, unprocessable } from '../../../http/errors.ts';
import { pairTarget, targetsFrom, type TranslationEngine, type TranslationPair } from '../../../media/translation/index.ts';
import { JOBS, type TranslateCaptionsJob } from '../../../queue/job-contract.ts';
import { recordActivity } from '../../teams/activity.ts';
import { trackAnswer } from '../captions.service.ts';
import { type SourceRow, translationQueries as q } from './translation.queries.ts';

interface TranslationDeps {
  orm: Orm;
  /** Sends the job to the workers (they run the engine; the API only asks it for its languages). */
  send: (name: string, data: TranslateCaptionsJob) => Promise<unknown>;
  engine: TranslationEngine;
  /** A translation 'processing' for longer than this is made again on request (its job is gone). */
  abandonedAfterSeconds: number;
}

/** "Spanish (es)": how a language is named in the 422's list. */
const named = (tag: string) => `${languageLabel(tag)} (${tag})`;

/**
 * Caption translation, the API's side (issue 37 item 1): the languages a track can go to, and
 * translated tracks started (or started again) for the workers' translate-captions job.
 */
export function createTranslationService(d: TranslationDeps) {
  /** The engine's directions; a hosted engine that does not answer is a 503, not a refusal. */
  async function pairs(): Promise<TranslationPair[]> {
    try {
      return await d.engine.pairs();
    } catch {
      const err = new HttpError(503, CAPTION_TRANSLATE_MESSAGES.unavailable);
      err.headers = { 'Retry-After': '60' };
      throw err;
    }
  }
  const ownTrack = async (sql: Sql, teamId: string, videoId: string, captionId: string, lock = false): Promise<SourceRow> => {
    const track = await q.teamTrack(sql, teamId, videoId, captionId, lock);
    if (!track) throw notFound('Caption track not found');
    return track;
  };

  return {
    async languages(teamId: string, videoId: string, captionId: string): Promise<CaptionTranslationLanguages> {
      const track = await ownTrack(sqlOf(d.orm.em.fork()), teamId, videoId, captionId);
      const targets = targetsFrom(await pairs(), track.language);
      return { engine: d.engine.name, languages: targets.map((language) => ({ language, label: languageLabel(language) })) };
    },

    /**
     * A translation of the track `captionId` into `language`: a new track, or this source's
     * translation in that language made again (idempotent while one is being made).
     */
    async translate(teamId: string, personId: string, videoId: string, captionId: string, language: string): Promise<CaptionTrackDto> {
      const offered = await pairs();
      const started = await d.orm.em.fork().transactional(async (em) => {
        const sql = sqlOf(em);
        const source = await ownTrack(sql, teamId, videoId, captionId, true);
        const target = pairTarget(offered, source.language, language);
        if (!target) throw unprocessable({ language: CAPTION_TRANSLATE_MESSAGES.unsupported(named(source.language), named(language), targetsFrom(offered, source.language).map(named)) });
        if (source.status !== 'ready' || source.cueCount === 0) throw conflict(CAPTION_TRANSLATE_MESSAGES.notReady);
        const existing = await q.translationOf(sql, source.id, language, d.abandonedAfterSeconds);
        if (existing?.status === 'processing' && !existing.abandoned) return { id: existing.id, job: null, isNew: false };
        let id = existing?.id;
        if (id) {
          await q.restart(sql, id, personId);
        } else {
          if ((await q.trackCount(sql, videoId)) >= CAPTION_TRACKS_MAX) throw unprocessable({ language: CAPTION_MESSAGES.tooManyTracks });
          id = randomUUID();
          const label = translatedLabel(languageLabel(language));
          await q.insertTranslation(sql, { id, videoId, teamId, language, label, sourceId: source.id, personId });
          await recordActivity(sql, teamId, 'caption.added', { type: 'video', id: videoId, name: source.videoName }, { language, label, kind: 'translated' }, personId);
        }
        return { id, job: { videoId, trackId: id, sourceTrackId: source.id, target } satisfies TranslateCaptionsJob, isNew: !existing };
      });
      // Queued once committed, so the worker finds the track.
      if (started.job) {
        try {
          await d.send(JOBS.translateCaptions, started.job);
        } catch (err) {
          // Not queued: a new track goes again; one made again says why instead of waiting for nothing.
          const sql = sqlOf(d.orm.em.fork());
          if (started.isNew) await q.remove(sql, started.id);
          else await q.markFailed(sql, started.id, CAPTION_TRANSLATE_MESSAGES.notQueued);
          throw err;
        }
      }
      return trackAnswer(sqlOf(d.orm.em.fork()), started.id);
    },
  };
}
export type TranslationService = ReturnType<typeof createTranslationService>;
