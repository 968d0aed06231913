import { t } from '@lingui/core/macro';
import { type Video, VIDEO_ACTIVITY_LABELS } from '@reelbase/api-client';
import { Flex, Tag, Tooltip } from 'antd';

type StatusFields = Pick<Video, 'status' | 'isMainReady' | 'isHlsReady' | 'processing' | 'ban' | 'banReason'>;

/** The video is still changing (processing, more quality levels, a trim, a watermark, a new file): lists and pages poll it. */
export const isSettling = (v: Pick<Video, 'processing'>) => v.processing.activity !== 'ready' && v.processing.activity !== 'failed';

/**
 * What is happening to the video, in words: processing (with its progress), making more quality
 * levels, trimming, adding a watermark, failed with the reason, blocked by an admin with the reason;
 * beside them the spec's readiness of main (mp4) and HLS.
 */
export function VideoStatus({ video }: { video: StatusFields }) {
  const { activity, progress, error } = video.processing;
  const tags = [];
  if (video.ban)
    tags.push(
      <Tag key="ban" color="red" data-testid="video-blocked">{t`Blocked by an administrator`}{video.banReason ? `: ${video.banReason}` : ''}
      </Tag>,
    );
  if (activity === 'failed')
    tags.push(
      <Tag key="state" color="red" style={{ whiteSpace: 'normal' }}>
        {VIDEO_ACTIVITY_LABELS.failed}
        {error ? `: ${error}` : ''}
      </Tag>,
    );
  else if (activity !== 'ready') {
    // A progress share means something while a step is under way; the ladder and a watermark run in the background.
    const showProgress = (activity === 'processing' || activity === 'trimming' || activity === 'replacing' || activity === 'ladder') && progress > 0;
    tags.push(
      <Tooltip key="state" title={video.isMainReady || video.isHlsReady ? t`The video plays already.` : t`The video plays once this is done.`}>
        <Tag color={activity === 'ladder' ? 'blue' : 'gold'}>
          {VIDEO_ACTIVITY_LABELS[activity]}
          {showProgress ? ` (${progress}%)` : '…'}
        </Tag>
      </Tooltip>,
    );
  }
  // The spec's two readiness flags, each ready or loading.
  if (activity !== 'failed')
    tags.push(
      <Tag key="main" color={video.isMainReady ? 'green' : 'gold'}>{video.isMainReady ? t`Main: ready` : t`Main: loading`}
      </Tag>,
      <Tag key="hls" color={video.isHlsReady ? 'green' : 'gold'}>{video.isHlsReady ? t`HLS: ready` : t`HLS: loading`}
      </Tag>,
    );
  return (
    <Flex gap={4} wrap data-testid="video-status" role="status">
      {tags}
    </Flex>
  );
}
