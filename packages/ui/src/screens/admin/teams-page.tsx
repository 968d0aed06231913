import { SearchOutlined, SwapOutlined } from '@ant-design/icons';
import { type AdminTeam, errorMessage, PLAN_NAMES, type PlanName, TEAM_ROLE_LABELS } from '@reelbase/api-client';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Modal, Result, Select, Table, Typography } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { planTitle } from '../../lib/billing.ts';
import { countOf, formatDate } from '../../lib/format.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { RoleTag } from '../teams/role-tag.tsx';
import { PlanBadge } from './plan-badge.tsx';

const PAGE_SIZE = 10;
const isPlanName = (plan: string | null): plan is PlanName => (PLAN_NAMES as readonly (string | null)[]).includes(plan);

/** A support case: ownership moves to another member; the reason goes to the audit log. */
function MoveOwnershipModal({ team, onClose }: { team: AdminTeam | null; onClose(): void }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function submit(v: { userId: string; reason?: string }) {
    if (!team) return;
    setBusy(true);
    try {
      const moved = await client.admin.moveTeamOwnership(team.id, v.userId, v.reason?.trim() || undefined);
      alert('success', `${moved.name} now belongs to ${moved.owner.name || moved.owner.email}.`);
      await queryClient.invalidateQueries({ queryKey: keys.adminTeams });
      onClose();
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal title="Move ownership" open={!!team} onCancel={onClose} okText="Move ownership" okButtonProps={{ loading: busy, htmlType: 'submit', form: 'move-ownership' }} destroyOnHidden>
      {team && (
        <Form id="move-ownership" name="move-ownership" layout="vertical" requiredMark={false} onFinish={submit}>
          <Typography.Paragraph>
            {team.name} belongs to {team.owner.name} ({team.owner.email}). The new owner takes over billing at once; the old owner stays as an admin. The move is written to the audit log.
          </Typography.Paragraph>
          <Form.Item label="New owner" name="userId" rules={[{ required: true, message: 'Choose the member who becomes the owner.' }]}>
            <Select options={team.members.filter((m) => m.role !== 'owner').map((m) => ({ value: m.userId, label: `${m.name} (${m.email}, ${TEAM_ROLE_LABELS[m.role].toLowerCase()})` }))} />
          </Form.Item>
          <Form.Item label="Reason (for the audit log)" name="reason">
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** The admin's teams: each team with its owner, plan, seats and members; search by team, member name or email; move ownership. */
export function AdminTeamsPage() {
  const client = useClient();
  const searchId = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [moving, setMoving] = useState<AdminTeam | null>(null);
  const params = { page, limit: PAGE_SIZE, search: search || undefined };
  const teams = useQuery({ queryKey: [...keys.adminTeams, params], queryFn: () => client.admin.listTeams(params), placeholderData: keepPreviousData });
  function submit(e: FormEvent) {
    e.preventDefault();
    setSearch(text.trim());
    setPage(1);
  }
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26, marginTop: 0 }}>
        Teams
      </Typography.Title>
      <search>
        <form onSubmit={submit} style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', marginBottom: 16, maxWidth: 520 }}>
          <label htmlFor={searchId}>Find a team</label>
          <Input id={searchId} value={text} onChange={(e) => setText(e.target.value)} placeholder="Team, member name or email" style={{ flex: 1, minWidth: 180 }} />
          <Button htmlType="submit" icon={<SearchOutlined aria-hidden />}>
            Search
          </Button>
        </form>
      </search>
      {teams.isError ? (
        <Result status="error" title="The teams could not be loaded" subTitle={errorMessage(teams.error)} />
      ) : (
        <Table<AdminTeam>
          rowKey="id"
          loading={teams.isPending}
          dataSource={teams.data?.items ?? []}
          scroll={{ x: 'max-content' }}
          expandable={{
            expandedRowRender: (t) => (
              <Table
                rowKey="userId"
                size="small"
                pagination={false}
                dataSource={t.members}
                aria-label={`Members of ${t.name}`}
                columns={[
                  { title: 'Member', key: 'name', render: (_, m) => <Link to={`/admin/users/${m.userId}`}>{m.name || m.email}</Link> },
                  { title: 'Email', key: 'email', dataIndex: 'email' },
                  { title: 'Role', key: 'role', render: (_, m) => <RoleTag role={m.role} /> },
                  { title: 'Joined', key: 'joined', render: (_, m) => formatDate(m.joinedAt) },
                ]}
              />
            ),
          }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: teams.data?.meta.totalItems ?? 0,
            showSizeChanger: false,
            onChange: setPage,
            showTotal: (total) => countOf(total, 'team'),
          }}
          columns={[
            { title: 'Team', key: 'name', render: (_, t) => <strong>{t.name}</strong> },
            { title: 'Owner', key: 'owner', render: (_, t) => <Link to={`/admin/users/${t.owner.id}`}>{t.owner.name || t.owner.email}</Link> },
            { title: 'Plan', key: 'plan', render: (_, t) => (isPlanName(t.plan) ? <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}><PlanBadge plan={t.plan} /> {planTitle(t.plan)}</span> : 'No plan') },
            { title: 'Members', key: 'members', render: (_, t) => `${t.memberCount} of ${t.membersLimit}` },
            { title: 'Created', key: 'created', render: (_, t) => formatDate(t.createdAt) },
            {
              title: <span className="rb-sr-only">Actions</span>,
              key: 'move',
              render: (_, t) => (
                <Flex gap={8}>
                  <Button icon={<SwapOutlined aria-hidden />} disabled={t.memberCount < 2} onClick={() => setMoving(t)} aria-label={`Move ownership of ${t.name}`}>
                    Move ownership
                  </Button>
                </Flex>
              ),
            },
          ]}
        />
      )}
      <MoveOwnershipModal team={moving} onClose={() => setMoving(null)} />
    </>
  );
}
