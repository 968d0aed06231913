import { t } from '@lingui/core/macro';
import type { Video } from '@reelbase/api-client';
import { Modal, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

// The player and hls.js load only when a preview opens, so the list page stays light.
const PlayerPreview = lazy(() => import('../video/player-preview.tsx'));

/** 'Preview video': the video in the product's own embed player, with its saved settings. */
export function PreviewModal({ video, onClose }: { video: Video | null; onClose(): void }) {
  return (
    <Modal title={t`Preview video`} open={!!video} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      {video &&
        (video.hlsSource || video.videoSource ? (
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 320 }} />}>
            <PlayerPreview video={video} />
          </Suspense>
        ) : (
          <p role="status">{video.status === 'failed' ? t`This video could not be processed.` : t`The video is being processed…`}</p>
        ))}
    </Modal>
  );
}
