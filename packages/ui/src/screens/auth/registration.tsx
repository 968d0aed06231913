import { errorMessage, type PaymentMethodChoice } from '@reelbase/api-client';
import { Button, Form, Steps, Typography } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AccountFields, type AccountValues, accountValid, showFieldErrors } from '../../components/account-fields.tsx';
import { PaymentMethodForm } from '../../components/payment-method-form.tsx';
import { useAlert, useClient, useSession } from '../../services.tsx';
import { AuthShell } from './auth-shell.tsx';
import { SocialButtons } from './social-buttons.tsx';

export function RegistrationPage() {
  const client = useClient();
  const alert = useAlert();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  // With a query an admin creates the account directly, without the payment step; for anyone else the query changes nothing.
  const direct = location.search.length > 1 && !!session?.isAdmin;
  const [payment, setPayment] = useState<PaymentMethodChoice | null>(null);
  const [form] = Form.useForm<AccountValues>();
  const values = Form.useWatch([], form);
  const [loading, setLoading] = useState(false);
  const valid = accountValid(values);
  const step = direct || payment ? 1 : 0;

  async function submit(v: AccountValues) {
    setLoading(true);
    try {
      const r = await client.users.register({ ...v, ...(payment && { paymentMethod: payment }) });
      alert('success', r.message);
      navigate(direct ? '/admin/users' : '/login');
    } catch (err) {
      showFieldErrors(form, err);
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
          {!direct && <SocialButtons verb="Sign up" paymentMethod={payment} divider={{ text: 'or register with email', where: 'after' }} />}
          <Form<AccountValues> form={form} layout="vertical" name="registration" onFinish={submit} requiredMark={false}>
            <AccountFields />
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
