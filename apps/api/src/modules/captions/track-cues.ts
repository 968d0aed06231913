import type { EntityManager } from '@mikro-orm/postgresql';
import { cutCues } from '../../media/transcript.ts';
import { sqlOf } from '../../db/sql.ts';
import { captionQueries as q } from './captions.queries.ts';
import { copyCaptions, readCues, writeCues } from './captions.service.ts';

/**
 * After a trim that kept [startSec, endSec) of `fromVideoId`: the captions of `toVideoId` (the
 * same video for a trim over it; for a cut saved as a new video, a copy of the source's tracks is
 * made first) cut to that range and shifted to start at 0, each a new version. A track left
 * without a cue is deleted. A track still being generated is left alone (its job reads the new
 * source). One transaction.
 */
export async function cutVideoTracks(em: EntityManager, fromVideoId: string, toVideoId: string, startSec: number, endSec: number): Promise<void> {
  await em.transactional(async (tx) => {
    const sql = sqlOf(tx);
    if (fromVideoId !== toVideoId) await copyCaptions(sql, fromVideoId, toVideoId);
    const tracks = await q.readyTrackIdsLocked(sql, toVideoId);
    // Translations in step with their source (issue 37) stay so: both are cut alike.
    const inStep = await q.inStepTranslations(sql, toVideoId);
    for (const t of tracks) {
      const cues = cutCues(await readCues(sql, t.id), startSec, endSec);
      if (cues.length === 0) await q.deleteTrack(sql, t.id);
      else await writeCues(sql, { id: t.id, videoId: toVideoId }, cues, { newVersion: true });
    }
    for (const t of inStep) await q.syncSourceVersion(sql, t.id);
  });
}
