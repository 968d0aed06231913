import type { AudioTrack, PlaybackAudioTrack } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';

// The SQL of audio tracks: the service's reads and writes, the delivery's list, a copy's rows and
// the audio-track job's (its encode, a trim's cut, a replace's check), each in the caller's `sql`.

/** A track row as read by COLUMNS. */
export interface AudioTrackRow {
  id: string;
  videoId: string;
  language: string;
  label: string;
  isDefault: boolean;
  status: AudioTrack['status'];
  error: string | null;
  durationSec: number | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}
const COLUMNS = `id, video_id as "videoId", language, label, is_default as "isDefault", status, error, duration_sec as "durationSec", created_at as "createdAt", updated_at as "updatedAt"`;

/** What the service checks of the team's video. */
export interface AudioVideoRow {
  id: string;
  status: string;
  durationSec: number | null;
  hls: boolean;
}

export const audioTrackQueries = {
  /** The team's video, if it is the team's. */
  teamVideo: async (sql: Sql, userId: string, videoId: string): Promise<AudioVideoRow | undefined> =>
    (await sql<AudioVideoRow[]>('select id, status, duration_sec as "durationSec", is_hls_ready as hls from videos where id = ? and user_id = ?', [videoId, userId]))[0],

  /** The track `trackId` of `videoId`; `lock` locks its row. */
  trackOfVideo: async (sql: Sql, trackId: string, videoId: string, lock: boolean): Promise<AudioTrackRow | undefined> =>
    (await sql<AudioTrackRow[]>(`select ${COLUMNS} from audio_tracks where id = ? and video_id = ?${lock ? ' for update' : ''}`, [trackId, videoId]))[0],

  trackById: async (sql: Sql, id: string) => (await sql<AudioTrackRow[]>(`select ${COLUMNS} from audio_tracks where id = ?`, [id]))[0],

  tracksOfVideo: (sql: Sql, videoId: string) => sql<AudioTrackRow[]>(`select ${COLUMNS} from audio_tracks where video_id = ? order by is_default desc, label, created_at`, [videoId]),

  /** Locks the video's row: serialises track changes of one video (the count limit). */
  lockVideo: (sql: Sql, videoId: string) => sql('select id from videos where id = ? for update', [videoId]),

  trackCount: async (sql: Sql, videoId: string): Promise<number> => {
    const [{ n }] = await sql<{ n: number }[]>('select count(*)::int as n from audio_tracks where video_id = ?', [videoId]);
    return n;
  },

  /** A new uploaded track, 'processing' until the job has encoded it. */
  insertUploaded: (sql: Sql, t: { id: string; videoId: string; userId: string; language: string; label: string; durationSec: number; personId: string | null }) =>
    sql(`insert into audio_tracks (id, video_id, user_id, language, label, status, duration_sec, created_by) values (?, ?, ?, ?, ?, 'processing', ?, ?)`, [
      t.id,
      t.videoId,
      t.userId,
      t.language,
      t.label,
      t.durationSec,
      t.personId,
    ]),

  /** Label and language, when given. */
  updateTrack: (sql: Sql, id: string, label: string | null, language: string | null) =>
    sql('update audio_tracks set label = coalesce(?, label), language = coalesce(?, language), updated_at = now() where id = ?', [label, language, id]),

  /** Drops the default of the video's other tracks. */
  clearOtherDefaults: (sql: Sql, videoId: string, trackId: string) => sql('update audio_tracks set is_default = false where video_id = ? and is_default and id <> ?', [videoId, trackId]),
  setDefault: (sql: Sql, trackId: string) => sql('update audio_tracks set is_default = true where id = ?', [trackId]),
  unsetDefault: (sql: Sql, trackId: string) => sql('update audio_tracks set is_default = false where id = ?', [trackId]),

  deleteTrack: (sql: Sql, id: string) => sql('delete from audio_tracks where id = ?', [id]),

  /** A video's ready tracks, the default first (the playback answer and the master list these). */
  readyTracks: (sql: Sql, videoId: string) =>
    sql<PlaybackAudioTrack[]>(`select id, label, language, is_default as "isDefault" from audio_tracks where video_id = ? and status = 'ready' order by is_default desc, created_at, id`, [videoId]),

  // A video copy's tracks (audio-copy.ts).

  readyTrackIds: (sql: Sql, videoId: string) => sql<{ id: string }[]>("select id from audio_tracks where video_id = ? and status = 'ready'", [videoId]),

  /** The copy's row `to` of the source's track `from`, 'ready', once the copy's video row exists. */
  insertCopy: (sql: Sql, to: string, copyId: string, from: string) =>
    sql(
      `insert into audio_tracks (id, video_id, user_id, language, label, is_default, status, duration_sec, created_by)
           select ?, v.id, v.user_id, t.language, t.label, t.is_default, 'ready', t.duration_sec, t.created_by from audio_tracks t join videos v on v.id = ? where t.id = ?`,
      [to, copyId, from],
    ),

  // The audio-track job (jobs/audio-track.ts).

  jobTrack: async (sql: Sql, trackId: string, videoId: string): Promise<{ status: string; duration_sec: number | null } | undefined> =>
    (await sql<{ status: string; duration_sec: number | null }[]>('select status, duration_sec from audio_tracks where id = ? and video_id = ?', [trackId, videoId]))[0],

  /** The encoded track becomes 'ready' if it is still 'processing'; the ids it changed (none when it was removed meanwhile). */
  markEncoded: (sql: Sql, trackId: string) => sql<{ id: string }[]>(`update audio_tracks set status = 'ready', error = null, updated_at = now() where id = ? and status = 'processing' returning id`, [trackId]),

  /** The ids of the video's ready tracks, oldest first. */
  readyTrackIdsByAge: (sql: Sql, videoId: string) => sql<{ id: string }[]>("select id from audio_tracks where video_id = ? and status = 'ready' order by created_at", [videoId]),

  /** A trim's new video gets a copy `id` of track `fromTrackId`, 'processing' until its cut file is published. */
  insertCutCopy: (sql: Sql, id: string, toVideoId: string, durationSec: number, fromTrackId: string) =>
    sql(
      `insert into audio_tracks (id, video_id, user_id, language, label, is_default, status, duration_sec, created_by)
             select ?, ?, v.user_id, t.language, t.label, t.is_default, 'processing', ?, t.created_by from audio_tracks t, videos v where t.id = ? and v.id = ?`,
      [id, toVideoId, durationSec, fromTrackId, toVideoId],
    ),

  /** The cut track is 'ready' with its new length. */
  markCut: (sql: Sql, id: string, durationSec: number) => sql("update audio_tracks set status = 'ready', duration_sec = ?, updated_at = now() where id = ?", [durationSec, id]),

  /** A track that could not follow a trim is 'failed' with the reason. */
  markCutFailed: (sql: Sql, id: string, reason: string) => sql("update audio_tracks set status = 'failed', error = ?, updated_at = now() where id = ?", [reason, id]),

  /** After a replace: the ready tracks whose length is more than `toleranceSec` from the new picture's become 'failed' with `reason`; their ids. */
  failOutOfStep: (sql: Sql, videoId: string, videoSec: number, reason: string, toleranceSec: number) =>
    sql<{ id: string }[]>(
      `update audio_tracks set status = 'failed', error = ?, updated_at = now()
     where video_id = ? and status = 'ready' and abs(coalesce(duration_sec, 0) - ?) > ? returning id`,
      [reason, videoId, videoSec, toleranceSec],
    ),

  /** The job's track, still 'processing', is 'failed' with the owner's reason. */
  markFailed: (sql: Sql, trackId: string, reason: string) =>
    sql(`update audio_tracks set status = 'failed', error = ?, updated_at = now() where id = ? and status = 'processing'`, [reason, trackId]),
};
