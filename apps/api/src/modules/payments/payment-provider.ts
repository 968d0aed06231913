import type { CardInfo, PaymentMethodType } from '@reelbase/api-client';

/** Where a payment method is kept. The card itself never reaches our database or logs. */
export interface PaymentProvider {
  registerMethod(method: { type: 'card'; cardInfo: CardInfo } | { type: 'paypal' }, customer: { email: string }): Promise<{ type: PaymentMethodType; reference: string }>;
}

/** Offline stand-in until the Stripe and PayPal providers land: returns an opaque reference. */
export function sandboxPaymentProvider(): PaymentProvider {
  return {
    async registerMethod(method) {
      const id = crypto.randomUUID().replaceAll('-', '').slice(0, 20);
      return method.type === 'card'
        ? { type: 'card', reference: `sandbox_pm_${id}_${method.cardInfo.cardNumber.slice(-4)}` }
        : { type: 'paypal', reference: `sandbox_pp_${id}` };
    },
  };
}
