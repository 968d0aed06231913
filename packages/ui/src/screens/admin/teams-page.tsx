import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { SearchOutlined, SwapOutlined } from '@ant-design/icons';
import { type AdminTeam, errorMessage, PLAN_NAMES, type PlanName } from '@reelbase/api-client';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Modal, Result, Select, Table, Typography } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { planTitle } from '../../lib/billing.ts';
import { formatDate } from '../../lib/format.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { RoleTag, roleInline } from '../teams/role-tag.tsx';
import { PlanBadge } from './plan-badge.tsx';

const PAGE_SIZE = 10;
const membersOf = (team: string) => t`Members of ${team}`;
const isPlanName = (plan: string | null): plan is PlanName => (PLAN_NAMES as readonly (string | null)[]).includes(plan);

/** A support case: ownership moves to another member; the reason goes to the audit log. */
function MoveOwnershipModal({ team, onClose }: { team: AdminTeam | null; onClose(): void }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const teamName = team?.name;
  const ownerName = team?.owner.name;
  const ownerEmail = team?.owner.email;
  async function submit(v: { userId: string; reason?: string }) {
    if (!team) return;
    setBusy(true);
    try {
      const moved = await client.admin.moveTeamOwnership(team.id, v.userId, v.reason?.trim() || undefined);
      const teamName = moved.name;
      const owner = moved.owner.name || moved.owner.email;
      alert('success', t`${teamName} now belongs to ${owner}.`);
      await queryClient.invalidateQueries({ queryKey: keys.adminTeams });
      onClose();
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal title={t`Move ownership`} open={!!team} onCancel={onClose} okText={t`Move ownership`} okButtonProps={{ loading: busy, htmlType: 'submit', form: 'move-ownership' }} destroyOnHidden>
      {team && (
        <Form id="move-ownership" name="move-ownership" layout="vertical" requiredMark={false} onFinish={submit}>
          <Typography.Paragraph>
            <Trans>
              {teamName} belongs to {ownerName} ({ownerEmail}). The new owner takes over billing at once; the old owner stays as an admin. The move is written to the audit log.
            </Trans>
          </Typography.Paragraph>
          <Form.Item label={t`New owner`} name="userId" rules={[{ required: true, message: t`Choose the member who becomes the owner.` }]}>
            <Select options={team.members.filter((m) => m.role !== 'owner').map((m) => ({ value: m.userId, label: `${m.name} (${m.email}, ${roleInline(m.role)})` }))} />
          </Form.Item>
          <Form.Item label={t`Reason (for the audit log)`} name="reason">
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
        <Trans>Teams</Trans>
      </Typography.Title>
      <search>
        <form onSubmit={submit} style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', marginBottom: 16, maxWidth: 520 }}>
          <label htmlFor={searchId}>{t`Find a team`}</label>
          <Input id={searchId} value={text} onChange={(e) => setText(e.target.value)} placeholder={t`Team, member name or email`} style={{ flex: 1, minWidth: 180 }} />
          <Button htmlType="submit" icon={<SearchOutlined aria-hidden />}>
            {t`Search`}
          </Button>
        </form>
      </search>
      {teams.isError ? (
        <Result status="error" title={t`The teams could not be loaded`} subTitle={errorMessage(teams.error)} />
      ) : (
        <Table<AdminTeam>
          rowKey="id"
          loading={teams.isPending}
          dataSource={teams.data?.items ?? []}
          scroll={{ x: 'max-content' }}
          expandable={{
            expandedRowRender: (team) => (
              <Table
                rowKey="userId"
                size="small"
                pagination={false}
                dataSource={team.members}
                aria-label={membersOf(team.name)}
                columns={[
                  { title: t`Member`, key: 'name', render: (_, m) => <Link to={`/admin/users/${m.userId}`}>{m.name || m.email}</Link> },
                  { title: t`Email`, key: 'email', dataIndex: 'email' },
                  { title: t`Role`, key: 'role', render: (_, m) => <RoleTag role={m.role} /> },
                  { title: t`Joined`, key: 'joined', render: (_, m) => formatDate(m.joinedAt) },
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
            showTotal: (total) => plural(total, { one: '# team', other: '# teams' }),
          }}
          columns={[
            { title: t`Team`, key: 'name', render: (_, team) => <strong>{team.name}</strong> },
            { title: t`Owner`, key: 'owner', render: (_, team) => <Link to={`/admin/users/${team.owner.id}`}>{team.owner.name || team.owner.email}</Link> },
            { title: t`Plan`, key: 'plan', render: (_, team) => (isPlanName(team.plan) ? <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}><PlanBadge plan={team.plan} /> {planTitle(team.plan)}</span> : t`No plan`) },
            {
              title: t`Members`,
              key: 'members',
              render: (_, team) => {
                const count = team.memberCount;
                const limit = team.membersLimit;
                return t`${count} of ${limit}`;
              },
            },
            { title: t`Created`, key: 'created', render: (_, team) => formatDate(team.createdAt) },
            {
              title: <span className="rb-sr-only">{t`Actions`}</span>,
              key: 'move',
              render: (_, team) => {
                const name = team.name;
                return (
                  <Flex gap={8}>
                    <Button icon={<SwapOutlined aria-hidden />} disabled={team.memberCount < 2} onClick={() => setMoving(team)} aria-label={t`Move ownership of ${name}`}>
                      {t`Move ownership`}
                    </Button>
                  </Flex>
                );
              },
            },
          ]}
        />
      )}
      <MoveOwnershipModal team={moving} onClose={() => setMoving(null)} />
    </>
  );
}
