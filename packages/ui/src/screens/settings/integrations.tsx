import { t } from '@lingui/core/macro';
import { CRM_PROVIDER_NAMES, type CrmProvider, type CrmPush, errorMessage, HubspotConnect, type Integration, MailchimpConnect } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Popconfirm, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatClock, formatDate } from '../../lib/format.ts';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { useAlert, useClient } from '../../services.tsx';

const KEY = ['integrations'] as const;
const STATUS_COLORS: Record<CrmPush['status'], string> = { pending: 'processing', succeeded: 'success', failed: 'error' };
const statusLabel = (s: CrmPush['status']) => (s === 'pending' ? t`Waiting` : s === 'succeeded' ? t`Sent` : t`Failed`);
const when = (iso: string) => `${formatDate(iso)} ${formatClock(new Date(iso))}`;

/** A schema field as an antd rule (the contract's own message). */
const rule = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }) => ({
  validator: async (_: unknown, value: unknown) => {
    const r = schema.safeParse(value ?? '');
    if (!r.success) throw new Error(r.error?.issues[0]?.message);
  },
});

/** The last pushes of one connection: what was sent for whom, and how it went. */
function Pushes({ integration }: { integration: Integration }) {
  const name = CRM_PROVIDER_NAMES[integration.provider];
  return (
    <Table<CrmPush>
      size="small"
      rowKey="id"
      dataSource={integration.pushes}
      pagination={false}
      scroll={{ x: true }}
      aria-label={t`Last pushes to ${name}`}
      locale={{ emptyText: <Typography.Text type="secondary">{t`Nothing sent yet: leads and the sessions they watch are sent as they come.`}</Typography.Text> }}
      columns={[
        { title: t`Time`, render: (_, p) => when(p.updatedAt) },
        { title: t`Lead`, dataIndex: 'email' },
        { title: t`What`, render: (_, p) => (p.kind === 'contact' ? t`Contact` : p.videoName) },
        { title: t`Status`, render: (_, p) => <Tag color={STATUS_COLORS[p.status]}>{statusLabel(p.status)}</Tag> },
        { title: t`Tries`, dataIndex: 'attempts' },
        { title: t`Error`, render: (_, p) => (p.error ? <Typography.Text type="danger">{p.error}</Typography.Text> : '') },
      ]}
    />
  );
}

type Values = { accessToken?: string; apiKey?: string; audienceId?: string };

/** One CRM: connected (the key's last characters, the audience, its pushes, Disconnect) or its connect form. */
function Provider({ integration }: { integration: Integration }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const provider: CrmProvider = integration.provider;
  const name = CRM_PROVIDER_NAMES[provider];

  async function connect(v: Values) {
    setBusy(true);
    try {
      if (provider === 'hubspot') await client.integrations.connectHubspot({ accessToken: (v.accessToken ?? '').trim() });
      else await client.integrations.connectMailchimp({ apiKey: (v.apiKey ?? '').trim(), audienceId: (v.audienceId ?? '').trim() });
      form.resetFields();
      alert('success', t`${name} connected.`);
      await queryClient.invalidateQueries({ queryKey: KEY });
    } catch (err) {
      if (!showServerFieldErrors(form, err)) alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  async function disconnect() {
    try {
      await client.integrations.disconnect(provider);
      alert('success', t`${name} disconnected.`);
      await queryClient.invalidateQueries({ queryKey: KEY });
    } catch (err) {
      alert('error', errorMessage(err));
    }
  }

  const hint = integration.secretHint ?? '';
  const account = integration.accountName;
  return (
    <section data-testid={`integration-${provider}`} aria-label={name}>
      <Flex vertical gap={8}>
        <Flex wrap gap={8} align="center" justify="space-between">
          <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
            {name}
          </Typography.Title>
          {integration.connected ? <Tag color="success">{t`Connected`}</Tag> : <Tag>{t`Not connected`}</Tag>}
        </Flex>
        {integration.connected ? (
          <>
            <Typography.Text type="secondary">
              {provider === 'hubspot' ? t`Access token ending in ${hint}` : t`API key ending in ${hint}`}
              {account ? ` · ${provider === 'mailchimp' ? t`Audience: ${account}` : account}` : ''}
            </Typography.Text>
            <div>
              <Popconfirm title={t`Disconnect ${name}? Leads are no longer sent to it.`} okText={t`Disconnect`} okButtonProps={{ danger: true }} onConfirm={disconnect}>
                <Button danger>{t`Disconnect`}</Button>
              </Popconfirm>
            </div>
            <Typography.Text type="secondary">{t`Last pushes`}</Typography.Text>
            <Pushes integration={integration} />
          </>
        ) : (
          <Form<Values> form={form} layout="vertical" name={`integration-${provider}`} requiredMark={false} onFinish={connect}>
            {provider === 'hubspot' ? (
              <Form.Item label={t`Private app access token`} name="accessToken" rules={[rule(HubspotConnect.shape.accessToken)]} extra={t`In HubSpot: Settings, Integrations, Private apps; the app needs the contacts read and write scopes.`}>
                <Input.Password autoComplete="off" />
              </Form.Item>
            ) : (
              <>
                <Form.Item label={t`API key`} name="apiKey" rules={[rule(MailchimpConnect.shape.apiKey)]}>
                  <Input.Password autoComplete="off" />
                </Form.Item>
                <Form.Item label={t`Audience id`} name="audienceId" rules={[rule(MailchimpConnect.shape.audienceId)]}>
                  <Input autoComplete="off" />
                </Form.Item>
              </>
            )}
            <Button type="primary" htmlType="submit" loading={busy}>{t`Connect ${name}`}</Button>
          </Form>
        )}
      </Flex>
    </section>
  );
}

/** Settings, CRM: HubSpot and Mailchimp connections of the team (its admins'), with the last pushes and errors. */
export function IntegrationsSection() {
  const client = useClient();
  const integrations = useQuery({
    queryKey: KEY,
    queryFn: () => client.integrations.list(),
    // While a push waits for a try, its outcome is read again.
    refetchInterval: (q) => (q.state.data?.items.some((i) => i.pushes.some((p) => p.status === 'pending')) ? 2000 : false),
  });
  return (
    <Flex vertical gap={24}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t`Each lead a player captures is sent to the CRMs connected here: a HubSpot contact with a note for each video they watch, a Mailchimp audience member with a tag for each video. Failed sends are tried again. Zapier and Make work with the webhooks below (lead.captured, viewer.session).`}
      </Typography.Paragraph>
      {(integrations.data?.items ?? []).map((i) => (
        <Provider key={i.provider} integration={i} />
      ))}
    </Flex>
  );
}
