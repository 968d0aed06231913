import { t } from '@lingui/core/macro';
import { errorMessage, PASSWORD_MIN_LENGTH } from '@reelbase/api-client';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { useAlert, useClient } from '../../services.tsx';
import { AuthShell } from './auth-shell.tsx';

/** The spec's text for a new password below the minimum length, in the active language. */
function tooShort() {
  const min = PASSWORD_MIN_LENGTH;
  return t`Must NOT have fewer than ${min} characters.`;
}

export function ResetPasswordPage() {
  const client = useClient();
  const alert = useAlert();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [loading, setLoading] = useState(false);
  const [form] = Form.useForm<{ password: string }>();

  async function submit(v: { password: string }) {
    setLoading(true);
    try {
      const r = await client.auth.resetPassword(token, v.password);
      alert('success', r.message);
      navigate('/login', { replace: true, state: { resetDone: true } });
    } catch (err) {
      // A password rule beside the field; a used or expired link (no field of its own) in words.
      showServerFieldErrors(form, err);
      alert('error', errorMessage(err));
      setLoading(false);
    }
  }

  return (
    <AuthShell title={t`Choose a new password`}>
      {!token ? (
        <Alert type="error" showIcon title={t`This link has no reset token.`} description={<Link to="/forgot-password">{t`Ask for a new link`}</Link>} />
      ) : (
        <Form form={form} layout="vertical" name="reset" onFinish={submit} requiredMark={false}>
          <Form.Item
            label={t`New password`}
            name="password"
            rules={[{ min: PASSWORD_MIN_LENGTH, required: true, message: tooShort() }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading}>{t`Save`}</Button>
        </Form>
      )}
      <p style={{ marginTop: 20, marginBottom: 0, textAlign: 'center' }}>
        <Link to="/login">{t`Back to sign in`}</Link>
      </p>
    </AuthShell>
  );
}
