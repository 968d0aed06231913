import { type Cue, toWebVtt } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import type { Sql } from '../../db/sql.ts';
import { buildSubtitlePlaylist, buildVttSegment, masterContainer, type SubtitleContainer, subtitleSegmentCount, withSubtitleRenditions } from '../../media/hls-subtitles.ts';
import { captionQueries as q } from './captions.queries.ts';

export interface DeliveredTrack {
  id: string;
  label: string;
  language: string;
  isDefault: boolean;
}

/**
 * Caption files a player fetches below a video's media path (so the same token, block and
 * bandwidth rules hold): `captions/{trackId}.vtt` (the whole track, for <track> elements) and,
 * beside the master, `hls/subs-{trackId}/{container}.m3u8` with its segments
 * `hls/subs-{trackId}/{container}-{n}.vtt`. Written from the cues on each request; only ready
 * tracks are served.
 */
export const CAPTION_FILE = /^(?:captions\/([0-9a-f-]{36})\.vtt|(?:v-[0-9a-f]{12}\/)?hls\/subs-([0-9a-f-]{36})\/(mpegts|fmp4)(?:\.m3u8|-(\d{1,5})\.vtt))$/;

/** The relative URI of a track's subtitle playlist in a master of this container. */
export const subtitlePlaylistUri = (trackId: string, container: SubtitleContainer) => `subs-${trackId}/${container}.m3u8`;
/** The path of a track's whole WebVTT below /media/videos/{id}/. */
export const captionFilePath = (trackId: string) => `captions/${trackId}.vtt`;

export function captionDelivery(orm: Orm) {
  // On the connection, outside any transaction.
  const sql: Sql = (query, params = []) => orm.em.getConnection().execute(query, params) as never;

  async function tracks(videoId: string): Promise<DeliveredTrack[]> {
    const rows = await q.readyTracks(sql, videoId);
    return rows.map((r) => ({ id: r.id, label: r.label, language: r.language, isDefault: r.is_default }));
  }

  async function cues(videoId: string, trackId: string): Promise<Cue[] | null> {
    const track = await q.readyTrack(sql, trackId, videoId);
    if (!track) return null;
    const rows = await q.cueRows(sql, trackId);
    return rows.map((r) => ({ startSec: r.start_sec, endSec: r.end_sec, text: r.text }));
  }

  return {
    tracks,
    /** The master with the video's tracks as subtitle renditions (unchanged without tracks). */
    async master(videoId: string, master: string): Promise<string> {
      const list = await tracks(videoId);
      if (list.length === 0) return master;
      const container = masterContainer(master);
      return withSubtitleRenditions(
        master,
        list.map((t) => ({ uri: subtitlePlaylistUri(t.id, container), name: t.label, language: t.language, isDefault: t.isDefault })),
      );
    },
    /** The caption file at `rel` (matched by CAPTION_FILE), or null when there is no such ready track or segment. */
    async file(videoId: string, durationSec: number, rel: string): Promise<{ type: string; text: string } | null> {
      const m = CAPTION_FILE.exec(rel);
      if (!m) return null;
      const trackId = (m[1] ?? m[2]) as string;
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(trackId)) return null;
      const list = await cues(videoId, trackId);
      if (!list) return null;
      if (m[1]) return { type: 'text/vtt', text: toWebVtt(list) };
      const container = m[3] as SubtitleContainer;
      if (m[4] === undefined) return { type: 'application/vnd.apple.mpegurl', text: buildSubtitlePlaylist(durationSec, (i) => `${container}-${i}.vtt`) };
      const count = subtitleSegmentCount(durationSec);
      const index = Number(m[4]);
      if (index >= count) return null;
      return { type: 'text/vtt', text: buildVttSegment(list, index, count, container) };
    },
  };
}
export type CaptionDelivery = ReturnType<typeof captionDelivery>;
