import { RENDITION_PLAYLIST } from '../../media/audio-track.ts';
import { videoKeys } from '../videos/storage-layout.ts';

/*
 * Where audio tracks live (issue 37 item 2), one place so the API, the job and delivery agree.
 * Beside the video's picture, never inside it (stale-media cleaning only removes picture keys):
 *   videos/{id}/audio/{trackId}/       a track: its upload while the job runs, then index.m3u8 + media.mp4
 *   videos/{id}/audio/v-{version}/     the demuxed set of one picture version ('v-0': the first upload's):
 *       vo-{rung}/                     each rung's picture without audio
 *       original/                      the video's own audio (its playlist is written last: the set is whole)
 * Players reach them beside the master (so tokens, blocks and bandwidth work as for the picture):
 *   [v-{version}/]hls/vo-{rung}/{file}, [v-{version}/]hls/ao-original/{file}, [v-{version}/]hls/at-{trackId}/{file}.
 */

export const audioKeys = {
  dir: (videoId: string) => `${videoKeys.dir(videoId)}/audio/`,
  track: (videoId: string, trackId: string) => `${videoKeys.dir(videoId)}/audio/${trackId}/`,
  upload: (videoId: string, trackId: string) => `${videoKeys.dir(videoId)}/audio/${trackId}/upload`,
  demuxed: (videoId: string, version: string | null | undefined) => `${videoKeys.dir(videoId)}/audio/v-${version || '0'}/`,
  /** Written last by the job: its presence says the version's demuxed set is whole. */
  demuxedReady: (videoId: string, version: string | null | undefined) => `${videoKeys.dir(videoId)}/audio/v-${version || '0'}/original/${RENDITION_PLAYLIST}`,
};

/** A delivery path below /media/videos/{id}/ that names an audio-track file. */
export const AUDIO_FILE = /^(?:v-([0-9a-f]{12})\/)?hls\/(?:vo-([a-z0-9_-]{1,32})|ao-(original)|at-([0-9a-f-]{36}))\/(index\.m3u8|media\.mp4)$/;

/** The storage key of a delivery path matched by AUDIO_FILE. */
export function audioFileKey(videoId: string, m: RegExpExecArray): string {
  const [, version, rung, original, trackId, file] = m;
  if (trackId) return `${audioKeys.track(videoId, trackId)}${file}`;
  return `${audioKeys.demuxed(videoId, version)}${rung ? `vo-${rung}` : original}/${file}`;
}

/** URIs relative to the master. */
export const audioUris = {
  variant: (rungPlaylist: string) => `vo-${rungPlaylist.split('/')[0]}/${RENDITION_PLAYLIST}`,
  original: `ao-original/${RENDITION_PLAYLIST}`,
  track: (trackId: string) => `at-${trackId}/${RENDITION_PLAYLIST}`,
};
