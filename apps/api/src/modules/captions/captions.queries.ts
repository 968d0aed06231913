import type { CaptionKind, CaptionTrack as CaptionTrackDto, Cue } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';

// The SQL of caption tracks and their cues: the service's reads and writes, the cut after a trim
// (track-cues.ts) and the player's files (caption-delivery.ts), each in the caller's `sql`.

/** A track row as read by TRACK_COLUMNS. */
export interface TrackRow {
  id: string;
  videoId: string;
  language: string;
  label: string;
  kind: CaptionKind;
  isDefault: boolean;
  status: CaptionTrackDto['status'];
  error?: string | null;
  cueCount: number;
  version: number;
  source?: CaptionTrackDto['source'];
  createdAt: Date | string;
  updatedAt: Date | string;
}
// A translation's source, with whether its cues changed since (issue 37); read as `from caption_tracks` unaliased.
const TRACK_COLUMNS = `id, video_id as "videoId", language, label, kind, is_default as "isDefault", status, error, cue_count as "cueCount", version,
  (select json_build_object('id', s.id, 'language', s.language, 'label', s.label, 'changed', s.version is distinct from caption_tracks.source_version)
     from caption_tracks s where s.id = caption_tracks.source_track_id) as source,
  created_at as "createdAt", updated_at as "updatedAt"`;

/** What a transcript reads of a track. */
export interface TranscriptTrackRow {
  id: string;
  label: string;
  language: string;
}

export const captionQueries = {
  trackById: async (sql: Sql, id: string) => (await sql<TrackRow[]>(`select ${TRACK_COLUMNS} from caption_tracks where id = ?`, [id]))[0],

  /** The track `captionId` of `videoId`; `lock` locks its row. */
  trackOfVideo: async (sql: Sql, captionId: string, videoId: string, lock: boolean): Promise<TrackRow | undefined> =>
    (await sql<TrackRow[]>(`select ${TRACK_COLUMNS} from caption_tracks where id = ? and video_id = ?${lock ? ' for update' : ''}`, [captionId, videoId]))[0],

  tracksOfVideo: (sql: Sql, videoId: string) => sql<TrackRow[]>(`select ${TRACK_COLUMNS} from caption_tracks where video_id = ? order by is_default desc, label, created_at`, [videoId]),

  /** The team's video (id and name), if it is the team's. */
  teamVideo: async (sql: Sql, userId: string, videoId: string): Promise<{ id: string; name: string } | undefined> =>
    (await sql<{ id: string; name: string }[]>('select id, name from videos where id = ? and user_id = ?', [videoId, userId]))[0],

  /** Locks the video's row: serialises track changes of one video (the count limit, the one default). */
  lockVideo: (sql: Sql, videoId: string) => sql('select id from videos where id = ? for update', [videoId]),

  trackCount: async (sql: Sql, videoId: string): Promise<number> => {
    const [{ n }] = await sql<{ n: number }[]>('select count(*)::int as n from caption_tracks where video_id = ?', [videoId]);
    return n;
  },

  /** A new uploaded track, 'ready' with no cues yet (writeCues counts them). */
  insertUploaded: (sql: Sql, t: { id: string; videoId: string; userId: string; language: string; label: string; personId: string | null }) =>
    sql(
      `insert into caption_tracks (id, video_id, user_id, language, label, kind, status, cue_count, version, created_by, updated_by) values (?, ?, ?, ?, ?, 'uploaded', 'ready', 0, 1, ?, ?)`,
      [t.id, t.videoId, t.userId, t.language, t.label, t.personId, t.personId],
    ),

  /** A replaced file's language, and its label when given. */
  setLanguage: (sql: Sql, id: string, language: string, label: string | null) => sql('update caption_tracks set language = ?, label = coalesce(?, label) where id = ?', [language, label, id]),

  /** Label and language when given, and who changed the track when known. */
  updateTrack: (sql: Sql, id: string, label: string | null, language: string | null, personId: string | null) =>
    sql('update caption_tracks set label = coalesce(?, label), language = coalesce(?, language), updated_at = now(), updated_by = coalesce(?, updated_by) where id = ?', [
      label,
      language,
      personId,
      id,
    ]),

  /** Drops the default of the video's other tracks (the partial unique index allows one). */
  clearOtherDefaults: (sql: Sql, videoId: string, trackId: string) => sql('update caption_tracks set is_default = false where video_id = ? and is_default and id <> ?', [videoId, trackId]),
  setDefault: (sql: Sql, trackId: string) => sql('update caption_tracks set is_default = true where id = ?', [trackId]),
  unsetDefault: (sql: Sql, trackId: string) => sql('update caption_tracks set is_default = false where id = ?', [trackId]),

  deleteTrack: (sql: Sql, id: string) => sql('delete from caption_tracks where id = ?', [id]),

  /** The cues of a track, in order. */
  cues: (sql: Sql, trackId: string) => sql<Cue[]>(`select start_sec as "startSec", end_sec as "endSec", text from caption_cues where track_id = ? order by seq`, [trackId]),

  deleteCues: (sql: Sql, trackId: string) => sql('delete from caption_cues where track_id = ?', [trackId]),

  /** Cues from a JSON array of {seq, st, en, tx, pl} (start, end, text, plain text). */
  insertCues: (sql: Sql, trackId: string, videoId: string, rowsJson: string) =>
    sql(
      `insert into caption_cues (track_id, seq, video_id, start_sec, end_sec, text, plain)
       select ?, s.seq, ?, s.st, s.en, s.tx, s.pl from jsonb_to_recordset(?::jsonb) as s(seq int, st float8, en float8, tx text, pl text)`,
      [trackId, videoId, rowsJson],
    ),

  /** The track's cue count, kind (when given) and version step after its cues were written; it is 'ready'. */
  markCuesWritten: (sql: Sql, trackId: string, cueCount: number, kind: CaptionKind | null, versionStep: number, personId: string | null) =>
    sql(
      `update caption_tracks set cue_count = ?, kind = coalesce(?, kind), version = version + ?, status = 'ready', error = null, updated_at = now(), updated_by = coalesce(?, updated_by) where id = ?`,
      [cueCount, kind, versionStep, personId, trackId],
    ),

  /** The transcript's track: the default ready one with cues, else the oldest. */
  transcriptTrack: async (sql: Sql, videoId: string): Promise<TranscriptTrackRow | undefined> =>
    (
      await sql<TranscriptTrackRow[]>(
        `select id, label, language from caption_tracks where video_id = ? and status = 'ready' and cue_count > 0 order by is_default desc, created_at, id limit 1`,
        [videoId],
      )
    )[0],

  transcriptLines: (sql: Sql, trackId: string) =>
    sql<{ startSec: number; text: string }[]>(`select start_sec as "startSec", plain as text from caption_cues where track_id = ? and plain <> '' order by seq`, [trackId]),

  /** Every ready track with cues, the default first. */
  transcriptTracks: (sql: Sql, videoId: string) =>
    sql<TranscriptTrackRow[]>(`select id, label, language from caption_tracks where video_id = ? and status = 'ready' and cue_count > 0 order by is_default desc, created_at, id`, [videoId]),

  /** The non-empty lines of every track of the video. */
  videoTranscriptLines: (sql: Sql, videoId: string) =>
    sql<{ trackId: string; startSec: number; text: string }[]>(
      `select track_id as "trackId", start_sec as "startSec", plain as text from caption_cues where video_id = ? and plain <> '' order by track_id, seq`,
      [videoId],
    ),

  /** A copy of each ready track of `fromVideoId` (cues and all) for `toVideoId`, in one statement. */
  copyTracks: (sql: Sql, fromVideoId: string, toVideoId: string) =>
    sql(
      `with src as (select id, gen_random_uuid() as new_id from caption_tracks where video_id = ? and status = 'ready'),
     tracks as (
       insert into caption_tracks (id, video_id, user_id, language, label, kind, is_default, status, cue_count, version, created_by, updated_by, created_at, updated_at)
       select s.new_id, ?, t.user_id, t.language, t.label, t.kind, t.is_default, 'ready', t.cue_count, t.version, t.created_by, t.updated_by, now(), now()
       from src s join caption_tracks t on t.id = s.id)
     insert into caption_cues (track_id, seq, video_id, start_sec, end_sec, text, plain)
     select s.new_id, c.seq, ?, c.start_sec, c.end_sec, c.text, c.plain from src s join caption_cues c on c.track_id = s.id`,
      [fromVideoId, toVideoId, toVideoId],
    ),

  /** Locks the track while it is still 'processing' (none when it was deleted or finished meanwhile): the jobs' check before writing its cues. */
  lockProcessing: (sql: Sql, trackId: string) => sql<unknown[]>("select id from caption_tracks where id = ? and status = 'processing' for update", [trackId]),

  /** A job's track that is still 'processing' becomes 'failed' with the owner's reason. */
  markFailed: (sql: Sql, trackId: string, reason: string) =>
    sql("update caption_tracks set status = 'failed', error = ?, updated_at = now() where id = ? and status = 'processing'", [reason, trackId]),

  // The account's caption settings (generation.service.ts).

  autoLanguage: async (sql: Sql, accountId: string): Promise<string | undefined> =>
    ((await sql('select auto_language from caption_settings where user_id = ?', [accountId])) as { auto_language: string }[])[0]?.auto_language,
  deleteSettings: (sql: Sql, accountId: string) => sql('delete from caption_settings where user_id = ?', [accountId]),
  saveAutoLanguage: (sql: Sql, accountId: string, language: string) =>
    sql('insert into caption_settings (user_id, auto_language) values (?, ?) on conflict (user_id) do update set auto_language = excluded.auto_language, updated_at = now()', [
      accountId,
      language,
    ]),

  // The cut after a trim (track-cues.ts).

  /** The ids of the video's ready tracks, locked. */
  readyTrackIdsLocked: (sql: Sql, videoId: string) => sql<{ id: string }[]>("select id from caption_tracks where video_id = ? and status = 'ready' for update", [videoId]),

  /** Translations of the video in step with their source (issue 37). */
  inStepTranslations: (sql: Sql, videoId: string) =>
    sql<{ id: string }[]>('select t.id from caption_tracks t join caption_tracks s on s.id = t.source_track_id where t.video_id = ? and t.source_version = s.version', [videoId]),

  /** The translation notes its source's current version. */
  syncSourceVersion: (sql: Sql, trackId: string) => sql('update caption_tracks t set source_version = s.version from caption_tracks s where t.id = ? and s.id = t.source_track_id', [trackId]),

  // The player's files (caption-delivery.ts).

  readyTracks: (sql: Sql, videoId: string) =>
    sql<{ id: string; label: string; language: string; is_default: boolean }[]>(
      `select id, label, language, is_default from caption_tracks where video_id = ? and status = 'ready' order by is_default desc, created_at, id`,
      [videoId],
    ),

  readyTrack: async (sql: Sql, trackId: string, videoId: string): Promise<{ id: string } | undefined> =>
    (await sql<{ id: string }[]>(`select id from caption_tracks where id = ? and video_id = ? and status = 'ready'`, [trackId, videoId]))[0],

  cueRows: (sql: Sql, trackId: string) => sql<{ start_sec: number; end_sec: number; text: string }[]>(`select start_sec, end_sec, text from caption_cues where track_id = ? order by seq`, [trackId]),
};
