import { MESSAGES, type PlaybackInfo } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { type DefaultLimits, overBandwidthSql } from '../payments/entitlements.ts';
import { Video } from '../videos/video.entity.ts';
import { videoKeys } from '../videos/video-view.ts';

export const NOT_AVAILABLE = 'This video is not available.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a viewer's player needs to play a video: sources, poster and the owner's player settings.
 * Public, so it says nothing about a video that may not be shown: missing, blocked (video.ban),
 * owned by a banned user or failed all answer the same 404.
 */
export function createPlaybackService(d: { orm: Orm; storage: Storage; limits: DefaultLimits }) {
  const over = overBandwidthSql('u', d.limits);
  async function nextVideoOf(em: ReturnType<Orm['em']['fork']>, ownerId: string, id: string | null): Promise<string | null> {
    if (!id || !UUID.test(id)) return null;
    // Only a playable video of the same owner: a deleted or blocked one would end in a message.
    const next = await em.findOne(Video, { id, userId: ownerId, ban: false }, { fields: ['id', 'isMainReady', 'isHlsReady'] });
    return next && (next.isMainReady || next.isHlsReady) ? next.id : null;
  }

  return {
    async get(id: string): Promise<PlaybackInfo> {
      const em = d.orm.em.fork();
      const video = UUID.test(id) ? await em.findOne(Video, { id }) : null;
      if (!video || video.ban || video.status === 'failed') throw notFound(NOT_AVAILABLE);
      const [owner] = await em.execute<{ ban: boolean; over_bandwidth: boolean }[]>(`select u.ban, ${over} as over_bandwidth from users u where u.id = ?`, [video.userId]);
      if (!owner || owner.ban) throw notFound(NOT_AVAILABLE);
      // Past the monthly bandwidth and its grace: the player shows the video as unavailable.
      if (owner.over_bandwidth) throw forbidden(MESSAGES.bandwidthExceeded);

      const hlsSource = video.isHlsReady ? d.storage.url(videoKeys.hlsMaster(video.id, video.mediaVersion)) : null;
      const mp4Source = video.isMainReady ? d.storage.url(videoKeys.main(video.id, video.mediaVersion)) : null;
      const nextVideo = video.playerConfig.endAction === 'playNext' ? await nextVideoOf(em, video.userId, video.playerConfig.nextVideo) : null;
      return {
        id: video.id,
        name: video.name,
        hlsSource,
        mp4Source,
        poster: video.imageUrl ?? null,
        playerConfig: { id: video.id, ...video.playerConfig },
        nextVideo,
        durationSec: video.durationSec ?? null,
        width: video.width ?? null,
        height: video.height ?? null,
        processing: !hlsSource && !mp4Source,
      };
    },
  };
}
export type PlaybackService = ReturnType<typeof createPlaybackService>;
