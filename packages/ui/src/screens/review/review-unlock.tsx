import { t as tr } from '@lingui/core/macro';
import { errorMessage } from '@reelbase/api-client';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useClient } from '../../services.tsx';

/** A password review link's first step: the password, checked by the API (tries limited per address). */
export function ReviewUnlock({ token, onUnlocked }: { token: string; onUnlocked: (access: string) => void }) {
  const client = useClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function unlock(v: { password: string }) {
    setBusy(true);
    setError(null);
    try {
      onUnlocked((await client.review.unlock(token, v.password)).access);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card title={tr`This review needs a password`} style={{ maxWidth: 420, margin: '48px auto' }}>
      <Form layout="vertical" name="review-unlock" onFinish={unlock} requiredMark={false}>
        <Form.Item label={tr`Password`} name="password" rules={[{ required: true, message: tr`Enter the password.` }]}>
          <Input.Password autoFocus />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        <Button type="primary" htmlType="submit" loading={busy} block>{tr`Open the review`}</Button>
      </Form>
    </Card>
  );
}
