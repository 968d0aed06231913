import { t as tr } from '@lingui/core/macro';
import { formatNumber } from '../../lib/format.ts';
import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, List, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { keys } from '../../queries.ts';
import { useClient } from '../../services.tsx';
import { captionEditorPath } from './caption-editor-path.ts';

/** The video page's list of caption tracks, each opening the editor. */
export function CaptionsPanel({ videoId, canEdit }: { videoId: string; canEdit: boolean }) {
  const client = useClient();
  const list = useQuery({
    queryKey: keys.captions(videoId),
    queryFn: () => client.captions.list(videoId),
  });
  const items = list.data?.items ?? [];
  return (
    <Card title={tr`Captions`} size="small" style={{ marginTop: 16 }} data-testid="captions-panel">
      {list.isPending ? null : !items.length ? (
        <Typography.Text type="secondary">{tr`No captions yet.`}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(t) => (
            <List.Item
              actions={
                canEdit && t.status === 'ready'
                  ? [
                      <Link key="edit" to={captionEditorPath(videoId, t.id)} aria-label={tr`Edit captions: ${t.label}`}>
                        <EditOutlined aria-hidden />{' '}{tr`Edit`}</Link>,
                    ]
                  : []
              }
            >
              <Flex gap={6} wrap align="center">
                <span>{t.label}</span>
                <Typography.Text type="secondary">{t.language}</Typography.Text>
                <Tag>{t.kind}</Tag>
                {t.isDefault && <Tag color="blue">{tr`default`}</Tag>}
                {t.status !== 'ready' && <Tag color={t.status === 'failed' ? 'red' : 'gold'}>{t.status}</Tag>}
                <Typography.Text type="secondary">{tr`${formatNumber(t.cueCount)} cues`}</Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
