import { t } from '@lingui/core/macro';
import { errorMessage, type Video } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { isVideoFile, notAVideoReason } from '../../lib/format.ts';
import { keys } from '../../queries.ts';
import { useClient, usePlatform } from '../../services.tsx';
import type { UploadEntry } from '../../state/atoms.ts';
import { UploadProgress } from '../videos/upload-progress.tsx';
import { isSettling } from '../videos/video-status.tsx';

export const replaceVideoText = () =>
  t`Upload a new file for this video. Its link, embed code, name, folder, player settings and statistics stay the same; the current file keeps playing until the new one is ready.`;

/**
 * Replace video: one new file for the video, sent with the same progress as an upload; then the
 * video (polled by its page) shows "Replacing the file" until the new file plays, or says why the
 * new file was not used.
 */
export function ReplaceModal({ video, open, onClose }: { video: Video; open: boolean; onClose(): void }) {
  const client = useClient();
  const platform = usePlatform();
  const queryClient = useQueryClient();
  const [entry, setEntry] = useState<Omit<UploadEntry, 'key'> | null>(null);
  const sending = entry?.status === 'uploading';
  // Sent and since settled: the page's polling brings the outcome.
  const settled = entry?.status === 'done' && !isSettling(video);

  async function choose() {
    const [file] = await platform.pickFiles({ accept: 'video/*', multiple: false });
    if (!file) return;
    if (!isVideoFile(file)) return setEntry({ fileName: file.name, percent: 0, status: 'error', error: notAVideoReason(file), refused: true });
    setEntry({ fileName: file.name, percent: 0, status: 'uploading' });
    try {
      const updated = await client.videos.replace(video.id, { file, onProgress: (p) => setEntry((e) => e && { ...e, percent: p.percent }) });
      setEntry({ fileName: file.name, percent: 100, status: 'done' });
      queryClient.setQueryData(keys.video(video.id), updated);
      void queryClient.invalidateQueries({ queryKey: keys.videos });
    } catch (err) {
      setEntry({ fileName: file.name, percent: 0, status: 'error', error: errorMessage(err) });
    }
  }

  const close = () => {
    if (sending) return;
    setEntry(null);
    onClose();
  };

  return (
    <Modal
      title={t`Replace video`}
      open={open}
      onCancel={close}
      footer={
        <Button type="primary" onClick={close} disabled={sending}>
          {entry?.status === 'done' ? t`Done` : t`Cancel`}
        </Button>
      }
      destroyOnHidden
    >
      <Typography.Paragraph>{replaceVideoText()}</Typography.Paragraph>
      {!sending && entry?.status !== 'done' && (
        <Button type="primary" onClick={choose}>{t`Choose new file`}</Button>
      )}
      {entry && (
        <section style={{ marginTop: 16 }} aria-label={t`Replacement upload`}>
          <UploadProgress entry={entry} state={entry.status === 'done' ? <span>{t`Uploaded`}</span> : undefined} />
        </section>
      )}
      {entry?.status === 'done' && (
        <Alert
          style={{ marginTop: 16 }}
          role="status"
          showIcon
          type={!settled ? 'info' : video.processing.error ? 'warning' : 'success'}
          message={
            !settled
              ? t`The new file is being processed. The current one plays until it is ready.`
              : video.processing.error
                ? t`The new file was not used: ${video.processing.error} The video plays as before.`
                : t`The new file plays now, at the same link and embed code.`
          }
        />
      )}
      {entry?.status === 'done' && !settled && (
        <Flex style={{ marginTop: 8 }}>
          <Typography.Text type="secondary">{t`You can close this window; the video page shows the progress.`}</Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}
