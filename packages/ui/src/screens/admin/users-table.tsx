import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { DeleteOutlined, StopOutlined, UserAddOutlined } from '@ant-design/icons';
import { ADMIN_USER_PAGE_SIZE_DEFAULT, type AdminUser, type AdminUserSortField, errorMessage, type UserBulkRequest } from '@reelbase/api-client';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Modal, Radio, Table, type TableColumnsType, Typography } from 'antd';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDate, formatMegabytes } from '../../lib/format.ts';
import { nextSort, type SortState, sortableColumn, sortedKey } from '../../lib/sort.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { SetBanModal } from './ban-modal.tsx';
import { CreateUserModal } from './create-user-modal.tsx';
import { PlanBadge } from './plan-badge.tsx';
import { fullName, UserStatus } from './user-status.tsx';

type Filter = 'all' | 'banned' | 'canceled';
const PAGE_SIZES = [10, 20, 50, 100];

/** What an empty table means, filter by filter (banned accounts are never on the active list, whatever the search). */
function emptyText(list: 'active' | 'inactive', filter: Filter, searched: boolean): ReactNode {
  if (list === 'active' && filter === 'banned')
    return (
      <Trans>
        Banned users are listed under <Link to="/admin/inactive">Inactive users</Link>.
      </Trans>
    );
  if (searched) return t`No users match your search.`;
  if (list === 'active' && filter === 'canceled') return t`No active user has canceled their renewal.`;
  return t`No users here.`;
}

/**
 * The admin's user tables: /admin/users lists active users (isActive, not banned) and offers Create
 * user; /admin/inactive lists canceled or banned users. Both have the only-banned / only-canceled
 * filter: on the active list "canceled" is a renewal canceled while the paid period still runs.
 * Columns sort on the server and toggle ASC/DESC; bulk actions work on the selected rows.
 */
function UsersTable({ list }: { list: 'active' | 'inactive' }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const searchId = useId();
  const [sort, setSort] = useState<SortState<AdminUserSortField>>({ field: 'created_at', direction: 'ASC' });
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(ADMIN_USER_PAGE_SIZE_DEFAULT);
  // The top-bar search arrives as ?search= (a new one replaces the table's own).
  const [urlParams] = useSearchParams();
  const asked = urlParams.get('search') ?? '';
  const [search, setSearch] = useState(asked);
  const [filter, setFilter] = useState<Filter>('all');
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [modal, setModal] = useState<'ban' | 'delete' | 'create' | null>(null);
  const [busy, setBusy] = useState(false);

  const params = {
    page,
    limit,
    ...(list === 'inactive' ? { inactive: true } : { isActive: true, ban: false }),
    onlyBanned: filter === 'banned' || undefined,
    onlyCanceled: filter === 'canceled' || undefined,
    search: search || undefined,
    field: sort.field,
    direction: sort.direction,
  };
  const users = useQuery({
    queryKey: [...keys.adminUsers, params],
    queryFn: () => client.admin.listUsers(params),
    placeholderData: keepPreviousData,
  });
  const items = users.data?.items ?? [];
  const selected = items.filter((u) => selectedIds.includes(u.id));
  // Buttons offer the way back when every selected user is already banned (or canceled).
  const allBanned = selected.length > 0 && selected.every((u) => u.ban);
  const allCanceled = selected.length > 0 && selected.every((u) => !u.isActive);
  const count = selected.length;
  /** Another sort, filter or search starts on the first page with nothing selected. */
  const restart = () => {
    setPage(1);
    setSelectedIds([]);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new top-bar search restarts the table.
  useEffect(() => {
    setSearch(asked);
    restart();
  }, [asked]);

  async function bulk(input: UserBulkRequest) {
    setBusy(true);
    try {
      const r = await client.admin.bulkUsers(input);
      alert('success', r.message);
      setModal(null);
      setSelectedIds([]);
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: keys.admin });
    }
  }

  // Sized to fit a 1366 px screen beside the sidebar without scrolling sideways (about 1080 px for
  // the table): the status goes under the name, dates are short, long names and addresses are cut
  // with an ellipsis and shown whole on hover. Narrower screens scroll the table.
  const columns: TableColumnsType<AdminUser> = [
    {
      title: t`User`,
      key: 'user',
      width: 190,
      fixed: 'left',
      render: (_, u) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Link to={`/admin/users/${u.id}`} style={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={fullName(u) || u.email}>
            {fullName(u) || u.email}
          </Link>
          <Typography.Text type="secondary" style={{ fontSize: 13 }} ellipsis={{ tooltip: u.email }}>
            {u.email}
          </Typography.Text>
          <UserStatus user={u} />
        </Flex>
      ),
    },
    { title: t`Plan`, dataIndex: 'plan', align: 'center', width: 72, ...sortableColumn(sort, 'plan'), render: (p: AdminUser['plan']) => <PlanBadge plan={p} /> },
    { title: t`Videos`, dataIndex: 'videoCount', align: 'right', width: 88, ...sortableColumn(sort, 'video_count') },
    { title: t`Storage`, dataIndex: 'storage', align: 'right', width: 104, ...sortableColumn(sort, 'storage'), render: (b: number) => formatMegabytes(b) },
    { title: t`Bandwidth`, dataIndex: 'bandwidth', align: 'right', width: 126, ...sortableColumn(sort, 'bandwidth'), render: (b: number) => formatMegabytes(b) },
    { title: t`Created`, dataIndex: 'createdAt', width: 106, ...sortableColumn(sort, 'created_at'), render: formatDate },
    { title: t`Last login`, dataIndex: 'lastLoginDate', width: 106, ...sortableColumn(sort, 'last_login_date'), render: formatDate },
    { title: t`Next payment`, dataIndex: 'nextPaymentDate', width: 112, ...sortableColumn(sort, 'next_payment_date'), render: formatDate },
    { title: t`Canceled on`, dataIndex: 'cancellationDate', width: 112, ...sortableColumn(sort, 'cancellation_date'), render: formatDate },
  ];

  const title = list === 'active' ? t`Users` : t`Inactive users`;
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ fontSize: 26, margin: 0 }}>
          {title}
        </Typography.Title>
        {list === 'active' && (
          <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={() => setModal('create')}>
            {t`Create user`}
          </Button>
        )}
      </Flex>
      <Card styles={{ body: { padding: 0 } }}>
        <Flex align="center" justify="space-between" wrap gap={12} style={{ padding: 12, borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
          <Flex align="center" gap={8} wrap>
            <Button icon={<StopOutlined aria-hidden />} disabled={!selected.length || busy} onClick={() => (allBanned ? void bulk({ action: 'ban', ids: selectedIds, ban: false }) : setModal('ban'))}>
              {allBanned ? t`Unban` : t`Ban`}
              {selected.length ? ` (${selected.length})` : ''}
            </Button>
            <Button disabled={!selected.length || busy} onClick={() => void bulk({ action: 'cancel', ids: selectedIds, isActive: allCanceled })}>
              {allCanceled ? t`Reactivate` : t`Cancel account`}
              {selected.length ? ` (${selected.length})` : ''}
            </Button>
            <Button danger icon={<DeleteOutlined aria-hidden />} disabled={!selected.length || busy} onClick={() => setModal('delete')}>
              {t`Delete`}
              {selected.length ? ` (${selected.length})` : ''}
            </Button>
          </Flex>
          <Flex align="center" gap={12} wrap>
            <Radio.Group
              aria-label={t`Filter`}
              optionType="button"
              value={filter}
              onChange={(e) => {
                setFilter(e.target.value);
                restart();
              }}
              options={[
                { value: 'all', label: t`All` },
                { value: 'banned', label: t`Only banned` },
                { value: 'canceled', label: t`Only canceled`, title: list === 'active' ? t`Renewal canceled, active until the paid period ends` : t`Canceled accounts` },
              ]}
            />
            <label htmlFor={searchId} className="rb-sr-only">
              {t`Search users`}
            </label>
            <Input.Search key={asked} defaultValue={asked} id={searchId} placeholder={t`Name or email`} allowClear style={{ width: 240 }} onSearch={(v) => {
                setSearch(v.trim());
                restart();
              }} />
          </Flex>
        </Flex>
        <Table<AdminUser>
          rowKey="id"
          aria-label={title}
          columns={columns}
          dataSource={items}
          loading={users.isFetching}
          size="middle"
          tableLayout="fixed"
          scroll={{ x: 1050 }}
          rowSelection={{ selectedRowKeys: selectedIds, onChange: (ids) => setSelectedIds(ids as string[]) }}
          locale={{ emptyText: users.isError ? errorMessage(users.error) : emptyText(list, filter, !!search) }}
          pagination={{
            current: page,
            pageSize: limit,
            total: users.data?.meta.totalItems ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: (total) => plural(total, { one: '# user', other: '# users' }),
          }}
          onChange={(pagination, _filters, sorter, extra) => {
            if (extra.action === 'sort') {
              const key = sortedKey(sorter) as AdminUserSortField | undefined;
              if (key) setSort((s) => nextSort(s, key));
              restart();
            } else if (extra.action === 'paginate') {
              setSelectedIds([]);
              setLimit(pagination.pageSize ?? limit);
              setPage(pagination.pageSize !== limit ? 1 : (pagination.current ?? 1));
            }
          }}
        />
      </Card>
      <SetBanModal
        open={modal === 'ban'}
        who={selected.length === 1 ? fullName(selected[0] as AdminUser) || (selected[0] as AdminUser).email : plural(count, { one: '# user', other: '# users' })}
        onClose={() => setModal(null)}
        onBan={(banReason) => bulk({ action: 'ban', ids: selectedIds, ban: true, banReason })}
      />
      <Modal title={t`Delete users`} open={modal === 'delete'} onCancel={() => setModal(null)} okText={t`Delete`} okButtonProps={{ danger: true, loading: busy }} onOk={() => bulk({ action: 'delete', ids: selectedIds })}>
        <p>
          {plural(count, {
            one: 'Permanently delete this user with all their videos? This cannot be undone.',
            other: 'Permanently delete these # users with all their videos? This cannot be undone.',
          })}
        </p>
      </Modal>
      {list === 'active' && <CreateUserModal open={modal === 'create'} onClose={() => setModal(null)} onCreated={() => void queryClient.invalidateQueries({ queryKey: keys.admin })} />}
    </>
  );
}

export const ActiveUsersPage = () => <UsersTable list="active" />;
export const InactiveUsersPage = () => <UsersTable list="inactive" />;
