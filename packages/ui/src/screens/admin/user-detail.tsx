import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ArrowLeftOutlined, DownOutlined, EditOutlined } from '@ant-design/icons';
import { type AdminUser, type AdminUserUpdate, errorMessage, FEATURE_FLAGS, type FeatureFlag } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Col, Descriptions, Dropdown, Flex, InputNumber, Modal, Result, Row, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatDate, formatMegabytes } from '../../lib/format.ts';
import { adminVideosPath, playerPageUrl } from '../../lib/links.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { SetBanModal } from './ban-modal.tsx';
import { EditUserModal } from './edit-user-modal.tsx';
import { featureLabel } from './features.ts';
import { PlanBadge } from './plan-badge.tsx';
import { fullName, UserStatus } from './user-status.tsx';

const loginMethodLabel = (p: AdminUser['platforms']) => (p === 'google' ? 'Google' : p === 'facebook' ? 'Facebook' : t`Email and password`);

const cardTitle = (text: string) => <h2 style={{ fontSize: 17, margin: 0, whiteSpace: 'normal' }}>{text}</h2>;
const orDash = (text: string | null | undefined) => text || '—';

/** The payment reference as a link to where it lives: the API's Stripe or PayPal page for it. */
function PaymentRef({ user }: { user: AdminUser }) {
  const ref = user.paymentRef;
  const href = user.paymentRefUrl ?? (ref && URL.canParse(ref) ? ref : null);
  if (!ref && !href) return <>—</>;
  const text = ref ?? (href && new URL(href).hostname.endsWith('paypal.com') ? t`Open in PayPal` : t`Open in Stripe`);
  return href ? (
    <a href={href} target="_blank" rel="noreferrer">
      {text}
    </a>
  ) : (
    text
  );
}

function FeaturesCard({ user, save }: { user: AdminUser; save(u: AdminUserUpdate): Promise<boolean> }) {
  const current = () => Object.fromEntries(FEATURE_FLAGS.map((f) => [f, !!user.feature[f]])) as Record<FeatureFlag, boolean>;
  const [flags, setFlags] = useState(current);
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the boxes when the saved flags change.
  useEffect(() => setFlags(current()), [user.feature]);
  const changed = FEATURE_FLAGS.some((f) => flags[f] !== !!user.feature[f]);
  return (
    <Card title={cardTitle(t`Features`)} style={{ height: '100%' }}>
      <Flex vertical gap={8} role="group" aria-label={t`Features`}>
        {FEATURE_FLAGS.map((f) => (
          <Checkbox key={f} checked={flags[f]} onChange={(e) => setFlags((s) => ({ ...s, [f]: e.target.checked }))}>
            {featureLabel(f)}
          </Checkbox>
        ))}
      </Flex>
      <Button
        type="primary"
        style={{ marginTop: 16 }}
        disabled={!changed}
        loading={busy}
        onClick={async () => {
          setBusy(true);
          await save({ features: flags });
          setBusy(false);
        }}
      >
        {t`Save changes`}
      </Button>
    </Card>
  );
}

function CreditsCard({ user, save }: { user: AdminUser; save(u: AdminUserUpdate): Promise<boolean> }) {
  const id = useId();
  const [credits, setCredits] = useState<number | null>(user.videoGeneratorCredits);
  const [busy, setBusy] = useState(false);
  useEffect(() => setCredits(user.videoGeneratorCredits), [user.videoGeneratorCredits]);
  return (
    <Card title={cardTitle(t`Video generator credits`)} style={{ height: '100%' }}>
      <Flex align="center" gap={8} wrap>
        <label htmlFor={id}>{t`Credits`}</label>
        <InputNumber id={id} min={0} precision={0} value={credits} onChange={setCredits} style={{ width: 140 }} />
        <Button
          disabled={credits === null || credits === user.videoGeneratorCredits}
          loading={busy}
          onClick={async () => {
            setBusy(true);
            await save({ videoGeneratorCredits: credits ?? 0 });
            setBusy(false);
          }}
        >
          {t`Save`}
        </Button>
      </Flex>
    </Card>
  );
}

/**
 * /admin/users/{userId}: back link, header (name, id), info, payments, analytics, features, video
 * generator credits, and the actions menu (ban or unban, delete, cancel or reactivate).
 */
export function UserDetailPage() {
  const { userId = '' } = useParams();
  const client = useClient();
  const alert = useAlert();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [modal, setModal] = useState<'ban' | 'delete' | 'edit' | null>(null);
  const [busy, setBusy] = useState(false);
  const query = useQuery({ queryKey: keys.adminUser(userId), queryFn: () => client.admin.getUser(userId) });
  const user = query.data;

  /** One PUT; the answer is the user as saved. Resolves false (after an alert) when refused. */
  async function save(update: AdminUserUpdate, success = t`Changes saved.`) {
    try {
      const saved = await client.admin.updateUser(userId, update);
      queryClient.setQueryData(keys.adminUser(userId), saved);
      void queryClient.invalidateQueries({ queryKey: keys.adminUsers });
      alert('success', success);
      return true;
    } catch (err) {
      alert('error', errorMessage(err));
      return false;
    }
  }

  async function remove() {
    setBusy(true);
    try {
      alert('success', (await client.admin.deleteUser(userId)).message);
      queryClient.removeQueries({ queryKey: keys.adminUser(userId) });
      await queryClient.invalidateQueries({ queryKey: keys.adminUsers });
      navigate('/admin/users', { replace: true });
    } catch (err) {
      alert('error', errorMessage(err));
      setBusy(false);
    }
  }

  const back = (
    <Link to="/admin/users" style={{ display: 'inline-flex', alignItems: 'center', gap: 6, marginBottom: 12 }}>
      <ArrowLeftOutlined aria-hidden /> <Trans>Back to users</Trans>
    </Link>
  );
  if (query.isPending) return <>{back}<Skeleton active paragraph={{ rows: 10 }} /></>;
  if (query.isError || !user) return <>{back}<Result status="404" title={t`User not found`} subTitle={errorMessage(query.error)} /></>;

  const name = fullName(user);
  const who = name || user.email;
  const banReason = user.banReason;
  const videoCount = user.videoCount;
  const id = user.id;
  return (
    <>
      {back}
      <Flex justify="space-between" align="start" wrap gap={12} style={{ marginBottom: 16 }}>
        <Flex align="center" gap={12} wrap>
          {user.plan && <PlanBadge plan={user.plan} />}
          <div>
            <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
              {name || user.email}
            </Typography.Title>
            <Typography.Text type="secondary" copyable={{ text: user.id }}>
              <Trans>ID: {id}</Trans>
            </Typography.Text>
          </div>
          <UserStatus user={user} />
        </Flex>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'ban', label: user.ban ? t`Unban` : t`Ban` },
              { key: 'cancel', label: user.isActive ? t`Cancel account` : t`Reactivate account` },
              { type: 'divider' },
              { key: 'delete', label: t`Delete user`, danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'ban') {
                // Unbanning is immediate and clears the reason; banning asks for one first.
                if (user.ban) void save({ ban: false, banReason: null }, t`User unbanned.`);
                else setModal('ban');
              } else if (key === 'cancel') void save({ isActive: !user.isActive }, user.isActive ? t`Account canceled.` : t`Account reactivated.`);
              else setModal('delete');
            },
          }}
        >
          <Button>
            <Trans>Actions</Trans> <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card
            title={cardTitle(t`Info`)}
            extra={
              <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => setModal('edit')}>
                <Trans>Edit name and email</Trans>
              </Button>
            }
            style={{ height: '100%' }}
          >
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t`Email`}>
                <Flex gap={8} wrap align="center">
                  <span style={{ overflowWrap: 'anywhere' }}>{user.email}</span>
                  {user.isConfirmedEmail && <Tag color="green">{t`email verified`}</Tag>}
                </Flex>
              </Descriptions.Item>
              <Descriptions.Item label={t`Login method`}>{loginMethodLabel(user.platforms)}</Descriptions.Item>
              <Descriptions.Item label={t`Account created`}>{formatDate(user.createdAt)}</Descriptions.Item>
              <Descriptions.Item label={t`Last login`}>{orDash(formatDate(user.lastLoginDate))}</Descriptions.Item>
              <Descriptions.Item label={t`Notes`}>{banReason ? t`Ban reason: ${banReason}` : '—'}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={cardTitle(t`Payments`)} style={{ height: '100%' }}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t`Start date`}>{orDash(formatDate(user.startDate))}</Descriptions.Item>
              <Descriptions.Item label={t`Next payment date`}>{orDash(formatDate(user.nextPaymentDate))}</Descriptions.Item>
              <Descriptions.Item label={t`Cancellation date`}>{orDash(formatDate(user.cancellationDate))}</Descriptions.Item>
              <Descriptions.Item label={t`Payment method`}>{user.paymentMethod === 'paypal' ? 'PayPal' : user.paymentMethod === 'card' ? t`Card` : '—'}</Descriptions.Item>
              <Descriptions.Item label={t`Payment reference`}>
                <PaymentRef user={user} />
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={cardTitle(t`Analytics`)} extra={<Link to={adminVideosPath(user.id)}>{t`DETAILED`}</Link>} style={{ height: '100%' }}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t`Last uploaded video`}>
                {user.lastUploadedVideo ? (
                  <a href={playerPageUrl(client.baseUrl, user.lastUploadedVideo.id)} target="_blank" rel="noreferrer">
                    {user.lastUploadedVideo.name}
                  </a>
                ) : (
                  '—'
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t`Upload date`}>{orDash(formatDate(user.lastUploadedVideo?.date))}</Descriptions.Item>
              <Descriptions.Item label={t`Number of videos`}>
                <Link to={adminVideosPath(user.id)} aria-label={plural(videoCount, { one: '# video: open the list', other: '# videos: open the list' })}>
                  {user.videoCount}
                </Link>
              </Descriptions.Item>
              <Descriptions.Item label={t`Used in storage`}>{formatMegabytes(user.storage)}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} md={12} lg={8}>
          <FeaturesCard user={user} save={(u) => save(u, t`Features saved.`)} />
        </Col>
        <Col xs={24} md={12} lg={8}>
          <CreditsCard user={user} save={(u) => save(u, t`Credits saved.`)} />
        </Col>
      </Row>
      <SetBanModal
        open={modal === 'ban'}
        who={name || user.email}
        onClose={() => setModal(null)}
        onBan={async (banReason) => {
          if (await save({ ban: true, banReason }, t`User banned.`)) setModal(null);
        }}
      />
      <EditUserModal user={user} open={modal === 'edit'} onClose={() => setModal(null)} />
      <Modal title={t`Delete user`} open={modal === 'delete'} onCancel={() => setModal(null)} okText={t`Delete user`} okButtonProps={{ danger: true, loading: busy }} onOk={remove}>
        <p>{t`Permanently delete ${who} with all their videos? This cannot be undone.`}</p>
      </Modal>
    </>
  );
}
