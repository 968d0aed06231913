import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { MailOutlined, SendOutlined, StopOutlined, UserAddOutlined } from '@ant-design/icons';
import { ApiError, type AssignableTeamRole, errorMessage, type Invitation, type InvitationList, roleCan, type TeamSummary } from '@reelbase/api-client';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Form, Input, Select, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { formatDate } from '../../lib/format.ts';
import { useAlert, useClient } from '../../services.tsx';
import { RoleTag } from './role-tag.tsx';
import { cardTitle, roleOptions, type TeamAction } from './team-parts.tsx';

const expiredOn = (date: string) => t`Expired ${date}`;
const sentAgain = (email: string) => t`Invitation sent again to ${email}.`;
const resendTo = (email: string) => t`Resend the invitation to ${email}`;
const revokeTo = (email: string) => t`Revoke the invitation to ${email}`;

export /** Invite by email with a role; a team at its plan's seats answers 402 with the upgrade hint. */
function InviteForm({ team, onSent }: { team: TeamSummary; onSent(): void }) {
  const client = useClient();
  const alert = useAlert();
  const [form] = Form.useForm<{ email: string; role: AssignableTeamRole }>();
  const [busy, setBusy] = useState(false);
  const [seats, setSeats] = useState<string | null>(null);
  const navigate = useNavigate();
  async function send(v: { email: string; role: AssignableTeamRole }) {
    setBusy(true);
    setSeats(null);
    try {
      await client.teams.invite(team.id, v.email.trim(), v.role);
      alert('success', t`Invitation sent.`);
      form.resetFields(['email']);
      onSent();
    } catch (err) {
      if (err instanceof ApiError && err.status === 402) setSeats(err.message);
      else if (!showServerFieldErrors(form, err)) alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      {seats && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={seats}
          action={
            roleCan(team.role, 'billing') ? (
              <Button size="small" onClick={() => navigate('/change-tariff')}>
                {t`Change plan`}
              </Button>
            ) : undefined
          }
        />
      )}
      <Form form={form} name="invite" layout="inline" requiredMark={false} initialValues={{ role: 'editor' }} onFinish={send} style={{ rowGap: 12 }}>
        <Form.Item label={t`Email`} name="email" rules={[{ required: true, type: 'email', message: t`Enter the email address to invite.` }]} style={{ flex: '1 1 240px' }}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label={t`Role`} name="role">
          <Select options={roleOptions()} style={{ width: 130 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<UserAddOutlined aria-hidden />} loading={busy}>
          <Trans>Send invitation</Trans>
        </Button>
      </Form>
    </>
  );
}

/** The invitations not yet answered: resend (a new link, 7 more days) or revoke. */
export function PendingInvitations({ team, invitations, act }: { team: TeamSummary; invitations: UseQueryResult<InvitationList>; act: TeamAction }) {
  const client = useClient();
  return (
        <Card title={cardTitle(t`Pending invitations`)}>
          {invitations.isPending ? (
            <Skeleton active paragraph={{ rows: 2 }} />
          ) : (invitations.data?.items ?? []).length === 0 ? (
            <Empty description={t`No invitations waiting.`} />
          ) : (
            <Table<Invitation>
              rowKey="id"
              dataSource={invitations.data?.items ?? []}
              pagination={false}
              scroll={{ x: 'max-content' }}
              columns={[
                { title: t`Email`, key: 'email', render: (_, i) => <span><MailOutlined aria-hidden /> {i.email}</span> },
                { title: t`Role`, key: 'role', render: (_, i) => <RoleTag role={i.role} /> },
                { title: t`Invited by`, key: 'invitedBy', render: (_, i) => i.invitedBy?.name ?? '—' },
                { title: t`Expires`, key: 'expires', render: (_, i) => (i.expired ? <Tag color="red">{expiredOn(formatDate(i.expiresAt))}</Tag> : formatDate(i.expiresAt)) },
                {
                  title: <span className="rb-sr-only">{t`Actions`}</span>,
                  key: 'actions',
                  render: (_, i) => (
                    <Flex gap={8}>
                      <Button icon={<SendOutlined aria-hidden />} onClick={() => void act(() => client.teams.resendInvitation(team.id, i.id), sentAgain(i.email))} aria-label={resendTo(i.email)}>
                        {t`Resend`}
                      </Button>
                      <Button danger icon={<StopOutlined aria-hidden />} onClick={() => void act(() => client.teams.revokeInvitation(team.id, i.id), t`Invitation revoked.`)} aria-label={revokeTo(i.email)}>
                        {t`Revoke`}
                      </Button>
                    </Flex>
                  ),
                },
              ]}
            />
          )}
        </Card>
  );
}
