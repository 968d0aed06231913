import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { errorMessage, type Showcase } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, List, Popconfirm, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useAlert, useClient } from '../../services.tsx';
import { useCan } from '../teams/use-team.ts';
import { ShowcaseForm } from './showcase-form.tsx';
import { ShowcaseLinks } from './showcase-links.tsx';

const KEY = ['showcases'] as const;

const VISIBILITY_LABELS: Record<Showcase['visibility'], () => string> = {
  public: () => t`Public`,
  unlisted: () => t`Unlisted`,
  password: () => t`Password`,
};

/**
 * /showcases: the team's showcases (pages of several videos at /s/{slug} with a podcast feed), a
 * form to create or change one, and the links to hand out with Copy buttons.
 */
export function ShowcasesPage() {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const mayEdit = useCan('edit');
  const list = useQuery({ queryKey: KEY, queryFn: () => client.showcases.list() });
  // null: the form is closed; 'new': creating; a showcase: editing it.
  const [editing, setEditing] = useState<Showcase | 'new' | null>(null);
  const [shown, setShown] = useState<Showcase | null>(null);

  async function remove(s: Showcase) {
    try {
      const r = await client.showcases.remove(s.id);
      alert('success', r.message);
      if (shown?.id === s.id) setShown(null);
      await queryClient.invalidateQueries({ queryKey: KEY });
    } catch (err) {
      alert('error', errorMessage(err));
    }
  }

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          <Trans>Showcases</Trans>
        </Typography.Title>
        {mayEdit && editing === null && (
          <Button type="primary" onClick={() => setEditing('new')}>{t`New showcase`}</Button>
        )}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t`A showcase is a page of several videos with your logo and colours, a gallery to embed on your site, and a podcast feed of their sound.`}
      </Typography.Paragraph>
      {editing !== null && (
        <Card title={editing === 'new' ? t`New showcase` : t`Edit showcase`}>
          <ShowcaseForm
            key={editing === 'new' ? 'new' : editing.id}
            showcase={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={async (s) => {
              setEditing(null);
              setShown(s);
              await queryClient.invalidateQueries({ queryKey: KEY });
            }}
          />
        </Card>
      )}
      {shown && (
        <Card title={shown.name} extra={<Button type="link" onClick={() => setShown(null)}>{t`Close`}</Button>}>
          <ShowcaseLinks showcase={shown} />
        </Card>
      )}
      {list.data && list.data.items.length === 0 ? (
        <Empty description={t`No showcases yet.`} />
      ) : (
        <List<Showcase>
          loading={list.isPending}
          dataSource={list.data?.items ?? []}
          renderItem={(s) => (
            <List.Item
              key={s.id}
              actions={[
                <Button key="links" type="link" onClick={() => setShown(s)}>{t`Links`}</Button>,
                ...(mayEdit
                  ? [
                      <Button key="edit" type="link" onClick={() => setEditing(s)}>{t`Edit`}</Button>,
                      <Popconfirm key="delete" title={t`Delete this showcase?`} description={t`Its page and feed stop working. The videos stay.`} okText={t`Delete`} okButtonProps={{ danger: true }} onConfirm={() => remove(s)}>
                        <Button type="link" danger>{t`Delete`}</Button>
                      </Popconfirm>,
                    ]
                  : []),
              ]}
            >
              <List.Item.Meta
                title={<Typography.Link href={s.pageUrl} target="_blank" rel="noopener">{s.name}</Typography.Link>}
                description={
                  <Flex gap={8} wrap>
                    <Tag>{VISIBILITY_LABELS[s.visibility]()}</Tag>
                    <span>{s.folderId ? t`A folder's videos` : t`${s.videoIds.length} videos`}</span>
                    <Typography.Text type="secondary">/s/{s.slug}</Typography.Text>
                  </Flex>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
}
