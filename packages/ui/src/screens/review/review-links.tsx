import { t as tr } from '@lingui/core/macro';
import { errorMessage, type ReviewLink, type ReviewLinkCreated } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Flex, Form, Input, List, Popconfirm, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatDate } from '../../lib/format.ts';
import { useAlert, useClient } from '../../services.tsx';
import { reviewKeys } from './review-keys.ts';

const stateTag = (l: ReviewLink) =>
  l.state === 'active' ? <Tag color="green">{tr`Active`}</Tag> : l.state === 'expired' ? <Tag>{tr`Expired`}</Tag> : <Tag color="red">{tr`Revoked`}</Tag>;

/** The video's review links: make one (optional password and expiry; its URL is shown this once), copy it, revoke. */
export function ReviewLinks({ videoId, canEdit }: { videoId: string; canEdit: boolean }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const links = useQuery({ queryKey: reviewKeys.links(videoId), queryFn: () => client.review.links(videoId) });
  const [made, setMade] = useState<ReviewLinkCreated | null>(null);
  const [busy, setBusy] = useState(false);
  const [withPassword, setWithPassword] = useState(false);
  const [form] = Form.useForm();

  async function create(v: { password?: string; expiresAt?: string }) {
    setBusy(true);
    try {
      const link = await client.review.createLink(videoId, {
        password: withPassword ? v.password : null,
        // The browser's local date and time, sent as an instant.
        expiresAt: v.expiresAt ? new Date(v.expiresAt).toISOString() : null,
      });
      setMade(link);
      form.resetFields();
      setWithPassword(false);
      await queryClient.invalidateQueries({ queryKey: reviewKeys.links(videoId) });
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function revoke(id: string) {
    try {
      await client.review.revokeLink(videoId, id);
      if (made?.id === id) setMade(null);
      await queryClient.invalidateQueries({ queryKey: reviewKeys.links(videoId) });
      alert('success', tr`Review link revoked.`);
    } catch (err) {
      alert('error', errorMessage(err));
    }
  }

  return (
    <Flex vertical gap={12}>
      {canEdit && (
        <Form form={form} layout="vertical" name="review-link" onFinish={create} requiredMark={false} size="small">
          <Checkbox checked={withPassword} onChange={(e) => setWithPassword(e.target.checked)} style={{ marginBottom: 8 }}>{tr`Protect with a password`}</Checkbox>
          {withPassword && (
            <Form.Item name="password" label={tr`Password`} rules={[{ required: true, min: 4, max: 128, message: tr`Must be 4 to 128 characters.` }]}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          )}
          <Form.Item name="expiresAt" label={tr`Expires (optional)`}>
            <Input type="datetime-local" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>{tr`Create review link`}</Button>
        </Form>
      )}
      {made && (
        <Alert
          type="success"
          showIcon
          closable
          onClose={() => setMade(null)}
          title={tr`Send this link to your client. It is shown only now: copy it.`}
          description={
            <Typography.Paragraph copyable={{ text: made.url }} style={{ margin: 0, overflowWrap: 'anywhere' }} data-testid="review-link-url">
              {made.url}
            </Typography.Paragraph>
          }
        />
      )}
      <List
        size="small"
        loading={links.isPending}
        dataSource={links.data?.items ?? []}
        locale={{ emptyText: tr`No review links yet.` }}
        renderItem={(l) => (
          <List.Item
            data-testid="review-link"
            actions={
              canEdit && l.state !== 'revoked'
                ? [
                    <Popconfirm key="revoke" title={tr`Revoke this link? Reviewers can no longer open it.`} okText={tr`Revoke`} okButtonProps={{ danger: true }} onConfirm={() => revoke(l.id)}>
                      <Button size="small" danger>{tr`Revoke`}</Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <Flex vertical gap={2}>
              <span>
                <Typography.Text code>/review/{l.tokenPrefix}…</Typography.Text> {stateTag(l)} {l.hasPassword && <Tag>{tr`Password`}</Tag>}
              </span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {tr`Created ${formatDate(l.createdAt)}`}
                {l.expiresAt && ` · ${tr`expires ${formatDate(l.expiresAt)}`}`}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </Flex>
  );
}
