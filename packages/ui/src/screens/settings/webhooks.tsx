import { errorMessage, WEBHOOK_EVENTS, WebhookCreate, type Webhook, type WebhookDelivery, type WebhookWithSecret } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Empty, Flex, Form, Input, List, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { useAlert, useClient, usePlatform } from '../../services.tsx';

const KEY = ['webhooks'] as const;
const deliveriesKey = (id: string) => ['webhooks', id, 'deliveries'] as const;

const EVENT_LABELS: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  'video.ready': 'Video ready',
  'video.failed': 'Video failed',
  'video.deleted': 'Video deleted',
  'captions.ready': 'Captions ready',
  'lead.captured': 'Lead captured',
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
      message="Copy the signing secret now: it is not shown again."
      description={
        <Flex vertical gap={8}>
          <Typography.Text code style={{ wordBreak: 'break-all' }} aria-label="Signing secret">
            {secret}
          </Typography.Text>
          <Space>
            <Button
              onClick={async () => {
                await platform.copyText(secret);
                alert('success', 'Secret copied.');
              }}
            >
              Copy secret
            </Button>
            <Button type="link" onClick={onDone}>
              Done
            </Button>
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
      alert('success', 'The delivery is being sent again.');
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
      aria-label={`Deliveries to ${endpoint.url}`}
      locale={{ emptyText: 'No deliveries yet.' }}
      expandable={{ expandedRowRender: (d) => <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{JSON.stringify(JSON.parse(d.body), null, 2)}</pre> }}
      columns={[
        { title: 'Event', dataIndex: 'eventType' },
        { title: 'Status', dataIndex: 'status', render: (s: WebhookDelivery['status']) => <Tag color={STATUS_COLORS[s]}>{s}</Tag> },
        { title: 'Time', render: (_, d) => when(d.lastAttemptAt ?? d.createdAt) },
        { title: 'Answer', render: (_, d) => (d.responseStatus !== null ? <span data-testid="delivery-code">{d.responseStatus}</span> : (d.error ?? '')) },
        { title: 'Tries', dataIndex: 'attempts' },
        {
          title: '',
          render: (_, d) => (
            <Button size="small" onClick={() => resend(d)} disabled={d.status === 'pending'}>
              Resend
            </Button>
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
          {endpoint.enabled ? <Tag color="success">Enabled</Tag> : <Tag color="error">Disabled</Tag>}
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
              }, 'Test event sent.')
            }
          >
            Send test event
          </Button>
          <Button onClick={() => act(async () => setSecret((await client.webhooks.rotateSecret(endpoint.id)).secret), 'New secret made; the old one keeps signing beside it for a while.')}>Rotate secret</Button>
          <Button onClick={() => act(() => client.webhooks.update(endpoint.id, { enabled: !endpoint.enabled }), endpoint.enabled ? 'Endpoint disabled.' : 'Endpoint enabled.')}>
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Popconfirm title="Delete this endpoint and its deliveries?" okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => act(() => client.webhooks.remove(endpoint.id), 'Endpoint deleted.')}>
            <Button danger>Delete</Button>
          </Popconfirm>
        </Space>
        {secret && <SecretOnce secret={secret} onDone={() => setSecret(null)} />}
        <Typography.Text type="secondary">Recent deliveries</Typography.Text>
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
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Reelbase posts each event you choose to your address, signed with the endpoint's secret (Standard Webhooks). Failed deliveries are tried again for 3 days.
      </Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" name="webhook" requiredMark={false} initialValues={{ events: ['video.ready'] }} onFinish={add}>
        <Form.Item
          label="Endpoint URL"
          name="url"
          rules={[{ validator: async (_, value) => {
            const r = WebhookCreate.shape.url.safeParse(value ?? '');
            if (!r.success) throw new Error(r.error.issues[0]?.message);
          } }]}
        >
          <Input placeholder="https://example.com/webhooks/reelbase" inputMode="url" />
        </Form.Item>
        <Form.Item label="Events" name="events" rules={[{ validator: (_, v?: string[]) => (v?.length ? Promise.resolve() : Promise.reject(new Error('Choose at least one event.'))) }]}>
          <Checkbox.Group options={WEBHOOK_EVENTS.map((e) => ({ value: e, label: EVENT_LABELS[e] }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          Add endpoint
        </Button>
      </Form>
      {created && <SecretOnce secret={created.secret} onDone={() => setCreated(null)} />}
      {endpoints.data && endpoints.data.items.length === 0 ? (
        <Empty description="No webhook endpoints yet." />
      ) : (
        <List<Webhook> loading={endpoints.isPending} dataSource={endpoints.data?.items ?? []} renderItem={(e) => <Endpoint key={e.id} endpoint={e} />} />
      )}
    </Flex>
  );
}
