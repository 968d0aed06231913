import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import {
  AUDIO_TRACK_DURATION_TOLERANCE_SEC,
  AUDIO_TRACK_MESSAGES,
  AUDIO_TRACKS_MAX,
  type AudioTrack,
  type AudioTrackList,
  type AudioTrackUpdate,
  AudioTrackUploadFields,
  languageLabel,
} from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { isUuid, type Sql, sqlOf } from '../../db/sql.ts';
import { conflict, notFound, unprocessable, zodErrors } from '../../http/errors.ts';
import { durationFits, NotAudioError, probeAudio } from '../../media/audio-track.ts';
import { type AudioTrackJob, JOBS } from '../../queue/job-contract.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { Storage } from '../../storage/storage.ts';
import { actingPersonId } from '../teams/acting.ts';
import type { StorageQuota } from '../videos/quota/storage-quota.ts';
import { audioKeys } from './audio-layout.ts';
import { audioTrackQueries as q, type AudioTrackRow as TrackRow } from './audio-tracks.queries.ts';

const toTrack = (r: TrackRow): AudioTrack => ({ ...r, error: r.error ?? null, createdAt: new Date(r.createdAt).toISOString(), updatedAt: new Date(r.updatedAt).toISOString() });

/** An upload received to a local file by the route (removed by the service whatever happens). */
export interface ReceivedFile {
  path: string | null;
  fields: Record<string, string>;
}

export type AudioTracksService = ReturnType<typeof createAudioTracksService>;

/**
 * Extra audio tracks of a team's videos (issue 37 item 2): `userId` is the acting team's account.
 * An upload is checked here (its audio's length against the video's, by ffprobe reading headers
 * only) so a wrong file is a 422 at once; the encode is the audio-track job's.
 */
export function createAudioTracksService(d: { orm: Orm; storage: Storage; queue: JobQueue; quota: StorageQuota; ffprobePath?: string }) {
  const fork = () => sqlOf(d.orm.em.fork());

  async function ownVideo(sql: Sql, userId: string, videoId: string) {
    const video = isUuid(videoId) ? await q.teamVideo(sql, userId, videoId) : undefined;
    if (!video) throw notFound('Video not found');
    return video;
  }

  async function ownTrack(sql: Sql, userId: string, videoId: string, trackId: string, lock = false): Promise<TrackRow> {
    await ownVideo(sql, userId, videoId);
    const track = isUuid(trackId) ? await q.trackOfVideo(sql, trackId, videoId, lock) : undefined;
    if (!track) throw notFound('Audio track not found');
    return track;
  }

  const readTrack = async (sql: Sql, id: string) => toTrack(await q.trackById(sql, id));

  /** The file's audio length checked against the video's: 422 on `file` naming both. */
  async function checkFile(path: string | null, videoSec: number): Promise<number> {
    if (!path) throw unprocessable({ file: AUDIO_TRACK_MESSAGES.fileRequired });
    let durationSec: number;
    try {
      ({ durationSec } = await probeAudio(path, { ffprobePath: d.ffprobePath }));
    } catch (err) {
      if (err instanceof NotAudioError) throw unprocessable({ file: err.reason === 'no-audio' ? AUDIO_TRACK_MESSAGES.noAudio : AUDIO_TRACK_MESSAGES.unreadable });
      throw err;
    }
    if (!durationFits(durationSec, videoSec, AUDIO_TRACK_DURATION_TOLERANCE_SEC)) {
      const message = AUDIO_TRACK_MESSAGES.duration(durationSec, videoSec);
      throw unprocessable({ file: message }, message);
    }
    return durationSec;
  }

  return {
    async list(userId: string, videoId: string): Promise<AudioTrackList> {
      const sql = fork();
      await ownVideo(sql, userId, videoId);
      return { items: (await q.tracksOfVideo(sql, videoId)).map(toTrack) };
    },

    async get(userId: string, videoId: string, trackId: string): Promise<AudioTrack> {
      return toTrack(await ownTrack(fork(), userId, videoId, trackId));
    },

    /** A new track from an uploaded file (202: 'processing' until the job has encoded it). */
    async create(userId: string, videoId: string, file: ReceivedFile): Promise<AudioTrack> {
      const trackId = randomUUID();
      try {
        const sql = fork();
        const video = await ownVideo(sql, userId, videoId);
        const parsed = AudioTrackUploadFields.safeParse(file.fields);
        if (!parsed.success) throw unprocessable(zodErrors(parsed.error));
        if (video.status !== 'ready' || !video.hls || !video.durationSec) throw conflict(AUDIO_TRACK_MESSAGES.notReady);
        const durationSec = await checkFile(file.path, video.durationSec);
        const bytes = (await stat(file.path as string)).size;
        await d.orm.em.fork().transactional(async (em) => {
          const tx = sqlOf(em);
          // Serialises track changes of one video (the count limit).
          await q.lockVideo(tx, videoId);
          if ((await q.trackCount(tx, videoId)) >= AUDIO_TRACKS_MAX) throw conflict(AUDIO_TRACK_MESSAGES.tooMany);
          await q.insertUploaded(tx, {
            id: trackId,
            videoId,
            userId,
            language: parsed.data.language,
            label: parsed.data.label ?? languageLabel(parsed.data.language),
            durationSec,
            personId: actingPersonId(),
          });
        });
        try {
          await d.storage.putFile(audioKeys.upload(videoId, trackId), file.path as string);
          // The slot holds about what the job writes: 128 kbit/s AAC, and the upload while it waits.
          await d.queue.send(JOBS.audioTrack, { videoId, trackId } satisfies AudioTrackJob, { userId, bytes: bytes + Math.ceil(durationSec * 16_000) });
        } catch (err) {
          // Not queued: no row and no file stays behind.
          await q.deleteTrack(fork(), trackId);
          await d.storage.deletePrefix(audioKeys.track(videoId, trackId));
          throw err;
        }
        return readTrack(fork(), trackId);
      } finally {
        if (file.path) await rm(file.path, { force: true });
      }
    },

    /** Label, language, default (true: players start with it; false: the video's own audio again). */
    async update(userId: string, videoId: string, trackId: string, u: AudioTrackUpdate): Promise<AudioTrack> {
      return d.orm.em.fork().transactional(async (em) => {
        const sql = sqlOf(em);
        const track = await ownTrack(sql, userId, videoId, trackId, true);
        await q.updateTrack(sql, track.id, u.label ?? null, u.language ?? null);
        if (u.isDefault === true) {
          await q.clearOtherDefaults(sql, videoId, track.id);
          await q.setDefault(sql, track.id);
        }
        if (u.isDefault === false) await q.unsetDefault(sql, track.id);
        return readTrack(sql, track.id);
      });
    },

    /** Removes the track and its files; the video's demuxed sets too once no track is left. */
    async remove(userId: string, videoId: string, trackId: string) {
      const sql = fork();
      const track = await ownTrack(sql, userId, videoId, trackId);
      await q.deleteTrack(sql, track.id);
      await d.storage.deletePrefix(audioKeys.track(videoId, track.id));
      if ((await q.trackCount(sql, videoId)) === 0) await d.storage.deletePrefix(audioKeys.dir(videoId));
      await d.quota.recount(videoId);
      return { message: 'Audio track deleted' };
    },
  };
}
