import { errorMessage, type PaymentMethodChoice } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { PaymentMethodForm } from '../../components/payment-method-form.tsx';
import { serverCardErrors } from '../../lib/card.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { AuthShell } from '../auth/auth-shell.tsx';

/**
 * A signed-in user without a payment method chooses one (card by default) before using the app.
 * The choice goes to PUT /api/profile as `paymentMethod`; once the answer's profile says it is set,
 * the gate opens on the requested route (My videos after sign-in).
 */
export function PaymentGate() {
  const client = useClient();
  const queryClient = useQueryClient();
  const alert = useAlert();
  const [busy, setBusy] = useState(false);

  async function approve(method: PaymentMethodChoice) {
    setBusy(true);
    try {
      const r = await client.profile.update({ paymentMethod: method });
      if (!r.profile.isPaymentMethodSet) throw new Error('The payment method could not be saved. Please try again later.');
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

  return (
    <AuthShell title="Choose a payment method" width={520}>
      <p>Your account needs a payment method before you can upload and share videos.</p>
      <PaymentMethodForm
        submitText="Approve"
        busy={busy}
        onSubmit={approve}
        extra={
          <Button onClick={() => client.auth.logout()} disabled={busy}>
            Cancel and log out
          </Button>
        }
      />
    </AuthShell>
  );
}
