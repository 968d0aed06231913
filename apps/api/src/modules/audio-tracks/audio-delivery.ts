import { buffer } from 'node:stream/consumers';
import type { PlaybackAudioTrack } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import { type AudioRendition, withAudioRenditions } from '../../media/master-playlist.ts';
import type { Storage } from '../../storage/storage.ts';
import { AUDIO_FILE, audioFileKey, audioKeys, audioUris } from './audio-layout.ts';
import { audioTrackQueries } from './audio-tracks.queries.ts';

/** Name of the video's own audio in players' menus. */
export const ORIGINAL_AUDIO_NAME = 'Original';

/** A video's ready audio tracks, the default first (the playback answer and the master list these). */
export async function readyAudioTracks(sql: Sql, videoId: string): Promise<PlaybackAudioTrack[]> {
  return audioTrackQueries.readyTracks(sql, videoId);
}

/**
 * Audio tracks in delivery (issue 37): the master of a video with ready tracks lists its picture
 * without audio (the demuxed set of the master's version) and every audio as AUDIO renditions, the
 * video's own the default unless the owner chose a track; files below the master map to their
 * storage keys (audio-layout.ts). A version without its demuxed set yet (a replace, a trim, a
 * watermark made a new one) is served as it is, and `onMissing` asks the job to make the set.
 */
export function audioDelivery(d: { orm: Orm; storage: Storage; onMissing: (videoId: string) => void }) {

  async function demuxed(videoId: string, version: string | undefined): Promise<{ original: boolean } | null> {
    const key = `${audioKeys.demuxed(videoId, version)}ready.json`;
    if (!(await d.storage.stat(key))) return null;
    return JSON.parse((await buffer(d.storage.stream(key))).toString('utf8')) as { original: boolean };
  }

  return {
    /** The master at `rel` ([v-<version>/]hls/master.m3u8) with the video's audio renditions. */
    async master(videoId: string, rel: string, master: string): Promise<string> {
      const tracks = await readyAudioTracks(sqlOf(d.orm.em.fork()), videoId);
      // fMP4 variants only (EXT-X-VERSION 7): the demuxed set is fMP4.
      if (tracks.length === 0 || !/^#EXT-X-VERSION:7\s*$/m.test(master)) return master;
      const set = await demuxed(videoId, /^v-([0-9a-f]{12})\//.exec(rel)?.[1]);
      if (!set) {
        d.onMissing(videoId);
        return master;
      }
      const chosen = tracks.some((t) => t.isDefault);
      const renditions: AudioRendition[] = [
        ...(set.original ? [{ uri: audioUris.original, name: ORIGINAL_AUDIO_NAME, language: null, isDefault: !chosen }] : []),
        ...tracks.map((t) => ({ uri: audioUris.track(t.id), name: t.label, language: t.language, isDefault: t.isDefault })),
      ];
      return withAudioRenditions(master, renditions, audioUris.variant);
    },
    /** The storage key of an audio file below /media/videos/{id}/, null when `rel` names none. */
    fileKey(videoId: string, rel: string): string | null {
      const m = AUDIO_FILE.exec(rel);
      return m ? audioFileKey(videoId, m) : null;
    },
  };
}
export type AudioDelivery = ReturnType<typeof audioDelivery>;
