import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CAPTION_CUE_TEXT_MAX, type Cue } from '@reelbase/api-client';
import type { Job } from 'pg-boss';
import type { Logger } from 'pino';
import type { Orm } from '../db/orm.ts';
import { sqlOf } from '../db/sql.ts';
import { protectCue, restoreCue, type TranslationEngine, TranslationError } from '../media/translation/index.ts';
import { primaryLanguage } from '../media/translation/engine.ts';
import { captionQueries } from '../modules/captions/captions.queries.ts';
import { readCues, writeCues } from '../modules/captions/captions.service.ts';
import { translationQueries } from '../modules/captions/translation/translation.queries.ts';
import { recordCaptionsReady } from '../modules/webhooks/webhook-events.ts';
import { JOBS, type TranslateCaptionsJob } from '../queue/job-contract.ts';
import type { Queue } from '../queue/queue.ts';
import { classifyFailure, OwnerError } from './failure.ts';

export const TRANSLATE_MESSAGES = {
  sourceGone: 'The track it was translated from is gone or not ready.',
  failed: 'The captions could not be translated. Translate them again.',
} as const;

interface TranslateDeps {
  orm: Orm;
  engine: TranslationEngine;
  workDir: string;
  timeoutMs: number;
  log: Logger;
}

/** A translated cue longer than a cue may be (the editor's limit) is cut at a word with an ellipsis. */
export function fitCueText(text: string): string {
  if (text.length <= CAPTION_CUE_TEXT_MAX) return text;
  const cut = text.slice(0, CAPTION_CUE_TEXT_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), CAPTION_CUE_TEXT_MAX / 2)).trimEnd()}…`;
}

/**
 * The translate-captions job: the source's cues as they are now go through the engine in one
 * batch (media/translation), each comes back into a cue with its source's exact times, and the
 * track made for it ('processing') gets them and becomes 'ready' (kind 'translated', the source's
 * version noted so the answer can tell when the source changes). A track deleted meanwhile ends
 * the job quietly.
 */
export function translateCaptionsHandler(d: TranslateDeps) {
  return async function translateCaptions(job: TranslateCaptionsJob, signal?: AbortSignal) {
    const sql = sqlOf(d.orm.em.fork());
    const track = await translationQueries.processingTrack(sql, job.trackId);
    if (!track) return;
    const source = await translationQueries.readySource(sql, job.sourceTrackId);
    if (!source) throw new OwnerError(TRANSLATE_MESSAGES.sourceGone);
    const cues = await readCues(sql, source.id);
    const work = join(d.workDir, `translate-${track.id}-${crypto.randomUUID()}`);
    let texts: string[];
    try {
      await mkdir(work, { recursive: true });
      const marked = cues.map((c) => protectCue(c.text));
      const translated = await d.engine.translate(
        marked.map((m) => m.html),
        primaryLanguage(source.language),
        job.target,
        { cwd: work, timeoutMs: d.timeoutMs, signal },
      );
      texts = translated.map((html, i) => fitCueText(restoreCue(html, marked[i].tags)));
    } catch (err) {
      if (err instanceof TranslationError && err.permanent) throw new OwnerError(err.message);
      throw err;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    // The source's times exactly: only the text is the engine's.
    const out: Cue[] = cues.map((c, i) => ({ startSec: c.startSec, endSec: c.endSec, text: texts[i] }));
    await d.orm.em.fork().transactional(async (tx) => {
      const t = sqlOf(tx);
      // Deleted while it was translated: nothing to write.
      const rows = await captionQueries.lockProcessing(t, track.id);
      if (rows.length === 0) return;
      await writeCues(t, { id: track.id, videoId: job.videoId }, out, { kind: 'translated', newVersion: track.cueCount > 0 });
      await translationQueries.setSourceVersion(t, track.id, source.version);
      await recordCaptionsReady(t, track.id);
    });
    d.log.info({ videoId: job.videoId, trackId: track.id, engine: d.engine.name, cues: out.length }, 'captions translated');
  };
}

/** Subscribes the handler; a failure that will fail again, or the last try, marks the track 'failed' with the owner's reason. */
export async function startTranslationJobs(queue: Queue, d: TranslateDeps) {
  const handle = translateCaptionsHandler(d);
  const opts = { batchSize: 1, localConcurrency: 1, includeMetadata: true, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2 } as const;
  await queue.boss.work<TranslateCaptionsJob>(JOBS.translateCaptions, opts, async (jobs: Job<TranslateCaptionsJob>[]) => {
    for (const job of jobs) {
      const { retryCount = 0, retryLimit = 0 } = job as unknown as { retryCount?: number; retryLimit?: number };
      try {
        await handle(job.data, AbortSignal.timeout(d.timeoutMs));
      } catch (err) {
        const { reason, permanent } = classifyFailure(err, null);
        d.log.warn({ job: JOBS.translateCaptions, videoId: job.data.videoId, attempt: retryCount, permanent, err }, 'job failed');
        if (permanent || retryCount >= retryLimit) {
          const why = permanent ? reason : TRANSLATE_MESSAGES.failed;
          await translationQueries.markFailed(sqlOf(d.orm.em.fork()), job.data.trackId, why);
          return;
        }
        throw err;
      }
    }
  });
}
