import type { CardInfo, PaymentMethodType } from '@reelbase/api-client';
import { PAYMENT_METHOD_LABEL } from '@reelbase/api-client';

export interface RegisteredMethod {
  type: PaymentMethodType;
  /** The provider's id of the method (a Stripe PaymentMethod); null for PayPal until the payer approves a first checkout. */
  reference: string | null;
  /** What the user recognises it by ('Visa •••• 4242'). */
  label: string | null;
  /** The Stripe customer the card is attached to (set for cards through Stripe). */
  stripeCustomerId?: string | null;
}

/** Where a payment method is kept. The card itself never reaches our database or logs. */
export interface PaymentProvider {
  registerMethod(
    method: { type: 'card'; cardInfo: CardInfo } | { type: 'paypal' },
    customer: { email: string; stripeCustomerId?: string | null },
  ): Promise<RegisteredMethod>;
}

const randomId = () => crypto.randomUUID().replaceAll('-', '').slice(0, 20);

/** Cards without STRIPE_SECRET_KEY: an opaque `sandbox_pm_...` reference, nothing charged (local development). */
export const sandboxCards = {
  async registerCard(card: CardInfo): Promise<{ reference: string; label: string; stripeCustomerId: null }> {
    return { reference: `sandbox_pm_${randomId()}`, label: PAYMENT_METHOD_LABEL('card', card.cardNumber.slice(-4)), stripeCustomerId: null };
  },
};

/**
 * Cards go to `cards` (Stripe when STRIPE_SECRET_KEY is set, the sandbox otherwise). Choosing
 * PayPal records the method alone: PayPal has nothing to store before the payer approves a
 * checkout (POST /api/payment), whose capture records the PayPal subscription as the reference.
 */
export function paymentProvider(cards: {
  registerCard(card: CardInfo, customer: { email: string; stripeCustomerId: string | null }): Promise<{ reference: string; label: string; stripeCustomerId: string | null }>;
} = sandboxCards): PaymentProvider {
  return {
    async registerMethod(method, customer) {
      if (method.type === 'card') return { type: 'card', ...(await cards.registerCard(method.cardInfo, { email: customer.email, stripeCustomerId: customer.stripeCustomerId ?? null })) };
      return { type: 'paypal', reference: null, label: 'PayPal' };
    },
  };
}

/** The provider of before the billing work, kept for callers that start without settings. */
export const sandboxPaymentProvider = () => paymentProvider();
