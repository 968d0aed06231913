import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { errorMessage, type PaymentMethodChoice, type Profile } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Select, Spin } from 'antd';
import { useId, useState } from 'react';
import { PaymentMethodForm } from '../../components/payment-method-form.tsx';
import { type PlanVariantRef, findVariant, planTitle } from '../../lib/billing.ts';
import { priceLabel } from '../billing/texts.ts';
import { serverCardErrors } from '../../lib/card.ts';
import { keys, usePlans, useProfile } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { SubscribeModal } from '../billing/plan-modals.tsx';
import { AuthShell } from '../auth/auth-shell.tsx';

/**
 * A signed-in user without a payment method chooses one (card by default) before using the app.
 * A card goes to PUT /api/profile as `paymentMethod`; once the answer's profile says it is set, the
 * gate opens on the requested route (My videos after sign-in). PayPal is a method only once PayPal
 * approved a first payment: the user picks a plan and pays it with PayPal here, and the capture
 * (in the PayPal window's return page or the modal's Complete payment) opens the gate.
 */
export function PaymentGate() {
  const client = useClient();
  const queryClient = useQueryClient();
  const alert = useAlert();
  const [busy, setBusy] = useState(false);
  const [paypal, setPaypal] = useState(false);

  async function approve(method: PaymentMethodChoice) {
    if (method.type === 'paypal') {
      setPaypal(true);
      return;
    }
    setBusy(true);
    try {
      const r = await client.profile.update({ paymentMethod: method });
      if (!r.profile.isPaymentMethodSet) throw new Error(t`The payment method could not be saved. Please try again later.`);
      queryClient.setQueryData(keys.profile, r.profile);
      alert('success', r.message);
    } catch (err) {
      // A 422 on the card's fields shows at those fields, as the form's own checks do.
      const card = serverCardErrors(err);
      if (card) return card;
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  if (paypal) return <PayPalFirstPayment onBack={() => setPaypal(false)} />;

  return (
    <AuthShell title={t`Choose a payment method`} width={520}>
      <p>{t`Your account needs a payment method before you can upload and share videos.`}</p>
      <PaymentMethodForm
        submitText={t`Approve`}
        busy={busy}
        onSubmit={approve}
        extra={
          <Button onClick={() => client.auth.logout()} disabled={busy}>
            <Trans>Cancel and log out</Trans>
          </Button>
        }
      />
    </AuthShell>
  );
}

/** PayPal at the gate: a plan paid through PayPal's approval, whose capture makes PayPal the method. */
function PayPalFirstPayment({ onBack }: { onBack(): void }) {
  const plans = usePlans();
  const profile = useProfile().data as Profile | undefined;
  const [planId, setPlanId] = useState<string | null>(null);
  const [paying, setPaying] = useState<PlanVariantRef | null>(null);
  const selectId = useId();
  const items = plans.data?.items ?? [];
  const options = items.flatMap((p) => p.variants.map((v) => ({ value: v.id, label: `${planTitle(p.name)}: ${priceLabel(v)}` })));
  return (
    <AuthShell title={t`Pay with PayPal`} width={520}>
      <p>{t`PayPal becomes your payment method once you approve your first payment at PayPal. Choose a plan to pay with PayPal.`}</p>
      {plans.isPending || !profile ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <label htmlFor={selectId}>{t`Plan`}</label>
          <Select id={selectId} value={planId} onChange={setPlanId} options={options} placeholder={t`Choose a plan`} />
          <Flex gap={8} justify="end" wrap>
            <Button onClick={onBack}>{t`Back`}</Button>
            <Button type="primary" disabled={!planId} onClick={() => setPaying(findVariant(items, planId))}>
              <Trans>Continue to PayPal</Trans>
            </Button>
          </Flex>
          <SubscribeModal profile={profile} plan={paying} onClose={() => setPaying(null)} />
        </Flex>
      )}
    </AuthShell>
  );
}
