import type { EntityManager } from '@mikro-orm/postgresql';
import { type Cue, cuePlainText } from '@reelbase/api-client';
import { cutCues } from '../../media/transcript.ts';

/*
 * The cues of a track as rows of caption_cues, written for the workers (a generated track, a
 * trim's cut). One statement each way: the cues go in as one JSON array.
 */

type Execute = Pick<EntityManager, 'execute'>;

/** Replaces every cue of `trackId` (of `videoId`) with `cues`. */
export async function storeTrackCues(em: Execute, trackId: string, videoId: string, cues: readonly Cue[]): Promise<void> {
  await em.execute('delete from caption_cues where track_id = ?', [trackId]);
  if (cues.length === 0) return;
  const rows = cues.map((c, i) => ({ seq: i + 1, start_sec: c.startSec, end_sec: c.endSec, text: c.text, plain: cuePlainText(c.text) }));
  await em.execute(
    `insert into caption_cues (track_id, seq, video_id, start_sec, end_sec, text, plain)
     select ?, r.seq, ?, r.start_sec, r.end_sec, r.text, r.plain
       from jsonb_to_recordset(?::jsonb) as r(seq integer, start_sec double precision, end_sec double precision, text text, plain text)`,
    [trackId, videoId, JSON.stringify(rows)],
  );
}

/** The cues of a track in order. */
export async function readTrackCues(em: Execute, trackId: string): Promise<Cue[]> {
  const rows = (await em.execute('select start_sec, end_sec, text from caption_cues where track_id = ? order by seq', [trackId])) as { start_sec: number; end_sec: number; text: string }[];
  return rows.map((r) => ({ startSec: Number(r.start_sec), endSec: Number(r.end_sec), text: r.text }));
}

/**
 * After a trim of a video that kept [startSec, endSec) of it: every ready track of `fromVideoId`
 * cut to that range and shifted to start at 0, written to `toVideoId` (the same video for a trim
 * over it, the new video for a cut saved as a new one: the tracks are copied). A track left with
 * no cue is dropped (from the same video) or not copied. A track still being generated is left
 * alone (its job reads the new source). Runs in one transaction.
 */
export async function cutVideoTracks(em: EntityManager, fromVideoId: string, toVideoId: string, startSec: number, endSec: number): Promise<void> {
  await em.transactional(async (tx) => {
    const tracks = (await tx.execute("select id, user_id, language, label, kind, is_default from caption_tracks where video_id = ? and status = 'ready' for update", [fromVideoId])) as {
      id: string;
      user_id: string;
      language: string;
      label: string;
      kind: string;
      is_default: boolean;
    }[];
    for (const t of tracks) {
      const cues = cutCues(await readTrackCues(tx, t.id), startSec, endSec);
      if (fromVideoId === toVideoId) {
        if (cues.length === 0) {
          await tx.execute('delete from caption_tracks where id = ?', [t.id]);
          continue;
        }
        await storeTrackCues(tx, t.id, toVideoId, cues);
        await tx.execute('update caption_tracks set cue_count = ?, version = version + 1, updated_at = now() where id = ?', [cues.length, t.id]);
      } else if (cues.length > 0) {
        const id = crypto.randomUUID();
        await tx.execute('insert into caption_tracks (id, video_id, user_id, language, label, kind, is_default, status, cue_count) values (?, ?, ?, ?, ?, ?, ?, ?, ?)', [
          id,
          toVideoId,
          t.user_id,
          t.language,
          t.label,
          t.kind,
          t.is_default,
          'ready',
          cues.length,
        ]);
        await storeTrackCues(tx, id, toVideoId, cues);
      }
    }
  });
}
