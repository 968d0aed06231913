import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CreditCardOutlined } from '@ant-design/icons';
import { errorMessage, type PaymentMethodChoice, type Profile } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { PaymentMethodForm } from '../../components/payment-method-form.tsx';
import { type CardFieldErrors, serverCardErrors } from '../../lib/card.ts';
import { keys, useSubscription } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { describeMethod } from './texts.ts';
import { useSubscriptionChanged } from './use-billing.ts';

interface Pending {
  method: PaymentMethodChoice;
  /** Hands the card form the server's field errors (or nothing) when the confirm modal closes. */
  done(errors: CardFieldErrors | null): void;
}

/**
 * The payment method on /settings: what is saved, and a change through the enter-card modal (card
 * or PayPal, the registration's form) and then the payment-method-confirm modal. The card form stays
 * open under the confirmation, so a card the server refuses shows its errors at the fields.
 */
export function PaymentMethodCard({ profile }: { profile: Profile }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const changed = useSubscriptionChanged();
  const label = useSubscription().data?.paymentMethodLabel;
  const [entering, setEntering] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  // The server's labels start with the English "Card" when no brand is known ("Card •••• 4242", "Card"): that word is shown in the app's language.
  const current = label ? label.replace(/^Card(?= |$)/, t`Card`) : (profile.paymentMethod === 'paypal' ? 'PayPal' : profile.paymentMethod === 'card' ? t`Card` : t({ message: 'None', context: 'payment method' }));

  const ask = (method: PaymentMethodChoice) => new Promise<CardFieldErrors | null>((done) => setPending({ method, done }));

  function close(errors: CardFieldErrors | null) {
    pending?.done(errors);
    setPending(null);
  }

  async function confirm() {
    if (!pending) return;
    if (pending.method.type === 'paypal') {
      // Nothing to save: PayPal becomes the method with its first approved payment (a plan paid with PayPal).
      alert('info', t`Choose a plan and pay it with PayPal: once PayPal approves the payment, PayPal is your payment method.`);
      close(null);
      setEntering(false);
      return;
    }
    setBusy(true);
    try {
      const r = await client.profile.update({ paymentMethod: pending.method });
      queryClient.setQueryData(keys.profile, r.profile);
      changed();
      alert('success', r.message);
      close(null);
      setEntering(false);
    } catch (err) {
      const card = serverCardErrors(err);
      if (!card) alert('error', errorMessage(err));
      close(card);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Flex align="center" justify="space-between" gap={12} wrap>
        <Typography.Text data-testid="payment-method">{current}</Typography.Text>
        <Button icon={<CreditCardOutlined aria-hidden />} onClick={() => setEntering(true)}>
          <Trans>Change payment method</Trans>
        </Button>
      </Flex>
      <Modal title={t`Enter a payment method`} open={entering} onCancel={() => setEntering(false)} footer={null} destroyOnHidden>
        <PaymentMethodForm submitText={t`Continue`} onSubmit={ask} />
      </Modal>
      <Modal
        title={t`Confirm the payment method`}
        open={!!pending}
        // Above the card form even when that one was mounted again later (antd stacks equal z-indexes by DOM order).
        zIndex={1100}
        okText={t`Use this method`}
        okButtonProps={{ loading: busy }}
        onOk={confirm}
        onCancel={() => close(null)}
      >
        {pending && (
          <>
            <p>{t`Future payments of your plan will use:`}</p>
            <p style={{ fontWeight: 600 }} data-testid="confirm-method">
              {describeMethod(pending.method)}
            </p>
            <Typography.Text type="secondary">{t`Your current method (${current}) is replaced.`}</Typography.Text>
          </>
        )}
      </Modal>
    </>
  );
}
