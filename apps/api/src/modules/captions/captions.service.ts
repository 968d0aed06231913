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
import { captionQueries as q, type TrackRow } from './captions.queries.ts';

const iso = (d: Date | string) => new Date(d).toISOString();
/** A track as answered, from a row of captionQueries' track columns or the entity (only the answer's fields). */
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
export const trackAnswer = async (sql: Sql, id: string) => toTrack(await q.trackById(sql, id));

/** The cues of a track, in order (a generated track being made has none yet). */
export async function readCues(sql: Sql, trackId: string): Promise<Cue[]> {
  return q.cues(sql, trackId);
}

/**
 * Puts `cues` in place of a track's cues (sorted by start time, in the caller's transaction) and
 * counts them on the track; the track's version grows when `newVersion`. The transcription job
 * and a trim (shifting the cues) write through here too.
 */
export async function writeCues(sql: Sql, track: { id: string; videoId: string }, cues: readonly Cue[], o: { kind?: CaptionKind; newVersion: boolean }) {
  const sorted = [...cues].sort((a, b) => a.startSec - b.startSec || a.endSec - b.endSec);
  await q.deleteCues(sql, track.id);
  if (sorted.length) {
    const rows = sorted.map((c, seq) => ({ seq, st: c.startSec, en: c.endSec, tx: c.text, pl: cuePlainText(c.text) }));
    await q.insertCues(sql, track.id, track.videoId, JSON.stringify(rows));
  }
  await q.markCuesWritten(sql, track.id, sorted.length, o.kind ?? null, o.newVersion ? 1 : 0, actingPersonId());
}

/**
 * A video's transcript: the lines of its default track (else its first ready one) with the time
 * each is said, or null when it has no captions. The share page and the video page show it.
 */
export async function transcriptOf(sql: Sql, videoId: string): Promise<{ trackId: string; label: string; language: string; lines: { startSec: number; text: string }[] } | null> {
  const track = await q.transcriptTrack(sql, videoId);
  if (!track) return null;
  const lines = await q.transcriptLines(sql, track.id);
  return { trackId: track.id, label: track.label, language: track.language, lines };
}

/**
 * Every transcript of a video (issue 37): the lines of each ready track, the default first (else
 * by age, as transcriptOf picks its one), each with its language, so the share page carries them
 * all. Two queries whatever the number of tracks.
 */
export async function transcriptsOf(sql: Sql, videoId: string): Promise<{ trackId: string; label: string; language: string; lines: { startSec: number; text: string }[] }[]> {
  const tracks = await q.transcriptTracks(sql, videoId);
  if (tracks.length === 0) return [];
  const lines = await q.videoTranscriptLines(sql, videoId);
  return tracks.map((t) => ({ trackId: t.id, label: t.label, language: t.language, lines: lines.filter((l) => l.trackId === t.id).map(({ startSec, text }) => ({ startSec, text })) }));
}

/** A copy of a video gets its own copy of each ready caption track (same kinds, versions and default), cues and all, in one statement. */
export async function copyCaptions(sql: Sql, fromVideoId: string, toVideoId: string) {
  await q.copyTracks(sql, fromVideoId, toVideoId);
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
    const video = isUuid(videoId) ? await q.teamVideo(sql, userId, videoId) : undefined;
    if (!video) throw notFound('Video not found');
    return video;
  }

  async function ownTrack(sql: Sql, userId: string, videoId: string, captionId: string, lock = false): Promise<TrackRow & { videoName: string }> {
    const video = await ownVideo(sql, userId, videoId);
    const track = isUuid(captionId) ? await q.trackOfVideo(sql, captionId, videoId, lock) : undefined;
    if (!track) throw notFound('Caption track not found');
    return { ...track, videoName: video.name };
  }

  /** A caption change in the team's activity log, about the video (so the video's filter finds it), in the change's transaction. */
  const logChange = (sql: Sql, userId: string, action: 'caption.added' | 'caption.updated' | 'caption.deleted', video: { id: string; name: string }, details: Record<string, string | number | boolean | null>) =>
    recordActivity(sql, userId, action, { type: 'video', id: video.id, name: video.name }, details);

  const readTrack = trackAnswer;

  /** Makes `trackId` the video's only default (the partial unique index allows one). */
  async function makeDefault(sql: Sql, videoId: string, trackId: string) {
    await q.clearOtherDefaults(sql, videoId, trackId);
    await q.setDefault(sql, trackId);
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
      const rows = await q.tracksOfVideo(sql, videoId);
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
        await q.lockVideo(sql, videoId);
        if ((await q.trackCount(sql, videoId)) >= CAPTION_TRACKS_MAX) throw conflict(CAPTION_MESSAGES.tooManyTracks);
        const id = randomUUID();
        await q.insertUploaded(sql, { id, videoId, userId, language: input.language, label: input.label ?? languageLabel(input.language), personId: actingPersonId() });
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
        await q.setLanguage(sql, track.id, input.language, input.label ?? null);
        await writeCues(sql, track, cues, { kind: 'uploaded', newVersion: true });
        if (input.isDefault === true) await makeDefault(sql, videoId, track.id);
        if (input.isDefault === false) await q.unsetDefault(sql, track.id);
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
        await q.updateTrack(sql, track.id, u.label ?? null, u.language ?? null, actingPersonId());
        if (u.cues) await writeCues(sql, track, u.cues, { kind: 'edited', newVersion: true });
        if (u.isDefault === true) await makeDefault(sql, videoId, track.id);
        if (u.isDefault === false) await q.unsetDefault(sql, track.id);
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
        await q.deleteTrack(sql, track.id);
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
