import { errorMessage, type PaymentMethodChoice, RegisterRequest } from '@reelbase/api-client';
import { Button, Divider, Form, Input, Steps, Typography } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PaymentMethodForm } from '../../components/payment-method-form.tsx';
import { useAlert, useClient } from '../../services.tsx';
import { AuthShell } from './auth-shell.tsx';
import { SocialButtons } from './social-buttons.tsx';

interface RegistrationValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

const Fields = RegisterRequest.pick({ firstName: true, lastName: true, email: true, password: true });

/** antd rule from the contract's zod schema, so the texts are the spec's. */
const zodRule = (field: keyof RegistrationValues) => ({
  validator: async (_: unknown, value: unknown) => {
    const r = Fields.shape[field].safeParse(value ?? '');
    if (!r.success) throw new Error(r.error.issues[0]?.message);
  },
});

export function RegistrationPage() {
  const client = useClient();
  const alert = useAlert();
  const navigate = useNavigate();
  const location = useLocation();
  // With a query (an admin creating a user) the account is created directly, without the payment step.
  const direct = location.search.length > 1;
  const [payment, setPayment] = useState<PaymentMethodChoice | null>(null);
  const [form] = Form.useForm<RegistrationValues>();
  const values = Form.useWatch([], form);
  const [loading, setLoading] = useState(false);
  const valid = Fields.safeParse(values ?? {}).success;
  const step = direct || payment ? 1 : 0;

  async function submit(v: RegistrationValues) {
    setLoading(true);
    try {
      const r = await client.users.register({ ...v, ...(payment && { paymentMethod: payment }) });
      alert('success', r.message);
      navigate('/login');
    } catch (err) {
      const fields = (err as { errors?: Record<string, string> }).errors;
      if (fields) form.setFields(Object.entries(fields).filter(([k]) => k in Fields.shape).map(([name, m]) => ({ name: name as keyof RegistrationValues, errors: [m] })));
      alert('error', errorMessage(err));
    } finally {
      setLoading(false);
    }
  }

  return (
    <AuthShell title="Sign up" width={520}>
      {!direct && (
        <Steps
          size="small"
          current={step}
          style={{ marginBottom: 24 }}
          items={[{ title: 'Payment method' }, { title: 'Your account' }]}
        />
      )}
      {step === 0 ? (
        <PaymentMethodForm submitText="Continue" onSubmit={setPayment} />
      ) : (
        <>
          {!direct && (
            <>
              <SocialButtons verb="Sign up" />
              <Divider plain>or register with email</Divider>
            </>
          )}
          <Form<RegistrationValues> form={form} layout="vertical" name="registration" onFinish={submit} requiredMark={false}>
            <Form.Item label="First name" name="firstName" rules={[zodRule('firstName')]}>
              <Input autoComplete="given-name" />
            </Form.Item>
            <Form.Item label="Last name" name="lastName" rules={[zodRule('lastName')]}>
              <Input autoComplete="family-name" />
            </Form.Item>
            <Form.Item label="Email" name="email" rules={[zodRule('email')]}>
              <Input type="email" autoComplete="email" />
            </Form.Item>
            <Form.Item label="Password" name="password" rules={[zodRule('password')]}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
              By registering you agree to the <Link to="/terms-of-use">Terms of Use</Link> and the <Link to="/privacy-policy">Privacy Policy</Link>.
            </Typography.Paragraph>
            <Button type="primary" htmlType="submit" block loading={loading} disabled={loading || !valid}>
              Registration
            </Button>
            {!direct && (
              <Button type="link" block style={{ marginTop: 8 }} onClick={() => setPayment(null)}>
                Change payment method
              </Button>
            )}
          </Form>
        </>
      )}
      <p style={{ marginTop: 20, marginBottom: 0, textAlign: 'center' }}>
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </AuthShell>
  );
}
