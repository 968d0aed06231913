import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { errorMessage } from '@reelbase/api-client';
import { Button, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { useClient } from '../../services.tsx';
import { useSubscriptionChanged } from './use-billing.ts';

type Outcome = { kind: 'working' } | { kind: 'done'; text: string } | { kind: 'failed'; text: string } | { kind: 'canceled' };

/**
 * /payment/paypal: where PayPal sends the payer back after the approval page (its return and
 * cancel URLs). The approved checkout (`subscription_id`, or an order's `token`) is captured once,
 * which starts the plan; the answer's 'Transaction completed by {name}' is shown here.
 */
export function PayPalReturnPage() {
  const [params] = useSearchParams();
  const client = useClient();
  const changed = useSubscriptionChanged();
  const navigate = useNavigate();
  const id = params.get('subscription_id') ?? params.get('token');
  const canceled = params.has('canceled') || !id;
  const [outcome, setOutcome] = useState<Outcome>(canceled ? { kind: 'canceled' } : { kind: 'working' });
  // One capture per checkout, also under StrictMode's double effects.
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (canceled || !id || started.current === id) return;
    started.current = id;
    client.payments.capture(id).then(
      (r) => {
        changed(r.subscription);
        setOutcome({ kind: 'done', text: r.message });
      },
      (err) => setOutcome({ kind: 'failed', text: errorMessage(err) }),
    );
  }, [id, canceled, client, changed]);

  const toPlans = (
    <Button type="primary" key="plans" onClick={() => navigate('/change-tariff')}>
      <Trans>Back to the plans</Trans>
    </Button>
  );
  if (outcome.kind === 'working') return <PageSpinner label={t`Completing your PayPal payment`} />;
  if (outcome.kind === 'canceled') return <Result status="warning" title={t`The PayPal payment was canceled`} subTitle={t`Nothing was charged.`} extra={toPlans} />;
  if (outcome.kind === 'failed') return <Result status="error" title={t`The PayPal payment could not be completed`} subTitle={outcome.text} extra={toPlans} />;
  return (
    <Result
      status="success"
      title={<span role="status">{outcome.text}</span>}
      subTitle={t`Your plan is active.`}
      extra={[
        <Button type="primary" key="settings" onClick={() => navigate('/settings')}>
          <Trans>Go to settings</Trans>
        </Button>,
        <Button key="videos" onClick={() => navigate('/')}>
          <Trans>My videos</Trans>
        </Button>,
      ]}
    />
  );
}
