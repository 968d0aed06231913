import type { Config } from './config.ts';
import type { Core } from './core.ts';
import type { AuthGuards } from './modules/access/guards.ts';
import { audioDelivery } from './modules/audio-tracks/audio-delivery.ts';
import { audioTracksRoutes } from './modules/audio-tracks/audio-tracks.routes.ts';
import { createAudioTracksService } from './modules/audio-tracks/audio-tracks.service.ts';
import { captionDelivery } from './modules/captions/caption-delivery.ts';
import type { PlaybackTokens } from './modules/playback/playback-tokens.ts';
import type { BandwidthCounter } from './modules/videos/delivery/bandwidth-counter.ts';
import { type ChaptersTrack, deliveryRoutes } from './modules/videos/delivery/delivery.routes.ts';
import type { ServableCache } from './modules/videos/delivery/servable.ts';
import { type AudioTrackJob, JOBS } from './queue/job-contract.ts';

/**
 * Extra audio tracks composed (issue 37 item 2): their routes, and the media delivery that lists
 * them in every master it serves (with the caption tracks and chapters it already served). A
 * master whose picture version has no demuxed set yet queues the audio-track job to make it (one
 * waiting job per video).
 */
export function audioTrackRouters(d: {
  config: Config;
  core: Pick<Core, 'orm' | 'storage' | 'queue' | 'jobs' | 'quota' | 'multipartDir'>;
  guards: AuthGuards;
  bandwidth: BandwidthCounter;
  servable: ServableCache;
  tokens: PlaybackTokens;
  chapters: ChaptersTrack;
}) {
  const { orm, storage, quota } = d.core;
  const service = createAudioTracksService({ orm, storage, queue: d.core.jobs, quota, ffprobePath: d.config.FFPROBE_PATH });
  const onMissing = (videoId: string) =>
    void d.core.queue.send(JOBS.audioTrack, { videoId, trackId: null } satisfies AudioTrackJob, { singletonKey: `audio-demux-${videoId}` }).catch(() => undefined);
  const audio = audioDelivery({ orm, storage, onMissing });
  return [
    audioTracksRoutes(service, d.guards, { multipartDir: d.core.multipartDir, maxBytes: d.config.SOURCE_MAX_BYTES }),
    deliveryRoutes(storage, d.bandwidth, d.servable, d.tokens, captionDelivery(orm), d.chapters, audio),
  ];
}
