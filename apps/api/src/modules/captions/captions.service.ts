import { randomUUID } from 'node:crypto';
import {
  CAPTION_FORMAT_MESSAGES,
  CAPTION_MAX_BYTES,
  CAPTION_MESSAGES,
  CAPTION_TRACKS_MAX,
  type CaptionFormat,
  type CaptionKind,
  type CaptionList,
  type CaptionTrack as CaptionTrackDto,
  type CaptionTrackDetail,
  type CaptionUpdate,
  CaptionUploadFields,
  type Cue,
  cuePlainText,
  decodeCaptionBytes,
  languageLabel,
  parseCaptions,
  toPlainText,
  toSrt,
  toWebVtt,
} from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { conflict, notFound, unprocessable, zodErrors } from '../../http/errors.ts';
import { isUuid, type Sql, sqlOf } from '../../db/sql.ts';
import { actingPersonId } from '../teams/acting.ts';
import { recordActivity } from '../teams/activity.ts';
import { recordCaptionsReady } from '../webhooks/webhook-events.ts';

/** A track row as read by TRACK_COLUMNS. */
interface TrackRow {
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
const iso = (d: Date | string) => new Date(d).toISOString();
/** A track as answered, from a row of TRACK_COLUMNS or the entity (only the answer's fields). */
export const toTrack = (r: TrackRow): CaptionTrackDto => ({
  id: r.id,
  videoId: r.videoId,
  language: r.language,
  label: r.label,
  kind: r.kind,
  isDefault: r.isDefault,
  status: r.status,
  error: r.error ?? null,
  cueCount: r.cueCount,
  version: r.version,
  source: r.source ?? null,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

/** A track as answered, read by its id. */
export const trackAnswer = async (sql: Sql, id: string) => toTrack((await sql<TrackRow[]>(`select ${TRACK_COLUMNS} from caption_tracks where id = ?`, [id]))[0]);

/** The cues of a track, in order (a generated track being made has none yet). */
export async function readCues(sql: Sql, trackId: string): Promise<Cue[]> {
  return sql<Cue[]>(`select start_sec as "startSec", end_sec as "endSec", text from caption_cues where track_id = ? order by seq`, [trackId]);
}

/**
 * Puts `cues` in place of a track's cues (sorted by start time, in the caller's transaction) and
 * counts them on the track; the track's version grows when `newVersion`. The transcription job
 * and a trim (shifting the cues) write through here too.
 */
export async function writeCues(sql: Sql, track: { id: string; videoId: string }, cues: readonly Cue[], o: { kind?: CaptionKind; newVersion: boolean }) {
  const sorted = [...cues].sort((a, b) => a.startSec - b.startSec || a.endSec - b.endSec);
  await sql('delete from caption_cues where track_id = ?', [track.id]);
  if (sorted.length) {
    const rows = sorted.map((c, seq) => ({ seq, st: c.startSec, en: c.endSec, tx: c.text, pl: cuePlainText(c.text) }));
    await sql(
      `insert into caption_cues (track_id, seq, video_id, start_sec, end_sec, text, plain)
       select ?, s.seq, ?, s.st, s.en, s.tx, s.pl from jsonb_to_recordset(?::jsonb) as s(seq int, st float8, en float8, tx text, pl text)`,
      [track.id, track.videoId, JSON.stringify(rows)],
    );
  }
  await sql(
    `update caption_tracks set cue_count = ?, kind = coalesce(?, kind), version = version + ?, status = 'ready', error = null, updated_at = now(), updated_by = coalesce(?, updated_by) where id = ?`,
    [sorted.length, o.kind ?? null, o.newVersion ? 1 : 0, actingPersonId(), track.id],
  );
}

/**
 * A video's transcript: the lines of its default track (else its first ready one) with the time
 * each is said, or null when it has no captions. The share page and the video page show it.
 */
export async function transcriptOf(sql: Sql, videoId: string): Promise<{ trackId: string; label: string; language: string; lines: { startSec: number; text: string }[] } | null> {
  const [track] = await sql<{ id: string; label: string; language: string }[]>(
    `select id, label, language from caption_tracks where video_id = ? and status = 'ready' and cue_count > 0 order by is_default desc, created_at, id limit 1`,
    [videoId],
  );
  if (!track) return null;
  const lines = await sql<{ startSec: number; text: string }[]>(`select start_sec as "startSec", plain as text from caption_cues where track_id = ? and plain <> '' order by seq`, [track.id]);
  return { trackId: track.id, label: track.label, language: track.language, lines };
}

/**
 * Every transcript of a video (issue 37): the lines of each ready track, the default first (else
 * by age, as transcriptOf picks its one), each with its language, so the share page carries them
 * all. Two queries whatever the number of tracks.
 */
export async function transcriptsOf(sql: Sql, videoId: string): Promise<{ trackId: string; label: string; language: string; lines: { startSec: number; text: string }[] }[]> {
  const tracks = await sql<{ id: string; label: string; language: string }[]>(
    `select id, label, language from caption_tracks where video_id = ? and status = 'ready' and cue_count > 0 order by is_default desc, created_at, id`,
    [videoId],
  );
  if (tracks.length === 0) return [];
  const lines = await sql<{ trackId: string; startSec: number; text: string }[]>(
    `select track_id as "trackId", start_sec as "startSec", plain as text from caption_cues where video_id = ? and plain <> '' order by track_id, seq`,
    [videoId],
  );
  return tracks.map((t) => ({ trackId: t.id, label: t.label, language: t.language, lines: lines.filter((l) => l.trackId === t.id).map(({ startSec, text }) => ({ startSec, text })) }));
}

/** A copy of a video gets its own copy of each ready caption track (same kinds, versions and default), cues and all, in one statement. */
export async function copyCaptions(sql: Sql, fromVideoId: string, toVideoId: string) {
  await sql(
    `with src as (select id, gen_random_uuid() as new_id from caption_tracks where video_id = ? and status = 'ready'),
     tracks as (
       insert into caption_tracks (id, video_id, user_id, language, label, kind, is_default, status, cue_count, version, created_by, updated_by, created_at, updated_at)
       select s.new_id, ?, t.user_id, t.language, t.label, t.kind, t.is_default, 'ready', t.cue_count, t.version, t.created_by, t.updated_by, now(), now()
       from src s join caption_tracks t on t.id = s.id)
     insert into caption_cues (track_id, seq, video_id, start_sec, end_sec, text, plain)
     select s.new_id, c.seq, ?, c.start_sec, c.end_sec, c.text, c.plain from src s join caption_cues c on c.track_id = s.id`,
    [fromVideoId, toVideoId, toVideoId],
  );
}

/** The cues of a caption file, or a 422 naming the field `file` and what is wrong (with its line). */
export function cuesOfFile(bytes: Buffer | null): Cue[] {
  if (!bytes || bytes.length === 0) throw unprocessable({ file: CAPTION_MESSAGES.fileRequired });
  if (bytes.length > CAPTION_MAX_BYTES) throw unprocessable({ file: CAPTION_FORMAT_MESSAGES.tooLarge });
  const parsed = parseCaptions(decodeCaptionBytes(bytes));
  if (!parsed.ok) throw unprocessable({ file: parsed.message }, parsed.message);
  return parsed.cues;
}

const DOWNLOADS: Record<CaptionFormat, { type: string; write: (cues: readonly Cue[]) => string }> = {
  vtt: { type: 'text/vtt; charset=utf-8', write: toWebVtt },
  srt: { type: 'application/x-subrip; charset=utf-8', write: toSrt },
  txt: { type: 'text/plain; charset=utf-8', write: toPlainText },
};

export type CaptionsService = ReturnType<typeof createCaptionsService>;

/** Caption tracks of a team's videos: `userId` is the acting team's account (currentUser). */
export function createCaptionsService(d: { orm: Orm }) {
  const fork = () => sqlOf(d.orm.em.fork());

  /** The video, when it is the account's; another account's answers like a missing one. */
  async function ownVideo(sql: Sql, userId: string, videoId: string): Promise<{ id: string; name: string }> {
    const [video] = isUuid(videoId) ? await sql<{ id: string; name: string }[]>('select id, name from videos where id = ? and user_id = ?', [videoId, userId]) : [];
    if (!video) throw notFound('Video not found');
    return video;
  }

  async function ownTrack(sql: Sql, userId: string, videoId: string, captionId: string, lock = false): Promise<TrackRow & { videoName: string }> {
    const video = await ownVideo(sql, userId, videoId);
    const [track] = isUuid(captionId)
      ? await sql<TrackRow[]>(`select ${TRACK_COLUMNS} from caption_tracks where id = ? and video_id = ?${lock ? ' for update' : ''}`, [captionId, videoId])
      : [];
    if (!track) throw notFound('Caption track not found');
    return { ...track, videoName: video.name };
  }

  /** A caption change in the team's activity log, about the video (so the video's filter finds it), in the change's transaction. */
  const logChange = (sql: Sql, userId: string, action: 'caption.added' | 'caption.updated' | 'caption.deleted', video: { id: string; name: string }, details: Record<string, string | number | boolean | null>) =>
    recordActivity(sql, userId, action, { type: 'video', id: video.id, name: video.name }, details);

  const readTrack = trackAnswer;

  /** Makes `trackId` the video's only default (the partial unique index allows one). */
  async function makeDefault(sql: Sql, videoId: string, trackId: string) {
    await sql('update caption_tracks set is_default = false where video_id = ? and is_default and id <> ?', [videoId, trackId]);
    await sql('update caption_tracks set is_default = true where id = ?', [trackId]);
  }

  /** Multipart text fields, validated (422 per field). */
  function uploadFields(fields: Record<string, string>) {
    const parsed = CaptionUploadFields.safeParse(fields);
    if (!parsed.success) throw unprocessable(zodErrors(parsed.error));
    return parsed.data;
  }

  return {
    async list(userId: string, videoId: string): Promise<CaptionList> {
      const sql = fork();
      await ownVideo(sql, userId, videoId);
      const rows = await sql<TrackRow[]>(`select ${TRACK_COLUMNS} from caption_tracks where video_id = ? order by is_default desc, label, created_at`, [videoId]);
      return { items: rows.map(toTrack) };
    },

    async get(userId: string, videoId: string, captionId: string): Promise<CaptionTrackDetail> {
      const sql = fork();
      const track = await ownTrack(sql, userId, videoId, captionId);
      const { videoName: _, ...row } = track;
      return { ...toTrack(row), cues: await readCues(sql, track.id) };
    },

    /** A new track from an uploaded WebVTT or SRT file (converted to WebVTT cues). */
    async create(userId: string, videoId: string, file: Buffer | null, fields: Record<string, string>): Promise<CaptionTrackDto> {
      const input = uploadFields(fields);
      const cues = cuesOfFile(file);
      return d.orm.em.fork().transactional(async (em) => {
        const sql = sqlOf(em);
        const video = await ownVideo(sql, userId, videoId);
        // Serialises track changes of one video (the count limit, the one default).
        await sql('select id from videos where id = ? for update', [videoId]);
        const [{ n }] = await sql<{ n: number }[]>('select count(*)::int as n from caption_tracks where video_id = ?', [videoId]);
        if (n >= CAPTION_TRACKS_MAX) throw conflict(CAPTION_MESSAGES.tooManyTracks);
        const id = randomUUID();
        await sql(
          `insert into caption_tracks (id, video_id, user_id, language, label, kind, status, cue_count, version, created_by, updated_by) values (?, ?, ?, ?, ?, 'uploaded', 'ready', 0, 1, ?, ?)`,
          [id, videoId, userId, input.language, input.label ?? languageLabel(input.language), actingPersonId(), actingPersonId()],
        );
        await writeCues(sql, { id, videoId }, cues, { newVersion: false });
        if (input.isDefault) await makeDefault(sql, videoId, id);
        await recordCaptionsReady(sql, id);
        const created = await readTrack(sql, id);
        await logChange(sql, userId, 'caption.added', video, { language: created.language, label: created.label, kind: 'uploaded' });
        return created;
      });
    },

    /** Replaces a track's file: a new version, kind 'uploaded'; language, label and isDefault change when given. */
    async replace(userId: string, videoId: string, captionId: string, file: Buffer | null, fields: Record<string, string>): Promise<CaptionTrackDto> {
      const input = uploadFields(fields);
      const cues = cuesOfFile(file);
      return d.orm.em.fork().transactional(async (em) => {
        const sql = sqlOf(em);
        const track = await ownTrack(sql, userId, videoId, captionId, true);
        await sql('update caption_tracks set language = ?, label = coalesce(?, label) where id = ?', [input.language, input.label ?? null, track.id]);
        await writeCues(sql, track, cues, { kind: 'uploaded', newVersion: true });
        if (input.isDefault === true) await makeDefault(sql, videoId, track.id);
        if (input.isDefault === false) await sql('update caption_tracks set is_default = false where id = ?', [track.id]);
        await recordCaptionsReady(sql, track.id);
        const replaced = await readTrack(sql, track.id);
        await logChange(sql, userId, 'caption.updated', { id: videoId, name: track.videoName }, { language: replaced.language, label: replaced.label, file: 'replaced' });
        return replaced;
      });
    },

    /** Label, language, default, or the editor's cues (a new version, kind 'edited'). */
    async update(userId: string, videoId: string, captionId: string, u: CaptionUpdate): Promise<CaptionTrackDto> {
      return d.orm.em.fork().transactional(async (em) => {
        const sql = sqlOf(em);
        const track = await ownTrack(sql, userId, videoId, captionId, true);
        if (u.cues && track.status !== 'ready') throw conflict(CAPTION_MESSAGES.notReady);
        await sql('update caption_tracks set label = coalesce(?, label), language = coalesce(?, language), updated_at = now(), updated_by = coalesce(?, updated_by) where id = ?', [
          u.label ?? null,
          u.language ?? null,
          actingPersonId(),
          track.id,
        ]);
        if (u.cues) await writeCues(sql, track, u.cues, { kind: 'edited', newVersion: true });
        if (u.isDefault === true) await makeDefault(sql, videoId, track.id);
        if (u.isDefault === false) await sql('update caption_tracks set is_default = false where id = ?', [track.id]);
        const updated = await readTrack(sql, track.id);
        await logChange(sql, userId, 'caption.updated', { id: videoId, name: track.videoName }, {
          language: updated.language,
          label: updated.label,
          ...(u.label !== undefined && u.label !== track.label && { previousLabel: track.label }),
          ...(u.cues && { cues: u.cues.length }),
          ...(u.isDefault !== undefined && { isDefault: u.isDefault }),
        });
        return updated;
      });
    },

    async remove(userId: string, videoId: string, captionId: string) {
      await d.orm.em.fork().transactional(async (em) => {
        const sql = sqlOf(em);
        const track = await ownTrack(sql, userId, videoId, captionId, true);
        await sql('delete from caption_tracks where id = ?', [track.id]);
        await logChange(sql, userId, 'caption.deleted', { id: videoId, name: track.videoName }, { language: track.language, label: track.label });
      });
      return { message: 'Caption track deleted' };
    },

    /** A track as a file: its body, content type and a download name ("<video> (<label>).vtt"). */
    async download(userId: string, videoId: string, captionId: string, format: CaptionFormat) {
      const sql = fork();
      const track = await ownTrack(sql, userId, videoId, captionId);
      if (track.status !== 'ready') throw conflict(CAPTION_MESSAGES.notReady);
      const out = DOWNLOADS[format];
      return { body: out.write(await readCues(sql, track.id)), type: out.type, filename: `${track.videoName} (${track.label}).${format}` };
    },
  };
}
