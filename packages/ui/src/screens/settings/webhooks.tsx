import { t } from '@lingui/core/macro';
import { errorMessage, WEBHOOK_EVENTS, WebhookCreate, type Webhook, type WebhookDelivery, type WebhookWithSecret } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Empty, Flex, Form, Input, List, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { useAlert, useClient, usePlatform } from '../../services.tsx';

const KEY = ['webhooks'] as const;
const deliveriesKey = (id: string) => ['webhooks', id, 'deliveries'] as const;

const EVENT_LABELS: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  get 'video.ready'() { return t`Video ready`; },
  get 'video.failed'() { return t`Video failed`; },
  get 'video.deleted'() { return t`Video deleted`; },
  get 'captions.ready'() { return t`Captions ready`; },
  get 'lead.captured'() { return t`Lead captured`; },
  get 'viewer.session'() { return t`Viewer session ended`; },
};
const STATUS_COLORS: Record<WebhookDelivery['status'], string> = { pending: 'processing', succeeded: 'success', failed: 'error' };
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

/** The secret of a new or rotated endpoint: shown this once, with a copy button. */
function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const platform = usePlatform();
  const alert = useAlert();
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="webhook-secret"
      message={t`Copy the signing secret now: it is not shown again.`}
      description={
        <Flex vertical gap={8}>
          <Typography.Text code style={{ wordBreak: 'break-all' }} aria-label={t`Signing secret`}>
            {secret}
          </Typography.Text>
          <Space>
            <Button
              onClick={async () => {
                await platform.copyText(secret);
                alert('success', t`Secret copied.`);
              }}
            >{t`Copy secret`}</Button>
            <Button type="link" onClick={onDone}>{t`Done`}</Button>
          </Space>
        </Flex>
      }
    />
  );
}

function Deliveries({ endpoint }: { endpoint: Webhook }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const deliveries = useQuery({
    queryKey: deliveriesKey(endpoint.id),
    queryFn: () => client.webhooks.deliveries(endpoint.id),
    // While a delivery waits for a try, its outcome is read again.
    refetchInterval: (q) => (q.state.data?.items.some((d) => d.status === 'pending') ? 2000 : false),
  });
  async function resend(d: WebhookDelivery) {
    try {
      await client.webhooks.resend(endpoint.id, d.id);
      alert('success', t`The delivery is being sent again.`);
      await queryClient.invalidateQueries({ queryKey: deliveriesKey(endpoint.id) });
    } catch (err) {
      alert('error', errorMessage(err));
    }
  }
  return (
    <Table<WebhookDelivery>
      size="small"
      rowKey="id"
      loading={deliveries.isPending}
      dataSource={deliveries.data?.items ?? []}
      pagination={false}
      scroll={{ x: true }}
      aria-label={t`Deliveries to ${endpoint.url}`}
      locale={{ emptyText: <Typography.Text type="secondary">{t`No deliveries yet.`}</Typography.Text> }}
      expandable={{ expandedRowRender: (d) => <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{JSON.stringify(JSON.parse(d.body), null, 2)}</pre> }}
      columns={[
        { title: t`Event`, dataIndex: 'eventType' },
        { title: t`Status`, dataIndex: 'status', render: (s: WebhookDelivery['status']) => <Tag color={STATUS_COLORS[s]}>{s}</Tag> },
        { title: t`Time`, render: (_, d) => when(d.lastAttemptAt ?? d.createdAt) },
        { title: t`Answer`, render: (_, d) => (d.responseStatus !== null ? <span data-testid="delivery-code">{d.responseStatus}</span> : (d.error ?? '')) },
        { title: t`Tries`, dataIndex: 'attempts' },
        {
          title: '',
          render: (_, d) => (
            <Button size="small" onClick={() => resend(d)} disabled={d.status === 'pending'}>{t`Resend`}</Button>
          ),
        },
      ]}
    />
  );
}

function Endpoint({ endpoint }: { endpoint: Webhook }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  async function act(fn: () => Promise<unknown>, done: string) {
    try {
      await fn();
      alert('success', done);
      await refresh();
    } catch (err) {
      alert('error', errorMessage(err));
    }
  }
  return (
    <List.Item data-testid="webhook-endpoint" style={{ display: 'block' }}>
      <Flex vertical gap={8}>
        <Flex wrap gap={8} align="center" justify="space-between">
          <Typography.Text strong style={{ wordBreak: 'break-all' }}>
            {endpoint.url}
          </Typography.Text>
          {endpoint.enabled ? <Tag color="success">{t`Enabled`}</Tag> : <Tag color="error">{t`Disabled`}</Tag>}
        </Flex>
        {endpoint.disabledReason && <Typography.Text type="danger">{endpoint.disabledReason}</Typography.Text>}
        <Flex wrap gap={4}>
          {endpoint.events.map((e) => (
            <Tag key={e}>{EVENT_LABELS[e]}</Tag>
          ))}
        </Flex>
        <Space wrap>
          <Button
            onClick={() =>
              act(async () => {
                await client.webhooks.test(endpoint.id);
                await queryClient.invalidateQueries({ queryKey: deliveriesKey(endpoint.id) });
              }, t`Test event sent.`)
            }
          >{t`Send test event`}</Button>
          <Button onClick={() => act(async () => setSecret((await client.webhooks.rotateSecret(endpoint.id)).secret), t`New secret made; the old one keeps signing beside it for a while.`)}>{t`Rotate secret`}</Button>
          <Button onClick={() => act(() => client.webhooks.update(endpoint.id, { enabled: !endpoint.enabled }), endpoint.enabled ? t`Endpoint disabled.` : t`Endpoint enabled.`)}>
            {endpoint.enabled ? t`Disable` : t`Enable`}
          </Button>
          <Popconfirm title={t`Delete this endpoint and its deliveries?`} okText={t`Delete`} okButtonProps={{ danger: true }} onConfirm={() => act(() => client.webhooks.remove(endpoint.id), t`Endpoint deleted.`)}>
            <Button danger>{t`Delete`}</Button>
          </Popconfirm>
        </Space>
        {secret && <SecretOnce secret={secret} onDone={() => setSecret(null)} />}
        <Typography.Text type="secondary">{t`Recent deliveries`}</Typography.Text>
        <Deliveries endpoint={endpoint} />
      </Flex>
    </List.Item>
  );
}

type Values = { url: string; events: (typeof WEBHOOK_EVENTS)[number][] };

/** Settings, Webhooks: the team's endpoints, their secrets (once), their recent deliveries. */
export function WebhooksSection() {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const endpoints = useQuery({ queryKey: KEY, queryFn: () => client.webhooks.list() });
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);

  async function add(v: Values) {
    setBusy(true);
    try {
      const endpoint = await client.webhooks.create({ url: v.url.trim(), events: v.events });
      setCreated(endpoint);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: KEY });
    } catch (err) {
      showServerFieldErrors(form, err);
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{t`Reelbase posts each event you choose to your address, signed with the endpoint's secret (Standard Webhooks). Failed deliveries are tried again for 3 days.`}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" name="webhook" requiredMark={false} initialValues={{ events: ['video.ready'] }} onFinish={add}>
        <Form.Item
          label={t`Endpoint URL`}
          name="url"
          rules={[{ validator: async (_, value) => {
            const r = WebhookCreate.shape.url.safeParse(value ?? '');
            if (!r.success) throw new Error(r.error.issues[0]?.message);
          } }]}
        >
          <Input placeholder="https://example.com/webhooks/reelbase" inputMode="url" />
        </Form.Item>
        <Form.Item label={t`Events`} name="events" rules={[{ validator: (_, v?: string[]) => (v?.length ? Promise.resolve() : Promise.reject(new Error(t`Choose at least one event.`))) }]}>
          <Checkbox.Group options={WEBHOOK_EVENTS.map((e) => ({ value: e, label: EVENT_LABELS[e] }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>{t`Add endpoint`}</Button>
      </Form>
      {created && <SecretOnce secret={created.secret} onDone={() => setCreated(null)} />}
      {endpoints.data && endpoints.data.items.length === 0 ? (
        <Empty description={t`No webhook endpoints yet.`} />
      ) : (
        <List<Webhook> loading={endpoints.isPending} dataSource={endpoints.data?.items ?? []} renderItem={(e) => <Endpoint key={e.id} endpoint={e} />} />
      )}
    </Flex>
  );
}
