import { t as tr } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { errorMessage, MESSAGES, type PaymentMethodChoice } from '@reelbase/api-client';
import { Button, Form, Steps, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AccountFields, type AccountValues, accountValid, emailValid, hasAccountFieldErrors, showFieldErrors } from '../../components/account-fields.tsx';
import { PaymentMethodForm } from '../../components/payment-method-form.tsx';
import { findVariant, type PlanVariantRef, planTitle } from '../../lib/billing.ts';
import { serverCardErrors } from '../../lib/card.ts';
import { usePlans } from '../../queries.ts';
import { useAlert, useClient, useSession } from '../../services.tsx';
import { AuthShell } from './auth-shell.tsx';
import { PlanChoice } from './plan-choice.tsx';
import { SocialButtons } from './social-buttons.tsx';
import { priceLabel } from '../billing/texts.ts';

/**
 * Sign-up in the order people expect: the account first (a taken email is told as soon as the field
 * is left, or at Continue), then the plan and the payment method, whose Registration button creates
 * the account and, with a plan chosen, pays its first period by card in the same request (the plan
 * is optional: "Decide later" registers without one, as before).
 * With a query an admin creates the account directly, without the payment step; for anyone else the
 * query changes nothing. A Google or Facebook sign-up takes the account from the provider; the access
 * gate then asks for the payment method.
 */
/** Whether a registration answer names the plan (withdrawn or changed since the page loaded). */
const planFieldError = (err: unknown) => !!(err as { errors?: Record<string, string> } | null)?.errors?.paymentPlanId;

/** What registering with a card charges now: "Registration charges $12 / Month for Gold to this card now; ...". */
function chargeText(plan: PlanVariantRef) {
  const price = priceLabel(plan);
  const name = planTitle(plan.name);
  return tr`Registration charges ${price} for ${name} to this card now; the plan renews automatically.`;
}

export function RegistrationPage() {
  const client = useClient();
  const alert = useAlert();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const direct = location.search.length > 1 && !!session?.isAdmin;
  const [form] = Form.useForm<AccountValues>();
  const values = Form.useWatch([], form);
  const [loading, setLoading] = useState(false);
  const [checking, setChecking] = useState(false);
  const [step, setStep] = useState<0 | 1>(0);
  const [planId, setPlanId] = useState<string | null>(null);
  const [paypal, setPaypal] = useState(false);
  const plans = usePlans();
  const plan = paypal ? null : findVariant(plans.data?.items ?? [], planId);
  // The account as it was when Continue was pressed: registered with the payment method, and typed again on Back.
  const [account, setAccount] = useState<AccountValues | null>(null);
  // A registration answer about the account (an address taken meanwhile), shown once its form is back.
  const [accountErrors, setAccountErrors] = useState<unknown>(null);
  useEffect(() => {
    if (step !== 0 || !accountErrors) return;
    showFieldErrors(form, accountErrors);
    setAccountErrors(null);
  }, [step, accountErrors, form]);
  const valid = accountValid(values);
  // Each address is asked about once: leaving the field again, or Continue, reuses the answer.
  const answers = useRef(new Map<string, Promise<boolean | null>>());

  /** Whether the typed email is free (null when the question could not be answered: said in an alert). */
  function emailFree(email: string): Promise<boolean | null> {
    const key = email.trim().toLowerCase();
    let answer = answers.current.get(key);
    if (!answer) {
      answer = client.users.emailAvailable(key).then(
        (r) => r.available,
        (err) => {
          answers.current.delete(key);
          if (!showFieldErrors(form, err)) alert('error', errorMessage(err));
          return null;
        },
      );
      answers.current.set(key, answer);
    }
    return answer.then((free) => {
      // The field may have changed while the server answered.
      if (free === false && (form.getFieldValue('email') ?? '').trim().toLowerCase() === key) form.setFields([{ name: 'email', errors: [MESSAGES.emailTaken] }]);
      return free;
    });
  }

  function emailLeft() {
    if (direct) return;
    const email = form.getFieldValue('email');
    if (emailValid(email)) void emailFree(email);
  }

  async function toPayment(v: AccountValues) {
    setChecking(true);
    try {
      if ((await emailFree(v.email)) === true) {
        setAccount(v);
        setStep(1);
      }
    } finally {
      setChecking(false);
    }
  }

  async function register(details: AccountValues, paymentMethod?: PaymentMethodChoice) {
    setLoading(true);
    try {
      // A plan is paid by card only (PayPal's is approved at PayPal after signing in).
      const paymentPlanId = paymentMethod?.type === 'card' ? plan?.id : undefined;
      const r = await client.users.register({ ...details, ...(paymentMethod && { paymentMethod }), ...(paymentPlanId && { paymentPlanId }) });
      alert('success', r.message);
      navigate(direct ? '/admin/users' : '/login');
    } catch (err) {
      // Card fields answer beside the card form; account fields (an address taken meanwhile) beside theirs.
      const card = serverCardErrors(err);
      if (card) return card;
      // The plan was withdrawn meanwhile: choose again.
      if (planFieldError(err)) void plans.refetch();
      if (hasAccountFieldErrors(err)) {
        setAccountErrors(err);
        setStep(0);
      }
      alert('error', errorMessage(err));
    } finally {
      setLoading(false);
    }
  }

  return (
    <AuthShell title={tr`Sign up`} width={step === 1 ? 860 : 520}>
      {!direct && <Steps size="small" current={step} style={{ marginBottom: 24 }} items={[{ title: tr`Your account` }, { title: tr`Plan and payment` }]} />}
      {step === 0 && !direct && (
        <>
          <SocialButtons verb="Sign up" divider={{ text: tr`or register with email`, where: 'after' }} />
        </>
      )}
      {step === 0 && (
        <Form<AccountValues>
          form={form}
          layout="vertical"
          name="registration"
          initialValues={account ?? undefined}
          onFinish={direct ? (v) => register(v) : toPayment}
          requiredMark={false}
        >
          <AccountFields onEmailBlur={emailLeft} />
          <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}><Trans>By registering you agree to the <Link to="/terms-of-use">Terms of Use</Link> and the <Link to="/privacy-policy">Privacy Policy</Link>.</Trans>
          </Typography.Paragraph>
          <Button type="primary" htmlType="submit" block loading={loading || checking} disabled={loading || checking || !valid}>
            {direct ? tr`Registration` : tr`Continue`}
          </Button>
        </Form>
      )}
      {step === 1 && account && (
        <>
          <Typography.Paragraph>{tr`Signing up as`}{' '}
            <strong>
              {account.firstName} {account.lastName}
            </strong>{' '}
            (<span style={{ overflowWrap: 'anywhere' }}>{account.email}</span>).{' '}
            <Button type="link" style={{ padding: 0, height: 'auto' }} onClick={() => setStep(0)}>{tr`Change account details`}</Button>
          </Typography.Paragraph>
          <PlanChoice value={paypal ? null : planId} onChange={setPlanId} off={paypal && tr`With PayPal, you choose the plan after signing in and approve its payment at PayPal.`} />
          <div style={{ maxWidth: 520 }}>
            <PaymentMethodForm
              submitText={tr`Registration`}
              busy={loading}
              onTypeChange={(t) => setPaypal(t === 'paypal')}
              onSubmit={(method) => register(account, method)}
              extra={
                plan && (
                  <Typography.Text data-testid="signup-charge" style={{ flex: '1 1 240px', alignSelf: 'center' }}>{chargeText(plan)}</Typography.Text>
                )
              }
            />
          </div>
        </>
      )}
      <p style={{ marginTop: 20, marginBottom: 0, textAlign: 'center' }}>{tr`Already have an account?`}{' '}<Link to="/login">{tr`Sign in`}</Link>
      </p>
    </AuthShell>
  );
}
