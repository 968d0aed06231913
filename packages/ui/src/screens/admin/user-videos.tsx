import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { ADMIN_VIDEO_PAGE_SIZE_DEFAULT, ADMIN_VIDEO_PAGE_SIZES, type AdminVideoSortField, errorMessage, VIDEO_BLOCK_REASON_MAX, type Video } from '@reelbase/api-client';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Modal, Table, type TableColumnsType, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDate, formatMegabytes } from '../../lib/format.ts';
import { playerPageUrl } from '../../lib/links.ts';
import { nextSort, type SortState, sortableColumn, sortedKey } from '../../lib/sort.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { fullName } from './user-status.tsx';

type PageSize = (typeof ADMIN_VIDEO_PAGE_SIZES)[number];

/**
 * /admin/users/{userId}/videos/{userId}: one user's videos with their block status and bandwidth,
 * sorted on the server, 5/10/15/20 rows a page; Block video / Unblock video act on the selection.
 */
export function UserVideosPage() {
  const { userId = '' } = useParams();
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const { token } = theme.useToken();
  // Newest uploads first, as the API's default for this list.
  const [sort, setSort] = useState<SortState<AdminVideoSortField>>({ field: 'createdAt', direction: 'DESC' });
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<PageSize>(ADMIN_VIDEO_PAGE_SIZE_DEFAULT as PageSize);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const selectedCount = selectedIds.length;
  const user = useQuery({ queryKey: keys.adminUser(userId), queryFn: () => client.admin.getUser(userId) });
  const params = { userId, page, limit, field: sort.field, direction: sort.direction };
  const videos = useQuery({
    queryKey: [...keys.adminVideos(userId), params],
    queryFn: () => client.admin.listVideos(params),
    placeholderData: keepPreviousData,
  });

  // Blocking asks for the reason the owner will read beside the video (optional).
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  async function block(ban: boolean) {
    setBusy(true);
    try {
      alert('success', (await client.admin.blockVideos(selectedIds, ban, ban ? reason.trim() || undefined : undefined)).message);
      setSelectedIds([]);
      setAsking(false);
      setReason('');
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: keys.adminVideos(userId) });
    }
  }

  const columns: TableColumnsType<Video> = [
    { title: t`Id`, dataIndex: 'id', width: 110, render: (id: string) => <Typography.Text code style={{ fontSize: 12 }}>{id.slice(0, 8)}</Typography.Text> },
    {
      title: t`Name`,
      dataIndex: 'name',
      render: (name: string, v) => (
        <a href={playerPageUrl(client.baseUrl, v.id)} target="_blank" rel="noreferrer">
          {name}
        </a>
      ),
    },
    {
      title: t`Block Status`,
      dataIndex: 'ban',
      ...sortableColumn(sort, 'ban'),
      render: (ban: boolean, v) =>
        ban ? (
          <span style={{ color: token.colorError, fontWeight: 600 }} title={v.banReason ?? undefined}>
            {t`Blocked`}
          </span>
        ) : (
          <span>{t({ message: 'Active', context: 'video block status' })}</span>
        ),
    },
    { title: t`Size`, dataIndex: 'size', align: 'right', ...sortableColumn(sort, 'size'), render: (b: number) => formatMegabytes(b) },
    { title: t`Monthly bandwidth usage`, dataIndex: 'monthlyBandwidthUsage', align: 'right', ...sortableColumn(sort, 'monthlyBandwidthUsage'), render: (b: number) => formatMegabytes(b) },
    { title: t`Total bandwidth usage`, dataIndex: 'totalBandwidthUsage', align: 'right', ...sortableColumn(sort, 'totalBandwidthUsage'), render: (b: number) => formatMegabytes(b) },
    { title: t`Upload date`, dataIndex: 'createdAt', ...sortableColumn(sort, 'createdAt'), render: formatDate },
  ];

  const who = user.data ? fullName(user.data) || user.data.email : '';
  return (
    <>
      <Link to={`/admin/users/${userId}`} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, marginBottom: 12 }}>
        <ArrowLeftOutlined aria-hidden /> <Trans>Back to the user</Trans>
      </Link>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {who ? t`Videos of ${who}` : t`Videos`}
      </Typography.Title>
      <Card styles={{ body: { padding: 0 } }}>
        <Flex gap={8} wrap style={{ padding: 12, borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
          <Button danger disabled={!selectedIds.length || busy} onClick={() => setAsking(true)}>
            {t`Block video`}
            {selectedIds.length ? ` (${selectedIds.length})` : ''}
          </Button>
          <Button disabled={!selectedIds.length || busy} onClick={() => void block(false)}>
            {t`Unblock video`}
            {selectedIds.length ? ` (${selectedIds.length})` : ''}
          </Button>
        </Flex>
        <Table<Video>
          rowKey="id"
          aria-label={t`Videos`}
          columns={columns}
          dataSource={videos.data?.items ?? []}
          loading={videos.isFetching}
          scroll={{ x: 960 }}
          rowSelection={{ selectedRowKeys: selectedIds, onChange: (ids) => setSelectedIds(ids as string[]) }}
          locale={{ emptyText: videos.isError ? errorMessage(videos.error) : t`This user has no videos.` }}
          pagination={{
            current: page,
            pageSize: limit,
            total: videos.data?.meta.totalItems ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [...ADMIN_VIDEO_PAGE_SIZES],
            showTotal: (total) => plural(total, { one: '# video', other: '# videos' }),
          }}
          onChange={(pagination, _filters, sorter, extra) => {
            setSelectedIds([]);
            if (extra.action === 'sort') {
              const key = sortedKey(sorter) as AdminVideoSortField | undefined;
              if (key) setSort((s) => nextSort(s, key));
              setPage(1);
            } else if (extra.action === 'paginate') {
              const size = (pagination.pageSize ?? limit) as PageSize;
              setPage(size !== limit ? 1 : (pagination.current ?? 1));
              setLimit(size);
            }
          }}
        />
      </Card>
      <Modal
        title={t`Block videos`}
        open={asking}
        onCancel={() => setAsking(false)}
        okText={t`Block`}
        okButtonProps={{ danger: true, loading: busy }}
        onOk={() => block(true)}
        destroyOnHidden
      >
        <p>{plural(selectedCount, { one: '# video will stop playing everywhere at once.', other: '# videos will stop playing everywhere at once.' })}</p>
        <label htmlFor="block-reason">{t`Reason (the owner sees it beside the video)`}</label>
        <Input.TextArea id="block-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={VIDEO_BLOCK_REASON_MAX} showCount autoSize={{ minRows: 2 }} />
      </Modal>
    </>
  );
}
