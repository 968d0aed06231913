import type { EntityManager } from '@mikro-orm/postgresql';
import { cutCues } from '../../media/transcript.ts';
import { sqlOf } from '../../db/sql.ts';
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
    const tracks = await sql<{ id: string }[]>("select id from caption_tracks where video_id = ? and status = 'ready' for update", [toVideoId]);
    // Translations in step with their source (issue 37) stay so: both are cut alike.
    const inStep = await sql<{ id: string }[]>('select t.id from caption_tracks t join caption_tracks s on s.id = t.source_track_id where t.video_id = ? and t.source_version = s.version', [toVideoId]);
    for (const t of tracks) {
      const cues = cutCues(await readCues(sql, t.id), startSec, endSec);
      if (cues.length === 0) await sql('delete from caption_tracks where id = ?', [t.id]);
      else await writeCues(sql, { id: t.id, videoId: toVideoId }, cues, { newVersion: true });
    }
    for (const t of inStep) await sql('update caption_tracks t set source_version = s.version from caption_tracks s where t.id = ? and s.id = t.source_track_id', [t.id]);
  });
}
