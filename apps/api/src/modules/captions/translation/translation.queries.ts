import { isUuid, type Sql } from '../../../db/sql.ts';

/** A track as the translation reads it. */
export interface SourceRow {
  id: string;
  videoId: string;
  videoName: string;
  language: string;
  label: string;
  status: 'ready' | 'processing' | 'failed';
  version: number;
  cueCount: number;
}

/** SQL of caption translation (its own tables' columns: caption_tracks.source_track_id, source_version). */
export const translationQueries = {
  /** The team's track `captionId` of its video `videoId` (another team's answers like a missing one); `lock` locks the video's row, which serialises its track changes. */
  async teamTrack(sql: Sql, teamId: string, videoId: string, captionId: string, lock = false): Promise<SourceRow | null> {
    if (!isUuid(videoId) || !isUuid(captionId)) return null;
    const [video] = await sql<{ id: string; name: string }[]>(`select id, name from videos where id = ? and user_id = ?${lock ? ' for update' : ''}`, [videoId, teamId]);
    if (!video) return null;
    const [track] = await sql<Omit<SourceRow, 'videoName'>[]>(
      `select id, video_id as "videoId", language, label, status, version, cue_count as "cueCount" from caption_tracks where id = ? and video_id = ?`,
      [captionId, videoId],
    );
    return track ? { ...track, videoName: video.name } : null;
  },

  /**
   * The translation of `sourceId` in `language`, if there is one (whatever its kind since: an
   * edited translation is still it); `abandoned` when it has been 'processing' longer than
   * `abandonedAfterSeconds` (its job failed over without a word).
   */
  async translationOf(sql: Sql, sourceId: string, language: string, abandonedAfterSeconds: number): Promise<{ id: string; status: string; abandoned: boolean } | undefined> {
    const [row] = await sql<{ id: string; status: string; abandoned: boolean }[]>(
      `select id, status, (status = 'processing' and updated_at < now() - make_interval(secs => ?)) as abandoned
       from caption_tracks where source_track_id = ? and language = ? order by created_at limit 1`,
      [abandonedAfterSeconds, sourceId, language],
    );
    return row;
  },

  async trackCount(sql: Sql, videoId: string): Promise<number> {
    const [{ n }] = await sql<{ n: number }[]>('select count(*)::int as n from caption_tracks where video_id = ?', [videoId]);
    return n;
  },

  /** A new translated track, 'processing' until its job writes the cues. */
  async insertTranslation(sql: Sql, t: { id: string; videoId: string; teamId: string; language: string; label: string; sourceId: string; personId: string | null }) {
    await sql(
      `insert into caption_tracks (id, video_id, user_id, language, label, kind, status, cue_count, version, source_track_id, created_by, updated_by)
       values (?, ?, ?, ?, ?, 'translated', 'processing', 0, 1, ?, ?, ?)`,
      [t.id, t.videoId, t.teamId, t.language, t.label, t.sourceId, t.personId, t.personId],
    );
  },

  /** An existing translation made again: 'processing' until its job writes the cues anew. */
  async restart(sql: Sql, trackId: string, personId: string | null) {
    await sql(`update caption_tracks set status = 'processing', error = null, updated_at = now(), updated_by = coalesce(?, updated_by) where id = ?`, [personId, trackId]);
  },

  async remove(sql: Sql, trackId: string) {
    await sql(`delete from caption_tracks where id = ? and status = 'processing'`, [trackId]);
  },

  async markFailed(sql: Sql, trackId: string, reason: string) {
    await sql(`update caption_tracks set status = 'failed', error = ?, updated_at = now() where id = ? and status = 'processing'`, [reason, trackId]);
  },

  // The translate-captions job (jobs/translate-captions.ts).

  /** The job's track while it is still 'processing'. */
  async processingTrack(sql: Sql, trackId: string): Promise<{ id: string; cueCount: number } | undefined> {
    const [track] = await sql<{ id: string; cueCount: number }[]>(`select id, cue_count as "cueCount" from caption_tracks where id = ? and status = 'processing'`, [trackId]);
    return track;
  },

  /** The source track, when it is ready. */
  async readySource(sql: Sql, trackId: string): Promise<{ id: string; language: string; version: number } | undefined> {
    const [source] = await sql<{ id: string; language: string; version: number }[]>(`select id, language, version from caption_tracks where id = ? and status = 'ready'`, [trackId]);
    return source;
  },

  /** The source's version the translation was made from. */
  async setSourceVersion(sql: Sql, trackId: string, version: number) {
    await sql('update caption_tracks set source_version = ? where id = ?', [version, trackId]);
  },
};
