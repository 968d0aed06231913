import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { DeleteOutlined, LogoutOutlined, MailOutlined, SendOutlined, StopOutlined, SwapOutlined, UserAddOutlined } from '@ant-design/icons';
import {
  ApiError,
  errorMessage,
  ASSIGNABLE_TEAM_ROLES,
  type AssignableTeamRole,
  type Invitation,
  roleCan,
  TEAM_NAME_MAX,
  TeamName,
  type TeamMember,
  type TeamSummary,
} from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Form, Input, Modal, Result, Select, Skeleton, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { formatDate } from '../../lib/format.ts';
import { keys, useProfile } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { RoleTag, roleInline, roleLabel } from './role-tag.tsx';
import { useCurrentTeam, useSwitchTeam, useTeams } from './use-team.ts';

const cardTitle = (text: string) => <h2 style={{ fontSize: 18, margin: 0 }}>{text}</h2>;
const roleOptions = () => ASSIGNABLE_TEAM_ROLES.map((r) => ({ value: r, label: roleLabel(r) }));
const memberName = (m: { name: string; email: string }) => m.name.trim() || m.email;

// Sentences with names in them (the names assigned first, so the catalogs read {name}).
const pendingOffer = (name: string, date: string) => t`Ownership offered to ${name}, waiting for their acceptance until ${date}.`;
const offeredBy = (name: string, team: string) => t`${name} offers you the ownership of ${team}.`;
const offerStands = (date: string) => t`Accepting makes you the owner: billing, the plan and the account become yours. The offer stands until ${date}.`;
const seatsUsed = (used: number, limit: number) => t`${used} of ${limit} seats used`;
const roleOf = (name: string) => t`Role of ${name}`;
const nowRole = (name: string, role: string) => t`${name} is now ${role}.`;
const removeLabel = (name: string) => t`Remove ${name}`;
const expiredOn = (date: string) => t`Expired ${date}`;
const sentAgain = (email: string) => t`Invitation sent again to ${email}.`;
const resendTo = (email: string) => t`Resend the invitation to ${email}`;
const revokeTo = (email: string) => t`Revoke the invitation to ${email}`;
const losesAccess = (name: string, team: string) => t`${name} loses access to ${team} at once. Their uploads stay in the team.`;
function ownedBy(team: TeamSummary) {
  const name = team.name;
  const role = roleInline(team.role);
  if (team.role === 'owner') return t`${name}, owned by you: you are ${role}.`;
  const owner = team.owner.name || team.owner.email;
  return t`${name}, owned by ${owner}: you are ${role}.`;
}

/** Invite by email with a role; a team at its plan's seats answers 402 with the upgrade hint. */
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

function TransferModal({ team, members, open, onClose }: { team: TeamSummary; members: TeamMember[]; open: boolean; onClose(): void }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ userId: string; password: string }>();
  const [busy, setBusy] = useState(false);
  async function submit(v: { userId: string; password: string }) {
    setBusy(true);
    try {
      const r = await client.teams.transferOwnership(team.id, v.userId, v.password);
      const name = r.to.name || r.to.email;
      alert('success', t`Ownership offered to ${name}. It moves when they accept.`);
      await queryClient.invalidateQueries({ queryKey: keys.teams });
      onClose();
    } catch (err) {
      if (!showServerFieldErrors(form, err)) alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal title={t`Transfer ownership`} open={open} onCancel={onClose} okText={t`Offer ownership`} okButtonProps={{ loading: busy, htmlType: 'submit', form: 'transfer' }} destroyOnHidden>
      <Typography.Paragraph>
        <Trans>The new owner takes over billing and the account once they accept. Until then nothing changes; you become an admin of the team when they do.</Trans>
      </Typography.Paragraph>
      <Form form={form} id="transfer" name="transfer" layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item label={t`New owner`} name="userId" rules={[{ required: true, message: t`Choose the member who becomes the owner.` }]}>
          <Select options={members.filter((m) => m.role !== 'owner').map((m) => ({ value: m.userId, label: `${memberName(m)} (${m.email})` }))} />
        </Form.Item>
        <Form.Item label={t`Your password`} name="password" rules={[{ required: true, message: t`Enter your password to transfer the ownership.` }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The team's name, as members see it in the top bar's switcher. */
function RenameTeam({ team }: { team: TeamSummary }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Form
      form={form}
      name="team-name"
      layout="inline"
      requiredMark={false}
      initialValues={{ name: team.name }}
      style={{ rowGap: 12 }}
      onFinish={async (v) => {
        setBusy(true);
        try {
          await client.teams.rename(team.id, v.name.trim());
          alert('success', t`Team renamed.`);
          await queryClient.invalidateQueries({ queryKey: keys.teams });
        } catch (err) {
          if (!showServerFieldErrors(form, err)) alert('error', errorMessage(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form.Item label={t`Team name`} name="name" rules={[{ validator: async (_, value) => zodCheck(TeamName, value) }]} style={{ flex: '1 1 240px' }}>
        <Input maxLength={TEAM_NAME_MAX} />
      </Form.Item>
      <Button htmlType="submit" loading={busy}>
        {t`Rename`}
      </Button>
    </Form>
  );
}

/** Throws the contract's message when `value` breaks `schema` (an antd validator). */
async function zodCheck(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) {
  const r = schema.safeParse(value ?? '');
  if (!r.success) throw new Error(r.error?.issues[0]?.message);
}

/** The owner's transfer waiting for the new owner: who, until when, and cancel. */
function PendingTransfer({ team, meId }: { team: TeamSummary; meId: string | undefined }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const offer = team.ownershipTransfer;
  if (!offer || offer.from.id !== meId) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 24 }}
      title={pendingOffer(offer.to.name || offer.to.email, formatDate(offer.expiresAt))}
      action={
        <Button
          onClick={async () => {
            try {
              alert('success', (await client.teams.cancelOwnershipTransfer(team.id)).message);
            } catch (err) {
              alert('error', errorMessage(err));
            }
            await queryClient.invalidateQueries({ queryKey: keys.teams });
          }}
        >
          {t`Cancel transfer`}
        </Button>
      }
    />
  );
}

/** Ownership offers waiting for the caller's answer, in whichever of their teams: accept or decline. */
function OwnershipOffers({ meId }: { meId: string | undefined }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const offers = (useTeams({ fresh: true }).data?.items ?? []).filter((t) => t.ownershipTransfer && t.ownershipTransfer.to.id === meId);
  async function answer(run: () => Promise<{ message: string }>) {
    setBusy(true);
    try {
      alert('success', (await run()).message);
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries();
    }
  }
  return offers.map((team) => (
    <Alert
      key={team.id}
      type="info"
      showIcon
      style={{ marginBottom: 24 }}
      title={offeredBy(team.ownershipTransfer?.from.name ?? '', team.name)}
      description={offerStands(formatDate(team.ownershipTransfer?.expiresAt))}
      action={
        <Flex gap={8} wrap>
          <Button type="primary" loading={busy} onClick={() => void answer(() => client.teams.acceptOwnership(team.id))}>
            {t`Accept ownership`}
          </Button>
          <Button disabled={busy} onClick={() => void answer(() => client.teams.cancelOwnershipTransfer(team.id))}>
            {t`Decline`}
          </Button>
        </Flex>
      }
    />
  ));
}

/** A member leaves a team they do not own; the app goes back to their own team. */
function LeaveTeam({ team }: { team: TeamSummary }) {
  const client = useClient();
  const alert = useAlert();
  const switchTeam = useSwitchTeam();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const teamName = team.name;
  return (
    <>
      <Button danger icon={<LogoutOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t`Leave team`}
      </Button>
      <Modal
        title={t`Leave team`}
        open={open}
        onCancel={() => setOpen(false)}
        okText={t`Leave team`}
        okButtonProps={{ danger: true }}
        onOk={async () => {
          setOpen(false);
          try {
            alert('success', (await client.teams.leave(team.id)).message);
            await switchTeam(null);
            await queryClient.invalidateQueries({ queryKey: keys.teams });
          } catch (err) {
            alert('error', errorMessage(err));
          }
        }}
      >
        <p>
          <Trans>You lose access to {teamName} and its videos at once. To come back you need a new invitation.</Trans>
        </p>
      </Modal>
    </>
  );
}

/**
 * Settings > Team: the current team's members (role, last activity, who invited them) and pending
 * invitations; owners and admins invite, resend, revoke, change roles and remove; the owner
 * transfers the ownership (with their password; the new owner accepts).
 */
export function TeamPage() {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const team = useCurrentTeam();
  const me = useProfile().data;
  const [transfer, setTransfer] = useState(false);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const manage = !!team && roleCan(team.role, 'manageTeam');
  // Members and invitations are for those who manage the team; the others see their own place in it.
  const members = useQuery({ queryKey: keys.teamMembers(team?.id ?? ''), queryFn: () => client.teams.members(team?.id as string), enabled: manage });
  const invitations = useQuery({ queryKey: keys.teamInvitations(team?.id ?? ''), queryFn: () => client.teams.invitations(team?.id as string), enabled: manage });

  /** One member or invitation action, its outcome in the alert bar; the lists reload either way. */
  async function act(run: () => Promise<unknown>, done: string) {
    try {
      await run();
      alert('success', done);
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      if (team) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: keys.teamMembers(team.id) }),
          queryClient.invalidateQueries({ queryKey: keys.teamInvitations(team.id) }),
        ]);
      }
    }
  }

  if (!team) return <Skeleton active />;
  const items = members.data?.items ?? [];
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26, marginTop: 0 }}>
        {t({ message: 'Team', context: 'page title' })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {ownedBy(team)} {manage && <Link to="/activity">{t`Activity log`}</Link>}
      </Typography.Paragraph>
      {!team.isOwn && team.role !== 'owner' && (
        <div style={{ marginBottom: 24 }}>
          <LeaveTeam team={team} />
        </div>
      )}
      <OwnershipOffers meId={me?.id} />
      <PendingTransfer team={team} meId={me?.id} />
      <Flex vertical gap={24}>
        {manage && (
          <Card title={cardTitle(t`Name`)}>
            <RenameTeam team={team} />
          </Card>
        )}
        {manage && (
          <Card title={cardTitle(t`Invite a member`)}>
            <InviteForm
              team={team}
              onSent={() => void Promise.all([queryClient.invalidateQueries({ queryKey: keys.teamInvitations(team.id) }), queryClient.invalidateQueries({ queryKey: keys.teamMembers(team.id) })])}
            />
          </Card>
        )}
        {manage && (
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
              <Button icon={<SwapOutlined aria-hidden />} onClick={() => setTransfer(true)} disabled={items.length < 2}>
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
                        {m.userId === me?.id && ` ${t`(you)`}`}
                      </div>
                      <Typography.Text type="secondary">{m.email}</Typography.Text>
                    </div>
                  ),
                },
                {
                  title: t`Role`,
                  key: 'role',
                  render: (_, m) =>
                    manage && m.role !== 'owner' && m.userId !== me?.id ? (
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
                    m.userId !== me?.id && (
                      <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => setRemoving(m)} aria-label={removeLabel(memberName(m))}>
                        {t`Remove`}
                      </Button>
                    ),
                },
              ]}
            />
          )}
        </Card>
        )}
        {manage && (
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
        )}
      </Flex>
      <TransferModal team={team} members={items} open={transfer} onClose={() => setTransfer(false)} />
      <Modal
        title={t`Remove member`}
        open={!!removing}
        onCancel={() => setRemoving(null)}
        okText={t`Remove`}
        okButtonProps={{ danger: true }}
        onOk={async () => {
          const m = removing;
          setRemoving(null);
          if (m) await act(() => client.teams.removeMember(team.id, m.userId), t`Member removed.`);
        }}
      >
        {removing && <p>{losesAccess(memberName(removing), team.name)}</p>}
      </Modal>
    </>
  );
}
