import { t } from '@lingui/core/macro';
import { DeleteOutlined, SwapOutlined } from '@ant-design/icons';
import { errorMessage, type TeamMember, type TeamMemberList, type TeamSummary } from '@reelbase/api-client';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Flex, Result, Select, Table, Typography } from 'antd';
import { formatDate } from '../../lib/format.ts';
import { useClient } from '../../services.tsx';
import { RoleTag, roleInline } from './role-tag.tsx';
import { cardTitle, memberName, roleOptions, type TeamAction } from './team-parts.tsx';

const seatsUsed = (used: number, limit: number) => t`${used} of ${limit} seats used`;
const roleOf = (name: string) => t`Role of ${name}`;
const nowRole = (name: string, role: string) => t`${name} is now ${role}.`;
const removeLabel = (name: string) => t`Remove ${name}`;

/**
 * The members table with the seats used: role (changed in place), last activity, who invited them,
 * remove; the owner's "Transfer ownership" beside the seats.
 */
export function TeamMembers({
  team,
  manage,
  meId,
  members,
  act,
  onTransfer,
  onRemove,
}: {
  team: TeamSummary;
  manage: boolean;
  meId: string | undefined;
  members: UseQueryResult<TeamMemberList>;
  act: TeamAction;
  onTransfer(): void;
  onRemove(member: TeamMember): void;
}) {
  const client = useClient();
  const items = members.data?.items ?? [];
  return (
    <Card
      title={cardTitle(t`Members`)}
      extra={
        <Flex align="center" gap={12} wrap>
          {members.data && (
            <Typography.Text type="secondary" data-testid="team-seats">
              {seatsUsed(members.data.seats.used, members.data.seats.limit)}
            </Typography.Text>
          )}
          {team.role === 'owner' && (
          <Button icon={<SwapOutlined aria-hidden />} onClick={onTransfer} disabled={items.length < 2}>
            {t`Transfer ownership`}
          </Button>
          )}
        </Flex>
      }
    >
      {members.isError ? (
        <Result status="error" title={t`The members could not be loaded`} subTitle={errorMessage(members.error)} />
      ) : (
        <Table<TeamMember>
          rowKey="userId"
          loading={members.isPending}
          dataSource={items}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: t`Member`,
              key: 'name',
              render: (_, m) => (
                <div>
                  <div style={{ fontWeight: 600 }}>
                    {memberName(m)}
                    {m.userId === meId && ` ${t`(you)`}`}
                  </div>
                  <Typography.Text type="secondary">{m.email}</Typography.Text>
                </div>
              ),
            },
            {
              title: t`Role`,
              key: 'role',
              render: (_, m) =>
                manage && m.role !== 'owner' && m.userId !== meId ? (
                  <Select
                    aria-label={roleOf(memberName(m))}
                    value={m.role}
                    options={roleOptions()}
                    style={{ width: 120 }}
                    onChange={(role) => void act(() => client.teams.changeRole(team.id, m.userId, role), nowRole(memberName(m), roleInline(role)))}
                  />
                ) : (
                  <RoleTag role={m.role} />
                ),
            },
            { title: t`Last activity`, key: 'lastActive', render: (_, m) => (m.lastActiveAt ? formatDate(m.lastActiveAt) : t`Never`) },
            { title: t`Invited by`, key: 'invitedBy', render: (_, m) => m.invitedBy?.name ?? '—' },
            {
              title: <span className="rb-sr-only">{t`Actions`}</span>,
              key: 'actions',
              render: (_, m) =>
                manage &&
                m.role !== 'owner' &&
                m.userId !== meId && (
                  <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => onRemove(m)} aria-label={removeLabel(memberName(m))}>
                    {t`Remove`}
                  </Button>
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}
