import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { errorMessage, type Profile, type Subscription } from '@reelbase/api-client';
import { Button, Descriptions, Flex, Input, Modal, Radio, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { hasLivePlan, type PlanVariantRef, planChangeKind, planTitle } from '../../lib/billing.ts';
import { useSubscription } from '../../queries.ts';
import { useAlert, useClient, usePlatform } from '../../services.tsx';
import { planChangeExplanation, priceLabel } from './texts.ts';
import { useSubscriptionAction, useSubscriptionChanged } from './use-billing.ts';

const paypalBlocked = (plan: string) =>
  t`PayPal needs your approval to charge a higher price and cannot charge the difference for the rest of this period. Cancel your plan and subscribe to ${plan} when it ends, or change your payment method to a card.`;

/** The change-plan modal: what happens (upgrade now, pro-rated; downgrade at the period's end) before the user confirms. */
export function ChangePlanModal({ sub, from, to, onClose }: { sub: Subscription; from: PlanVariantRef; to: PlanVariantRef | null; onClose(): void }) {
  const client = useClient();
  const { busy, run } = useSubscriptionAction();
  const kind = to ? planChangeKind(from, to) : 'same';
  // PayPal cannot charge a pro-rated difference without the payer approving again (the API refuses it).
  const blocked = kind === 'upgrade' && sub.paymentMethod === 'paypal';

  async function confirm() {
    if (to) await run(() => client.payments.changePlan(to.id), onClose);
  }

  return (
    <Modal
      title={kind === 'downgrade' ? t`Change plan at the end of this period` : kind === 'same' ? t`Keep your plan` : t`Upgrade now`}
      open={!!to}
      okText={kind === 'downgrade' ? t`Schedule the change` : kind === 'same' ? t`Keep my plan` : t`Upgrade now`}
      okButtonProps={{ loading: busy, disabled: blocked }}
      onOk={confirm}
      onCancel={onClose}
      destroyOnHidden
    >
      {to && (
        <>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'from', label: t`Current plan`, children: `${planTitle(from.name)} (${priceLabel(from)})` },
              { key: 'to', label: t`New plan`, children: `${planTitle(to.name)} (${priceLabel(to)})` },
            ]}
          />
          <p data-testid="change-explanation" style={{ marginTop: 12 }}>
            {blocked
              ? paypalBlocked(planTitle(to.name))
              : planChangeExplanation(sub, from, to)}
          </p>
        </>
      )}
    </Modal>
  );
}

const PAYPAL_POLL_MS = 2_000;

type PayStep = { kind: 'detail' } | { kind: 'paypal'; orderId: string; approveUrl: string | null };

/**
 * The payment detail modal of a first subscription: plan, price, promo code and how to pay, then
 * the payment. A saved card pays at once (Stripe, or the sandbox); PayPal, open to every account
 * (its first approved payment is what makes PayPal the payment method), opens the order's approval
 * page and the user comes back to complete it (the capture answers 'Transaction completed by {name}').
 */
export function SubscribeModal({ profile, plan, onClose }: { profile: Profile; plan: PlanVariantRef | null; onClose(): void }) {
  const client = useClient();
  const platform = usePlatform();
  const alert = useAlert();
  const action = useSubscriptionAction();
  const promoId = useId();
  const [promo, setPromo] = useState(profile.promoCode ?? '');
  const [step, setStep] = useState<PayStep>({ kind: 'detail' });
  const [opening, setOpening] = useState(false);
  const busy = action.busy || opening;
  const hasCard = profile.paymentMethod === 'card';
  const [payWith, setPayWith] = useState<'card' | 'paypal'>(hasCard ? 'card' : 'paypal');
  const paypal = payWith === 'paypal';
  // While the payer is at PayPal, the PayPal window's return page may complete the checkout: watch for it.
  const sub = useSubscription(step.kind === 'paypal' ? PAYPAL_POLL_MS : undefined).data;
  const livePlan = hasLivePlan(sub);
  const changed = useSubscriptionChanged();

  // Completed in the PayPal window: the modal has nothing left to do.
  useEffect(() => {
    if (step.kind === 'paypal' && livePlan) {
      // The capture also made PayPal the payment method: the profile (and the access gate) reads it again.
      changed(sub);
      setStep({ kind: 'detail' });
      alert('success', t`Your plan is active.`);
      onClose();
    }
  }, [step.kind, livePlan, sub, changed, alert, onClose]);

  async function pay() {
    if (!plan) return;
    const input = { paymentPlanId: plan.id, ...(promo.trim() && { promoCode: promo.trim() }) };
    if (!paypal) return action.run(() => client.payments.subscribe(input), onClose);
    setOpening(true);
    try {
      const order = await client.payments.createOrder(input);
      setStep({ kind: 'paypal', orderId: order.id, approveUrl: order.approveUrl ?? null });
      if (order.approveUrl) platform.openWindow(order.approveUrl);
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setOpening(false);
    }
  }

  async function capture(orderId: string) {
    await action.run(() => client.payments.capture(orderId), onClose);
  }

  return (
    <Modal title={t`Payment detail`} open={!!plan} onCancel={onClose} footer={null} destroyOnHidden afterClose={() => {
        setStep({ kind: 'detail' });
        setPayWith(hasCard ? 'card' : 'paypal');
      }}
    >
      {plan && step.kind === 'detail' && (
        <Flex vertical gap={12}>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'plan', label: t`Plan`, children: planTitle(plan.name) },
              { key: 'price', label: t`Price`, children: <span data-testid="detail-price">{priceLabel(plan)}</span> },
              {
                key: 'method',
                label: t`Paid with`,
                children: hasCard ? (
                  <Radio.Group value={payWith} onChange={(e) => setPayWith(e.target.value)} aria-label={t`Paid with`}>
                    <Radio value="card">{t`Your saved card`}</Radio>
                    <Radio value="paypal">PayPal</Radio>
                  </Radio.Group>
                ) : (
                  'PayPal'
                ),
              },
            ]}
          />
          <div>
            <label htmlFor={promoId}>{t`Promo code (optional)`}</label>
            <Input id={promoId} value={promo} maxLength={64} onChange={(e) => setPromo(e.target.value)} />
          </div>
          <Typography.Text type="secondary">
            {plan.duration === '1y'
              ? t`Renews automatically every year until you cancel. A promo code's discount shows on your payment history.`
              : t`Renews automatically every month until you cancel. A promo code's discount shows on your payment history.`}
          </Typography.Text>
          <Flex gap={8} justify="end">
            <Button onClick={onClose}>{t`Cancel`}</Button>
            <Button type="primary" loading={busy} onClick={pay}>
              {paypal ? t`Pay with PayPal` : t`Pay now`}
            </Button>
          </Flex>
        </Flex>
      )}
      {plan && step.kind === 'paypal' && (
        <Flex vertical gap={12}>
          <p>{t`Approve the payment in the PayPal window. PayPal brings you back to Reelbase, which completes it; or come back here and complete it.`}</p>
          {step.approveUrl && (
            <a href={step.approveUrl} target="_blank" rel="noopener noreferrer">
              <Trans>Open PayPal again</Trans>
            </a>
          )}
          <Flex gap={8} justify="end">
            <Button onClick={onClose}>{t`Cancel`}</Button>
            <Button type="primary" loading={busy} onClick={() => capture(step.orderId)}>
              {t`Complete payment`}
            </Button>
          </Flex>
        </Flex>
      )}
    </Modal>
  );
}
