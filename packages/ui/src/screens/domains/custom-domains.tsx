import { CheckCircleOutlined, CopyOutlined, GlobalOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { type CustomDomain, DomainCreate, errorMessage } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Form, Input, List, Popconfirm, Tag, Typography } from 'antd';
import { useState } from 'react';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { useAlert, useClient, useCopyText, usePlatform } from '../../services.tsx';
import { useCurrentTeam } from '../teams/use-team.ts';

/** The acting team's custom domains (the share dialog reads them too). */
export const domainsKey = (teamId: string) => ['domains', teamId] as const;

/** The team's domains, for anyone who may view the team. */
export function useDomains() {
  const client = useClient();
  const team = useCurrentTeam();
  return useQuery({ queryKey: domainsKey(team?.id ?? ''), queryFn: () => client.domains.list(), enabled: !!team });
}

/** Where the team's share links point: its first verified domain, else null (the API's own address). */
export function useShareOrigin(): string | null {
  const verified = useDomains().data?.items.find((d) => d.status === 'verified');
  return verified ? `https://${verified.domain}` : null;
}

const domainRule = {
  validator: async (_: unknown, value: unknown) => {
    const r = DomainCreate.shape.domain.safeParse(value ?? '');
    if (!r.success) throw new Error(r.error.issues[0]?.message);
  },
};

/** One domain: its status, the TXT record to create (each part with Copy), Verify with its result, Remove. */
function DomainItem({ domain, onChanged }: { domain: CustomDomain; onChanged: () => Promise<void> }) {
  const client = useClient();
  const alert = useAlert();
  const _platform = usePlatform();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const copy = useCopyText();
  async function verify() {
    setBusy(true);
    try {
      await client.domains.verify(domain.id);
      setResult({ ok: true, text: t`Verified: this team's pages are served on ${domain.domain}.` });
    } catch (err) {
      setResult({ ok: false, text: errorMessage(err) });
    } finally {
      setBusy(false);
      await onChanged();
    }
  }
  async function remove() {
    try {
      alert('success', (await client.domains.remove(domain.id)).message);
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      await onChanged();
    }
  }
  const verified = domain.status === 'verified';
  const copyable = (label: string, text: string) => (
    <Flex gap={8} align="center" wrap>
      <Typography.Text code style={{ wordBreak: 'break-all' }}>{text}</Typography.Text>
      <Button size="small" icon={<CopyOutlined aria-hidden />} aria-label={t`Copy ${label}`} onClick={() => copy(text)}>{t`Copy`}</Button>
    </Flex>
  );
  return (
    <List.Item data-testid="custom-domain">
      <Flex vertical gap={8} style={{ width: '100%' }}>
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong>{domain.domain}</Typography.Text>
          {verified ? <Tag color="green" icon={<CheckCircleOutlined aria-hidden />}>{t`Verified`}</Tag> : <Tag color="gold">{t`Waiting for DNS`}</Tag>}
        </Flex>
        {!verified && (
          <>
            <Typography.Text type="secondary">{t`At your DNS host, create this TXT record, then verify:`}</Typography.Text>
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t`Type`}>TXT</Descriptions.Item>
              <Descriptions.Item label={t`Name`}>{copyable(t`record name`, domain.record.name)}</Descriptions.Item>
              <Descriptions.Item label={t`Value`}>{copyable(t`record value`, domain.record.value)}</Descriptions.Item>
            </Descriptions>
          </>
        )}
        {verified && <Typography.Text type="secondary">{t`Point ${domain.domain} (CNAME or A record) at this service; share links and embed codes use it.`}</Typography.Text>}
        {result && <Alert type={result.ok ? 'success' : 'error'} showIcon message={result.text} data-testid="domain-verify-result" />}
        <Flex gap={8}>
          {!verified && (
            <Button type="primary" loading={busy} onClick={verify}>{t`Verify`}</Button>
          )}
          <Popconfirm title={t`Remove ${domain.domain}?`} description={t`Its pages stop being served on it.`} okText={t`Remove`} okButtonProps={{ danger: true }} onConfirm={remove}>
            <Button danger aria-label={t`Remove ${domain.domain}`}>{t`Remove`}</Button>
          </Popconfirm>
        </Flex>
      </Flex>
    </List.Item>
  );
}

/**
 * Settings > Custom domains (for those who may manage the team): add a host name, see the TXT
 * record that proves it with Copy buttons, verify it, remove it.
 */
export function CustomDomains() {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const team = useCurrentTeam();
  const list = useDomains();
  const [form] = Form.useForm<{ domain: string }>();
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: domainsKey(team?.id ?? '') });

  async function add(v: { domain: string }) {
    setBusy(true);
    try {
      await client.domains.add({ domain: v.domain });
      form.resetFields();
    } catch (err) {
      showServerFieldErrors(form, err);
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
      await refresh();
    }
  }

  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t`Serve this team's share pages, showcases, embeds and review pages on your own address, such as videos.yourshop.com. Only this team's videos are shown there.`}</Typography.Text>
      <Form form={form} layout="inline" name="custom-domain" requiredMark={false} onFinish={add}>
        <Form.Item name="domain" label={t`Domain`} rules={[domainRule]} style={{ flex: 1, minWidth: 240 }}>
          <Input placeholder="videos.example.com" autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<GlobalOutlined aria-hidden />} loading={busy}>{t`Add domain`}</Button>
      </Form>
      <List<CustomDomain>
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">{t`No custom domains yet.`}</Typography.Text> }}
        aria-label={t`Custom domains`}
        renderItem={(d) => <DomainItem key={d.id} domain={d} onChanged={refresh} />}
      />
    </Flex>
  );
}
