import { mkdir, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Orm } from '../db/orm.ts';
import { NoSpeechError, transcribeSpeech } from '../media/pipelines/text.ts';
import { probe } from '../media/probe.ts';
import type { TranscriptionEngine } from '../media/transcription.ts';
import { CaptionTrack } from '../modules/captions/caption.entity.ts';
import { captionQueries } from '../modules/captions/captions.queries.ts';
import { writeCues } from '../modules/captions/captions.service.ts';
import { sqlOf } from '../db/sql.ts';
import { Video } from '../modules/videos/video.entity.ts';
import { recordCaptionsReady } from '../modules/webhooks/webhook-events.ts';
import type { EditDeps } from './edit-deps.ts';
import { OwnerError } from './failure.ts';
import type { GenerateCaptionsJob } from '../queue/job-contract.ts';

/** Why a generated track failed when no engine runs here (the owner's words). */
export const GENERATE_MESSAGES = {
  noEngine: 'Captions cannot be generated on this server (no transcription engine is installed).',
} as const;

/**
 * The generate-captions job: the video's source is read from storage, its speech transcribed by
 * the engine (media/pipelines/text.ts, in the media box), and the cues written to the track made
 * for it (status 'processing'), which becomes 'ready'. The video is never touched. A track or
 * video deleted meanwhile ends the job quietly; a failure marks the track 'failed' with the
 * reason (markCaptionsFailed, on the last try).
 */
export function generateCaptionsHandler(d: EditDeps & { engine: TranscriptionEngine | null }) {
  return async function generateCaptions(job: GenerateCaptionsJob, _attempt = 0, signal?: AbortSignal) {
    const em = d.orm.em.fork();
    const track = await em.findOne(CaptionTrack, { id: job.trackId, videoId: job.videoId });
    const video = await em.findOne(Video, { id: job.videoId });
    if (!track || !video) return;
    if (!video.originalKey) throw new OwnerError('The video has no file to transcribe yet.');
    if (!d.engine?.available()) throw new OwnerError(GENERATE_MESSAGES.noEngine);
    const work = join(d.workDir, `captions-${track.id}-${crypto.randomUUID()}`);
    try {
      await mkdir(work, { recursive: true });
      const input = join(work, `source${extname(video.originalKey)}`);
      await d.storage.getFile(video.originalKey, input);
      const info = await probe(input, { ffprobePath: d.ffprobePath, deadlines: d.deadlines, signal });
      let cues: Awaited<ReturnType<typeof transcribeSpeech>>;
      try {
        cues = await transcribeSpeech(input, join(work, 'speech'), info, d.engine, job.language, { ffmpegPath: d.ffmpegPath, timeoutMs: d.timeoutMs, deadlines: d.deadlines, signal });
      } catch (err) {
        if (err instanceof NoSpeechError) throw new OwnerError(err.message);
        throw err;
      }
      await em.transactional(async (tx) => {
        // Deleted while it was transcribed: nothing to write.
        const rows = await captionQueries.lockProcessing(sqlOf(tx), track.id);
        if (rows.length === 0) return;
        // The cues in place, the track 'ready' (captions.service: the one writer of cues).
        await writeCues(sqlOf(tx), { id: track.id, videoId: video.id }, cues, { newVersion: false });
        await recordCaptionsReady(sqlOf(tx), track.id);
      });
      d.log.info({ videoId: video.id, trackId: track.id, engine: d.engine.name, cues: cues.length }, 'captions generated');
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  };
}

/** The last try failed: the job's own track says why (others of the video go on); the video itself is untouched. */
export async function markCaptionsFailed(orm: Orm, trackId: string, reason: string): Promise<void> {
  await captionQueries.markFailed(sqlOf(orm.em.fork()), trackId, reason);
}
