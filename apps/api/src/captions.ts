import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Orm } from './db/orm.ts';
import { transcriptionEngine } from './media/transcription.ts';
import { translationEngine } from './media/translation/index.ts';
import type { AuthGuards } from './modules/access/guards.ts';
import { captionsRoutes } from './modules/captions/captions.routes.ts';
import { createCaptionsService } from './modules/captions/captions.service.ts';
import { captionGenerationRoutes } from './modules/captions/generation.routes.ts';
import { createCaptionGenerationService } from './modules/captions/generation.service.ts';
import { translationRoutes } from './modules/captions/translation/translation.routes.ts';
import { createTranslationService } from './modules/captions/translation/translation.service.ts';
import type { RateLimits } from './modules/limits/rate-limits.ts';
import { RETRY_LIMIT } from './queue/job-contract.ts';
import type { JobQueue } from './queue/job-queue.ts';
import type { Queue } from './queue/queue.ts';

/** One translation's deadline: a whole track is seconds of work (bench:translation), a hosted API's waits a few minutes at most. */
export const translationTimeoutMs = (config: Config) => Math.min(config.JOB_TIMEOUT_SECONDS * 1000, 30 * 60_000);

/** The translation engine the settings name (TRANSLATION_ENGINE), for the API (its languages) and the workers (the runs). */
export const translationEngineOf = (config: Config) => translationEngine({ engine: config.TRANSLATION_ENGINE, apiBase: config.TRANSLATION_API_BASE, apiKey: config.TRANSLATION_API_KEY });

/**
 * Caption tracks composed: uploads and the editor, generated tracks (the transcription engine's
 * languages; the workers run it) and translated ones (issue 37: the translation engine's
 * languages; its job is the workers', jobs/translate-captions.ts).
 */
export function captionRouters(d: { config: Config; orm: Orm; queue: Queue; jobs: JobQueue; guards: AuthGuards; limits: RateLimits; log: Logger }) {
  const { config, orm, guards, limits } = d;
  const engine = transcriptionEngine({ engine: config.CAPTIONS_ENGINE, pocketsphinxModel: config.CAPTIONS_POCKETSPHINX_MODEL, whisperModel: config.CAPTIONS_WHISPER_MODEL }, (line) => d.log.error(line));
  const captionGeneration = createCaptionGenerationService({ orm, queue: d.jobs, engine });
  // A translation still 'processing' after every try could have run (a worker died on the last) is taken up again on request.
  const abandonedAfterSeconds = Math.ceil((translationTimeoutMs(config) / 1000 + config.JOB_RETRY_DELAY_SECONDS * 8) * (RETRY_LIMIT + 1));
  const translation = createTranslationService({ orm, engine: translationEngineOf(config), send: (name, data) => d.queue.send(name, data), abandonedAfterSeconds });
  return [captionGenerationRoutes(captionGeneration, guards), captionsRoutes(createCaptionsService({ orm }), guards, limits), translationRoutes(translation, guards, limits)];
}
