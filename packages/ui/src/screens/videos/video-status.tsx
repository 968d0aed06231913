import type { Video } from '@reelbase/api-client';
import { Flex, Tag } from 'antd';

/** Processing state: failed, or each of main (mp4) and HLS as ready or loading. */
export function VideoStatus({ video }: { video: Pick<Video, 'status' | 'isMainReady' | 'isHlsReady' | 'processing'> }) {
  if (video.status === 'failed')
    return (
      <Tag color="red" title={video.processing.error ?? undefined}>
        Failed{video.processing.error ? `: ${video.processing.error}` : ''}
      </Tag>
    );
  return (
    <Flex gap={4} wrap data-testid="video-status">
      <Tag color={video.isMainReady ? 'green' : 'gold'}>Main: {video.isMainReady ? 'ready' : 'loading'}</Tag>
      <Tag color={video.isHlsReady ? 'green' : 'gold'}>HLS: {video.isHlsReady ? 'ready' : 'loading'}</Tag>
    </Flex>
  );
}
