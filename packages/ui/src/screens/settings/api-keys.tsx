import { CopyOutlined, KeyOutlined } from '@ant-design/icons';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { API_KEY_NAME_MAX, API_KEY_SCOPES, type ApiKey, ApiKeyCreate, type ApiKeyCreated, type ApiKeyScope, errorMessage } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Flex, Form, Input, Popconfirm, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { i18n } from '../../i18n/index.ts';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { formatDate } from '../../lib/format.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient, useCopyText, usePlatform } from '../../services.tsx';
import { useCurrentTeam } from '../teams/use-team.ts';

/** What each scope allows: the contract's API_KEY_SCOPE_LABELS (English), translated. */
const SCOPE_LABELS: Record<ApiKeyScope, MessageDescriptor> = {
  'videos:read': msg`Read videos, folders, captions and GIFs`,
  'videos:write': msg`Upload, import, edit and delete videos`,
  'analytics:read': msg`Read viewer statistics`,
  'webhooks:manage': msg`Manage webhooks`,
};

type Values = { name: string; scopes: string[] };

const fieldRule = (field: 'name' | 'scopes') => ({
  validator: async (_: unknown, value: unknown) => {
    const r = ApiKeyCreate.shape[field].safeParse(value ?? (field === 'scopes' ? [] : ''));
    if (!r.success) throw new Error(r.error.issues[0]?.message);
  },
});

/** The key made just now: shown this once, with a copy button. */
function NewKey({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const _platform = usePlatform();
  const _alert = useAlert();
  const copyText = useCopyText();
  const copy = () => copyText(created.key);
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="new-api-key"
      message={t`Copy the key “${created.name}” now: it will not be shown again.`}
      description={
        <Flex vertical gap={8}>
          <Flex gap={8}>
            <Input readOnly value={created.key} aria-label={t`New API key`} onFocus={(e) => e.target.select()} style={{ fontFamily: 'monospace' }} />
            <Button type="primary" icon={<CopyOutlined aria-hidden />} onClick={copy}>{t`Copy`}</Button>
          </Flex>
          <Typography.Text type="secondary">{t`Send it as`}{' '}<Typography.Text code>Authorization: Bearer {created.prefix}…</Typography.Text>{t`. Keep it secret, like a password.`}</Typography.Text>
          <div>
            <Button onClick={onDone}>{t`I have copied it`}</Button>
          </div>
        </Flex>
      }
    />
  );
}

/**
 * Settings > API keys (for those who may manage the team): create a key with a name and scopes,
 * see it once, list the team's keys by prefix with their scopes and times, revoke one at once.
 */
/** A key's creation: the date and who made it. */
const createdByText = (date: string, name: string) => t`${date} by ${name}`;

export function ApiKeys() {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const team = useCurrentTeam();
  const teamId = team?.id ?? '';
  const list = useQuery({ queryKey: keys.apiKeys(teamId), queryFn: () => client.apiKeys.list(), enabled: !!team });
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);

  async function create(v: Values) {
    setBusy(true);
    try {
      const made = await client.apiKeys.create({ name: v.name, scopes: v.scopes as ApiKeyCreate['scopes'] });
      setCreated(made);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: keys.apiKeys(teamId) });
    } catch (err) {
      showServerFieldErrors(form, err);
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function revoke(k: ApiKey) {
    try {
      const r = await client.apiKeys.revoke(k.id);
      alert('success', r.message);
      if (created?.id === k.id) setCreated(null);
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      await queryClient.invalidateQueries({ queryKey: keys.apiKeys(teamId) });
    }
  }

  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t`Keys let your scripts and tools call the Reelbase API for this team, with only the scopes you choose. They cannot reach account, password, payment or team settings.`}</Typography.Text>
      {/* Issue 34: the API reference, served by the API itself. */}
      <a href={`${client.baseUrl}/api/docs`} target="_blank" rel="noopener noreferrer" data-testid="api-docs-link">{t`API reference`}</a>
      {created && <NewKey created={created} onDone={() => setCreated(null)} />}
      <Form<Values> form={form} layout="vertical" name="api-key" requiredMark={false} initialValues={{ name: '', scopes: ['videos:read'] }} onFinish={create}>
        <Form.Item label={t`Key name`} name="name" rules={[fieldRule('name')]} extra={t`So you know what uses it, e.g. “Website sync”.`}>
          <Input maxLength={API_KEY_NAME_MAX} />
        </Form.Item>
        <Form.Item label={t`Scopes`} name="scopes" rules={[fieldRule('scopes')]}>
          <Checkbox.Group>
            <Flex vertical gap={4}>
              {API_KEY_SCOPES.map((s) => (
                <Checkbox key={s} value={s}>
                  <Typography.Text code>{s}</Typography.Text> {i18n._(SCOPE_LABELS[s])}
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<KeyOutlined aria-hidden />} loading={busy}>{t`Create key`}</Button>
      </Form>
      <Table<ApiKey>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: <Typography.Text type="secondary">{t`No API keys yet.`}</Typography.Text> }}
        aria-label={t`API keys`}
        columns={[
          { title: t`Name`, dataIndex: 'name' },
          { title: t`Key`, dataIndex: 'prefix', render: (p: string) => <Typography.Text code>{p}…</Typography.Text> },
          { title: t`Scopes`, dataIndex: 'scopes', render: (scopes: string[]) => scopes.map((s) => <Tag key={s}>{s}</Tag>) },
          { title: t`Created`, dataIndex: 'createdAt', render: (d: string, k) => (k.createdBy ? createdByText(formatDate(d), k.createdBy.name) : formatDate(d)) },
          { title: t`Last used`, dataIndex: 'lastUsedAt', render: (d: string | null) => (d ? formatDate(d) : t`Never`) },
          {
            title: <span className="rb-sr-only">{t`Actions`}</span>,
            key: 'actions',
            render: (_, k) => (
              <Popconfirm title={t`Revoke “${k.name}”?`} description={t`Calls using it fail at once.`} okText={t`Revoke`} okButtonProps={{ danger: true }} onConfirm={() => revoke(k)}>
                <Button danger size="small" aria-label={t`Revoke ${k.name}`}>{t`Revoke`}</Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Flex>
  );
}
