import { t as tr } from '@lingui/core/macro';
import { formatNumber } from '../../lib/format.ts';
import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { type CaptionTrack, errorMessage } from '@reelbase/api-client';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, List, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { saveFile } from '../../lib/save-file.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { captionEditorPath } from './caption-editor-path.ts';
import { captionKindLabel, captionStatusLabel } from './track-labels.ts';
import { TranslateTrack, TranslationSource } from './translate-track.tsx';
import { UploadCaptions } from './upload-captions.tsx';

/**
 * The video page's list of caption tracks: each downloadable as its WebVTT file and opening the
 * editor; an editor uploads a .vtt or .srt file as a new track.
 */
export function CaptionsPanel({ videoId, canEdit }: { videoId: string; canEdit: boolean }) {
  const client = useClient();
  const alert = useAlert();
  async function download(track: CaptionTrack) {
    try {
      saveFile(await client.captions.file(videoId, track.id, 'vtt'));
    } catch (err) {
      alert('error', errorMessage(err));
    }
  }
  const list = useQuery({
    queryKey: keys.captions(videoId),
    queryFn: () => client.captions.list(videoId),
    // Followed while a track is being made (a translation started here).
    refetchInterval: (q) => (q.state.data?.items.some((t) => t.status === 'processing') ? 2000 : false),
  });
  const items = list.data?.items ?? [];
  return (
    <Card title={tr`Captions`} size="small" style={{ marginTop: 16 }} data-testid="captions-panel" extra={canEdit && <UploadCaptions videoId={videoId} />}>
      {list.isPending ? null : !items.length ? (
        <Typography.Text type="secondary">{tr`No captions yet.`}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(t) => (
            <List.Item
              actions={
                t.status === 'ready'
                  ? [
                      <Button key="download" type="link" size="small" icon={<DownloadOutlined aria-hidden />} onClick={() => download(t)} aria-label={tr`Download captions: ${t.label} (.vtt)`}>
                        .vtt
                      </Button>,
                      ...(canEdit
                        ? [
                            <Link key="edit" to={captionEditorPath(videoId, t.id)} aria-label={tr`Edit captions: ${t.label}`}>
                              <EditOutlined aria-hidden />{' '}{tr`Edit`}</Link>,
                          ]
                        : []),
                    ]
                  : []
              }
            >
              <Flex gap={6} wrap align="center">
                <span>{t.label}</span>
                <Typography.Text type="secondary">{t.language}</Typography.Text>
                <Tag>{captionKindLabel(t.kind)}</Tag>
                {t.isDefault && <Tag color="blue">{tr`default`}</Tag>}
                <TranslationSource videoId={videoId} track={t} canEdit={canEdit} />
                {t.status !== 'ready' && <Tag color={t.status === 'failed' ? 'red' : 'gold'}>{captionStatusLabel(t.status)}</Tag>}
                <Typography.Text type="secondary">{tr`${formatNumber(t.cueCount)} cues`}</Typography.Text>
                {/* In the wrapping line rather than the actions, which do not wrap in a narrow card. */}
                {canEdit && t.status === 'ready' && <TranslateTrack videoId={videoId} track={t} />}
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
