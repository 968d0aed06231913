import { errorMessage } from '@reelbase/api-client';
import { Button, Checkbox, Divider, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { homeFor } from '../../lib/access-gate.ts';
import { useAlert, useClient } from '../../services.tsx';
import { AuthShell } from './auth-shell.tsx';
import { SocialButtons } from './social-buttons.tsx';

interface LoginValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

export function LoginPage() {
  const client = useClient();
  const alert = useAlert();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);

  async function submit(v: LoginValues) {
    setLoading(true);
    try {
      const r = await client.auth.login({ email: v.email, password: v.password, rememberMe: v.rememberMe });
      navigate(homeFor(r.isAdmin), { replace: true });
    } catch (err) {
      alert('error', errorMessage(err));
      setLoading(false);
    }
  }

  return (
    <AuthShell title="Sign in">
      <Form<LoginValues> layout="vertical" name="login" initialValues={{ rememberMe: false }} onFinish={submit} requiredMark={false}>
        <Form.Item label="Email" name="email" rules={[{ required: true, message: 'Email is required.' }]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Password is required.' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
          <Form.Item name="rememberMe" valuePropName="checked" noStyle>
            <Checkbox>Remember Me</Checkbox>
          </Form.Item>
          <Link to="/forgot-password">Forgot Password</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={loading}>
          Sign in
        </Button>
      </Form>
      <Divider plain>or</Divider>
      <SocialButtons verb="Sign in" />
      <p style={{ marginTop: 20, marginBottom: 0, textAlign: 'center' }}>
        New to Reelbase? <Link to="/registration">Sign up</Link>
      </p>
    </AuthShell>
  );
}
