import { DeleteOutlined, EditOutlined, StarOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { type AudioTrack, errorMessage } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, List, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { UploadAudioTrack } from './upload-audio-track.tsx';

const statusLabel = (s: AudioTrack['status']) => (s === 'processing' ? t({ message: 'encoding', context: 'audio track status' }) : s === 'failed' ? t({ message: 'failed', context: 'audio track status' }) : t({ message: 'ready', context: 'audio track status' }));

/**
 * Issue 37: the owner's "Audio tracks" card on the video page: dubbed or described audio the
 * player offers in its audio menu. An editor uploads a track (language, label), renames it, makes
 * it the default (players start with it instead of the video's own audio) or removes it.
 */
export function AudioTracksCard({ videoId, canEdit }: { videoId: string; canEdit: boolean }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState<AudioTrack | null>(null);
  const list = useQuery({
    queryKey: keys.audioTracks(videoId),
    queryFn: () => client.audioTracks.list(videoId),
    // A track being encoded becomes ready on its own: look again until none is.
    refetchInterval: (q) => (q.state.data?.items.some((x) => x.status === 'processing') ? 2000 : false),
  });
  const items = list.data?.items ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.audioTracks(videoId) });
  async function change(what: () => Promise<unknown>, done: string) {
    try {
      await what();
      await refresh();
      alert('success', done);
    } catch (err) {
      alert('error', errorMessage(err));
    }
  }
  function remove(track: AudioTrack) {
    Modal.confirm({
      title: t`Remove the audio track "${track.label}"?`,
      content: t`Viewers will no longer be able to choose it. Its files are deleted.`,
      okText: t`Remove`,
      okButtonProps: { danger: true },
      onOk: () => change(() => client.audioTracks.remove(videoId, track.id), t`Audio track removed.`),
    });
  }
  return (
    <Card title={t`Audio tracks`} size="small" style={{ marginTop: 16 }} data-testid="audio-tracks-card" extra={canEdit && <UploadAudioTrack videoId={videoId} />}>
      {list.isPending ? null : !items.length ? (
        <Typography.Text type="secondary">{t`Only the video's own audio. Add a dubbed or described track for viewers to choose.`}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(track) => (
            <List.Item
              actions={
                canEdit
                  ? [
                      <Button key="rename" type="link" size="small" icon={<EditOutlined aria-hidden />} onClick={() => setRenaming(track)} aria-label={t`Rename audio track: ${track.label}`} />,
                      track.isDefault ? (
                        <Button key="default" type="link" size="small" onClick={() => change(() => client.audioTracks.update(videoId, track.id, { isDefault: false }), t`Players start with the video's own audio.`)}>
                          {t`Use the original`}
                        </Button>
                      ) : (
                        <Button key="default" type="link" size="small" icon={<StarOutlined aria-hidden />} disabled={track.status !== 'ready'} onClick={() => change(() => client.audioTracks.update(videoId, track.id, { isDefault: true }), t`Players start with "${track.label}".`)}>
                          {t`Make default`}
                        </Button>
                      ),
                      <Button key="remove" type="link" size="small" danger icon={<DeleteOutlined aria-hidden />} onClick={() => remove(track)} aria-label={t`Remove audio track: ${track.label}`} />,
                    ]
                  : []
              }
            >
              <Flex gap={6} wrap align="center">
                <span>{track.label}</span>
                <Typography.Text type="secondary">{track.language}</Typography.Text>
                {track.isDefault && <Tag color="blue">{t`default`}</Tag>}
                {track.status !== 'ready' && <Tag color={track.status === 'failed' ? 'red' : 'gold'}>{statusLabel(track.status)}</Tag>}
                {track.error && <Typography.Text type="danger">{track.error}</Typography.Text>}
              </Flex>
            </List.Item>
          )}
        />
      )}
      {renaming && (
        <RenameModal
          track={renaming}
          onClose={() => setRenaming(null)}
          onSave={(label) => change(() => client.audioTracks.update(videoId, renaming.id, { label }), t`Audio track renamed.`).then(() => setRenaming(null))}
        />
      )}
    </Card>
  );
}

function RenameModal({ track, onClose, onSave }: { track: AudioTrack; onClose(): void; onSave(label: string): Promise<void> }) {
  const [label, setLabel] = useState(track.label);
  return (
    <Modal title={t`Rename audio track`} open onCancel={onClose} onOk={() => onSave(label.trim())} okText={t`Save`} okButtonProps={{ disabled: !label.trim() }} destroyOnHidden>
      <Input aria-label={t`Label`} value={label} maxLength={100} onChange={(e) => setLabel(e.target.value)} autoFocus />
    </Modal>
  );
}
