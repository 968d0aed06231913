import { CopyOutlined, DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { errorMessage, GIF_PAGE_SIZE, type Gif } from '@reelbase/api-client';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Pagination, Popconfirm, Skeleton, Typography, theme } from 'antd';
import { useState } from 'react';
import { formatMegabytes } from '../../lib/format.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient, useCopyText, usePlatform } from '../../services.tsx';
import { useCan } from '../teams/use-team.ts';

/** The video's GIFs, 6 a page: each with its embed code, download, size, removal and its MP4 twin. */
export function GifPanel({ videoId }: { videoId: string }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const gifs = useQuery({
    queryKey: [...keys.gifs(videoId), page],
    queryFn: () => client.gifs.list({ videoId, page, limit: GIF_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const data = gifs.data;
  // Removing the last GIF of a page goes back a page.
  if (data && data.items.length === 0 && page > 1) setPage(page - 1);

  return (
    <Card title={<h2 style={{ fontSize: 18, margin: 0 }}>{t`GIFs`}</h2>} style={{ marginTop: 24 }}>
      {gifs.isPending ? (
        <Skeleton active />
      ) : gifs.isError ? (
        <Typography.Text type="danger">{errorMessage(gifs.error)}</Typography.Text>
      ) : !data?.items.length ? (
        <Empty description={t`No GIFs yet. Create one with 'Create Interactive GIF'.`} />
      ) : (
        <Flex vertical gap={16}>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 16 }} aria-label={t`GIFs`}>
            {data.items.map((g) => (
              <GifItem key={g.id} gif={g} onRemoved={() => queryClient.invalidateQueries({ queryKey: keys.gifs(videoId) })} />
            ))}
          </ul>
          {data.meta.totalPages > 1 && <Pagination align="center" current={page} pageSize={GIF_PAGE_SIZE} total={data.meta.totalItems} onChange={setPage} showSizeChanger={false} />}
        </Flex>
      )}
    </Card>
  );
}

function GifItem({ gif, onRemoved }: { gif: Gif; onRemoved(): void }) {
  const client = useClient();
  const _platform = usePlatform();
  const alert = useAlert();
  const { token } = theme.useToken();
  const [busy, setBusy] = useState(false);
  // Removing is editing; a viewer copies and downloads.
  const canEdit = useCan('edit');

  const copy = useCopyText();
  async function remove() {
    setBusy(true);
    try {
      await client.gifs.remove(gif.id);
      onRemoved();
    } catch (err) {
      alert('error', errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <li data-testid="gif-item" style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, padding: 12 }}>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
        <figure style={{ margin: 0 }}>
          <img src={gif.source} alt={t`GIF`} loading="lazy" style={{ display: 'block', width: '100%', borderRadius: token.borderRadius }} />
          <figcaption style={{ fontSize: 12, color: token.colorTextSecondary }}>{t`GIF ·`}{' '}{formatMegabytes(gif.size)}</figcaption>
        </figure>
        <figure style={{ margin: 0 }}>
          <video src={gif.mp4Source} muted loop autoPlay playsInline aria-label={t`MP4 snippet`} style={{ display: 'block', width: '100%', borderRadius: token.borderRadius }} />
          <figcaption style={{ fontSize: 12, color: token.colorTextSecondary }}>{t`MP4 snippet ·`}{' '}{formatMegabytes(gif.mp4Size)}</figcaption>
        </figure>
      </div>
      <Flex gap={8} wrap style={{ marginTop: 8 }}>
        <Button size="small" icon={<CopyOutlined aria-hidden />} onClick={() => copy(gif.embed)}>{t`Copy embed`}</Button>
        <Button size="small" icon={<CopyOutlined aria-hidden />} onClick={() => copy(gif.mp4Embed)}>{t`Copy MP4 snippet`}</Button>
        <Button size="small" icon={<DownloadOutlined aria-hidden />} href={gif.source} download>{t`Download`}</Button>
        {canEdit && (
          <Popconfirm title={t`Remove this GIF?`} okText={t`Remove`} okButtonProps={{ danger: true }} onConfirm={remove}>
            <Button size="small" danger icon={<DeleteOutlined aria-hidden />} loading={busy}>{t`Remove`}</Button>
          </Popconfirm>
        )}
      </Flex>
    </li>
  );
}
