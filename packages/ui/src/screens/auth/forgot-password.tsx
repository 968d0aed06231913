import { t } from '@lingui/core/macro';
import { errorMessage } from '@reelbase/api-client';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { useAlert, useClient } from '../../services.tsx';
import { AuthShell } from './auth-shell.tsx';

export function ForgotPasswordPage() {
  const client = useClient();
  const alert = useAlert();
  const [loading, setLoading] = useState(false);
  const [sent, setSent] = useState(false);
  const [form] = Form.useForm<{ email: string }>();

  async function submit(v: { email: string }) {
    setLoading(true);
    try {
      const r = await client.auth.forgotPassword(v.email);
      alert('success', r.message);
      setSent(true);
    } catch (err) {
      showServerFieldErrors(form, err);
      alert('error', errorMessage(err));
    } finally {
      setLoading(false);
    }
  }

  return (
    <AuthShell title={t`Forgot password`}>
      <Typography.Paragraph type="secondary">{t`Enter the email of your account and we will send you a link to choose a new password.`}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="forgot" onFinish={submit} requiredMark={false}>
        <Form.Item label={t`Email`} name="email" rules={[{ required: true, message: t`Email is required.` }]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading}>{t`Send`}</Button>
      </Form>
      {sent && (
        <Typography.Paragraph role="status" style={{ marginTop: 16 }}>{t`If an account exists for that address, the link is on its way.`}</Typography.Paragraph>
      )}
      <p style={{ marginTop: 20, marginBottom: 0, textAlign: 'center' }}>
        <Link to="/login">{t`Back to sign in`}</Link>
      </p>
    </AuthShell>
  );
}
