import { t } from '@lingui/core/macro';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { errorMessage, MESSAGES, type Profile, ProfileUpdate } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Card, Col, Descriptions, Flex, Form, Input, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { profileChanges, type SettingsValues } from '../../lib/profile-changes.ts';
import { keys, useProfile } from '../../queries.ts';
import { useAlert, useClient, usePlatform } from '../../services.tsx';
import { CurrentPlan } from '../billing/current-plan.tsx';
import { PaymentHistory } from '../billing/payment-history.tsx';
import { PaymentMethodCard } from '../billing/payment-method-change.tsx';
import { useCan } from '../teams/use-team.ts';
import { ApiKeys } from './api-keys.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { LinkedSignIns } from './linked-sign-ins.tsx';
import { PlayerDefaults } from './player-defaults.tsx';
import { TwoFactorSettings } from './two-factor.tsx';
import { IntegrationsSection } from './integrations.tsx';
import { LeadAlerts } from './lead-alerts.tsx';
import { WebhooksSection } from './webhooks.tsx';
import { CustomDomains } from '../domains/custom-domains.tsx';
import { CaptionSettingsForm } from '../captions/caption-settings.tsx';
import { PrivacyDefaults } from '../privacy/privacy-defaults.tsx';

const rule = (field: 'firstName' | 'lastName' | 'email') => ({
  validator: async (_: unknown, value: unknown) => {
    const r = ProfileUpdate.shape[field].safeParse(value ?? '');
    if (!r.success) throw new Error(r.error.issues[0]?.message);
  },
});

function ImageUpload({ kind, label, current }: { kind: 'avatar' | 'playerLogo'; label: string; current: string | null }) {
  const client = useClient();
  const platform = usePlatform();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const logoAllowed = !!useProfile().data?.features.uploadPlayerLogo;
  async function pick() {
    // The player logo is a gated tool (feature uploadPlayerLogo), the avatar is not.
    if (kind === 'playerLogo' && !logoAllowed) {
      alert('error', MESSAGES.featureDisabled);
      return;
    }
    const [file] = await platform.pickFiles({ accept: 'image/png,image/jpeg,image/gif,image/svg+xml' });
    if (!file) return;
    setBusy(true);
    try {
      const r = await client.profile.upload(file, kind);
      queryClient.setQueryData(keys.profile, r.profile);
      alert('success', MESSAGES.profileUpdated);
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Flex align="center" gap={16} wrap>
      {kind === 'avatar' ? (
        <Avatar size={72} src={current ?? undefined} icon={!current && <UserOutlined />} alt={t`Your avatar`} />
      ) : current ? (
        <img src={current} alt={t`Your player logo`} style={{ maxHeight: 56, maxWidth: 160 }} />
      ) : (
        <Typography.Text type="secondary">{t`No logo yet`}</Typography.Text>
      )}
      <Button icon={<UploadOutlined aria-hidden />} loading={busy} onClick={pick}>
        {label}
      </Button>
    </Flex>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SettingsValues>();
  const [busy, setBusy] = useState(false);
  const password = Form.useWatch('password', form);
  const email = Form.useWatch('email', form);
  const emailChanged = email !== undefined && email.trim().toLowerCase() !== profile.email;

  async function save(v: SettingsValues) {
    const changes = profileChanges(profile, v);
    if (Object.keys(changes).length === 0) {
      alert('info', t`Nothing to save.`);
      return;
    }
    setBusy(true);
    try {
      const r = await client.profile.update(changes);
      queryClient.setQueryData(keys.profile, r.profile);
      form.setFieldsValue({ password: '', currentPassword: '' });
      alert('success', r.pendingEmail ? `${r.message} Open the link we sent to ${r.pendingEmail} to start using it.` : r.message);
    } catch (err) {
      showServerFieldErrors(form, err);
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form<SettingsValues>
      form={form}
      layout="vertical"
      name="settings"
      requiredMark={false}
      initialValues={{ firstName: profile.firstName, lastName: profile.lastName, email: profile.email, promoCode: profile.promoCode ?? '' }}
      onFinish={save}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label={t`First name`} name="firstName" rules={[rule('firstName')]}>
            <Input autoComplete="given-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label={t`Last name`} name="lastName" rules={[rule('lastName')]}>
            <Input autoComplete="family-name" />
          </Form.Item>
        </Col>
      </Row>
      {profile.isChangeEmail ? (
        <Form.Item label={t`Email`} name="email" rules={[rule('email')]} extra={t`Can be changed once every 6 months`}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
      ) : (
        <Descriptions column={1} size="small" style={{ marginBottom: 16 }} items={[{ key: 'email', label: t`Email`, children: profile.email }]} />
      )}
      <Form.Item label={t`Promo code`} name="promoCode">
        <Input maxLength={64} />
      </Form.Item>
      <Typography.Title level={2} style={{ fontSize: 16 }}>{t`Change password`}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label={t`New password`} name="password" rules={[{ min: 6, message: t`Must NOT have fewer than 6 characters.` }]} extra={t`Leave blank to keep your password.`}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label={t`Current password`}
            name="currentPassword"
            dependencies={['password', 'email']}
            rules={[{ required: !!password || emailChanged, message: t`Enter your current password to change your password or email.` }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={busy}>{t`Save changes`}</Button>
    </Form>
  );
}

const cardTitle = (text: string) => <h2 style={{ fontSize: 18, margin: 0 }}>{text}</h2>;

/** /settings: profile and password, plan and payment method, avatar, the player defaults, payment history. */
export function SettingsPage() {
  const profile = useProfile().data;
  // Where the platform runs no provider flow (the desktop app), there is nothing to link.
  const canLink = !!usePlatform().socialToken;
  // Plan, payment method and payment history are the owner's (billing); other roles see their own profile only.
  const billing = useCan('billing');
  // API keys and webhook endpoints are the team's, managed by its owner and admins (manageTeam).
  const manageTeam = useCan('manageTeam');
  // Lead alerts are each person's own, for roles that may read leads.
  const readLeads = useCan('readLeads');
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26, marginTop: 0 }}>{t`Settings`}</Typography.Title>
      {!profile ? (
        <Skeleton active />
      ) : (
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={14}>
            <Card title={cardTitle(t`Profile`)}>
              <ProfileForm profile={profile} />
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Flex vertical gap={24}>
              {billing && (
                <>
                  <Card title={cardTitle(t`Plan`)} data-testid="plan-card">
                    <CurrentPlan />
                  </Card>
                  <Card title={cardTitle(t`Payment method`)}>
                    <PaymentMethodCard profile={profile} />
                  </Card>
                </>
              )}
              <Card title={cardTitle(t`Language`)} data-testid="language">
                <LanguageSwitch />
              </Card>
              <Card title={cardTitle(t`Two-factor authentication`)} id="two-factor" data-testid="two-factor">
                <TwoFactorSettings profile={profile} />
              </Card>
              <Card title={cardTitle(t`Avatar`)}>
                <ImageUpload kind="avatar" label={t`Upload avatar`} current={profile.avatar} />
              </Card>
              {canLink && (
                <Card title={cardTitle(t`Sign-in with Google or Facebook`)}>
                  <LinkedSignIns />
                </Card>
              )}
            </Flex>
          </Col>
          <Col xs={24} lg={14}>
            <Card title={cardTitle(t`Default player colour scheme`)}>
              <PlayerDefaults profile={profile} />
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Flex vertical gap={24}>
              <Card title={cardTitle(t`Default player logo`)}>
                <ImageUpload kind="playerLogo" label={t`Upload player logo`} current={profile.playerLogo} />
              </Card>
              <Card title={cardTitle(t`Privacy of new videos`)} data-testid="privacy-defaults">
                <PrivacyDefaults profile={profile} />
              </Card>
              <Card title={cardTitle(t`Captions of new videos`)} data-testid="caption-settings">
                <CaptionSettingsForm />
              </Card>
              {readLeads && (
                <Card title={cardTitle(t`Lead alerts`)} data-testid="lead-alerts">
                  <LeadAlerts />
                </Card>
              )}
            </Flex>
          </Col>
          {manageTeam && (
            <Col xs={24}>
              <Card title={cardTitle(t`API keys`)} data-testid="api-keys">
                <ApiKeys />
              </Card>
            </Col>
          )}
          {manageTeam && (
            <Col xs={24}>
              <Card title={cardTitle(t`CRM`)} data-testid="integrations">
                <IntegrationsSection />
              </Card>
            </Col>
          )}
          {manageTeam && (
            <Col xs={24}>
              <Card title={cardTitle(t`Webhooks`)} data-testid="webhooks">
                <WebhooksSection />
              </Card>
            </Col>
          )}
          {manageTeam && (
            <Col xs={24}>
              <Card title={cardTitle(t`Custom domains`)} data-testid="custom-domains">
                <CustomDomains />
              </Card>
            </Col>
          )}
          {billing && (
            <Col xs={24}>
              <Card title={cardTitle(t`Payment history`)}>
                <PaymentHistory />
              </Card>
            </Col>
          )}
        </Row>
      )}
    </>
  );
}
