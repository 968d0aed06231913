import type { Video } from '@reelbase/api-client';
import { useQuery } from '@tanstack/react-query';
import { keys } from '../../queries.ts';
import { useClient } from '../../services.tsx';

type Playable = Pick<Video, 'id' | 'hlsSource' | 'videoSource' | 'imageUrl' | 'visibility'>;
const untokened = (url: string | null | undefined) => (url ?? '').replace(/\/~[^/]+\//, '/');
/** The files a video answer names (tokens left out: they change on every answer) and who may watch it. */
const fileOf = (v: Playable) => `${untokened(v.hlsSource ?? v.videoSource)} ${untokened(v.imageUrl)} ${v.visibility}`;

/**
 * The playback answer of the app's own players (GET /api/videos/{id}/preview): every visibility
 * plays with the owner's (or team member's) preview token, and what they fetch is not charged to
 * the plan. Asked again when the file, the cover or the visibility changes; the players renew the token through `renew`.
 */
export function usePreview(video: Playable) {
  const client = useClient();
  const query = useQuery({
    queryKey: keys.videoPreview(video.id, fileOf(video)),
    queryFn: () => client.videos.preview(video.id),
    enabled: !!(video.hlsSource || video.videoSource),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  /** A fresh preview token (the player renews before the current one ends). */
  const renew = async () => (await client.videos.preview(video.id)).token ?? null;
  return { ...query, renew };
}
