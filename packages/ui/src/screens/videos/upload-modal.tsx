import { t } from '@lingui/core/macro';
import { CloudUploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, List, Modal, Spin, theme, Typography } from 'antd';
import { useAtom } from 'jotai';
import { type DragEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { keys } from '../../queries.ts';
import { useClient, usePlatform } from '../../services.tsx';
import { uploadsAtom } from '../../state/atoms.ts';
import { UploadProgress } from './upload-progress.tsx';
import { useUploader } from './use-uploader.ts';

/** An uploaded file's video: processing (polled) until it plays, then a link to open it; or why it failed. */
function UploadedState({ videoId, onOpen }: { videoId: string; onOpen(): void }) {
  const client = useClient();
  const video = useQuery({
    queryKey: keys.video(videoId),
    queryFn: () => client.videos.get(videoId),
    refetchInterval: (q) => (q.state.data && (q.state.data.isMainReady || q.state.data.status === 'failed') ? false : 2000),
  });
  const v = video.data;
  if (v?.status === 'failed') return <Typography.Text type="danger">{t`Failed`}{v.processing.error ? `: ${v.processing.error}` : ''}</Typography.Text>;
  if (!v?.isMainReady)
    return (
      <span role="status" data-testid="upload-processing">
        <Spin size="small" />{' '}{t`Uploaded, processing`}{v && v.processing.progress > 0 ? ` (${v.processing.progress}%)` : ''}…
      </span>
    );
  return (
    <span role="status" data-testid="upload-ready">{t`Ready to play`} ·{' '}
      <Link to={`/${videoId}`} onClick={onOpen}>{t`Open`}</Link>
    </span>
  );
}

/** Upload video: drag and drop or browse, several files, video files only, one progress entry per file. */
export function UploadModal({ open, onClose, folderId }: { open: boolean; onClose(): void; folderId: string | null }) {
  const platform = usePlatform();
  const upload = useUploader();
  const [uploads, setUploads] = useAtom(uploadsAtom);
  const [over, setOver] = useState(false);
  const { token } = theme.useToken();

  async function browse() {
    const files = await platform.pickFiles({ accept: 'video/*', multiple: true });
    if (files.length) upload(files, folderId);
  }
  function drop(e: DragEvent) {
    e.preventDefault();
    setOver(false);
    upload(Array.from(e.dataTransfer.files), folderId);
  }
  const finished = uploads.some((u) => u.status !== 'uploading');

  return (
    <Modal
      title={t`Upload video`}
      open={open}
      onCancel={onClose}
      footer={
        <Flex justify="space-between" wrap gap={8}>
          <Button disabled={!finished} onClick={() => setUploads((l) => l.filter((u) => u.status === 'uploading'))}>{t`Clear finished`}</Button>
          <Button type="primary" onClick={onClose}>{t`Done`}</Button>
        </Flex>
      }
      destroyOnHidden
    >
      <section
        aria-label={t`Drop zone`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-testid="drop-zone"
        style={{
          border: `2px dashed ${over ? token.colorPrimary : token.colorBorder}`,
          background: over ? token.colorPrimaryBg : token.colorFillQuaternary,
          borderRadius: token.borderRadiusLG,
          padding: 24,
          textAlign: 'center',
        }}
      >
        <CloudUploadOutlined aria-hidden style={{ fontSize: 40, color: token.colorPrimary }} />
        <Typography.Paragraph style={{ margin: '8px 0 12px' }}>{t`Drag and drop video files here, or`}</Typography.Paragraph>
        <Button type="primary" onClick={browse}>{t`Browse files`}</Button>
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0', fontSize: 13 }}>{t`Video files only. You can choose several at once.`}</Typography.Paragraph>
      </section>
      {uploads.length > 0 && (
        <List
          style={{ marginTop: 16 }}
          aria-label={t`Uploads`}
          dataSource={uploads}
          renderItem={(u) => (
            <List.Item key={u.key}>
              <UploadProgress entry={u} state={u.status === 'done' && u.videoId ? <UploadedState videoId={u.videoId} onOpen={onClose} /> : undefined} />
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
