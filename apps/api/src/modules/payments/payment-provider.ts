import type { CardInfo, PaymentMethodType } from '@reelbase/api-client';
import { MESSAGES, PAYMENT_METHOD_LABEL, type PaymentMethodInput as PaymentMethodSchema } from '@reelbase/api-client';
import type { z } from 'zod';
import { unprocessable } from '../../http/errors.ts';

type PaymentMethodInput = z.infer<typeof PaymentMethodSchema>;

export interface RegisteredMethod {
  type: PaymentMethodType;
  /** The provider's id of the method (a Stripe PaymentMethod, a PayPal subscription the payer approved and paid). */
  reference: string | null;
  /** What the user recognises it by ('Visa •••• 4242'). */
  label: string | null;
  /** The Stripe customer the card is attached to (set for cards through Stripe). */
  stripeCustomerId?: string | null;
}

/**
 * Where a payment method is kept. The card itself never reaches our database or logs. Null: nothing
 * to record yet (PayPal, which becomes the method only once the payer approves and pays a checkout).
 */
export interface PaymentProvider {
  registerMethod(method: PaymentMethodInput, customer: { email: string; stripeCustomerId?: string | null }): Promise<RegisteredMethod | null>;
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
 * PayPal records nothing: a bare `{ type: 'paypal' }` proves no payer, so it must not open the
 * spending gate. PayPal becomes the method when the payer approves a checkout (POST /api/payment)
 * and its capture takes the first payment (paypal.service.ts records it there).
 */
export function paymentProvider(cards: {
  registerCard(card: CardInfo, customer: { email: string; stripeCustomerId: string | null }): Promise<{ reference: string; label: string; stripeCustomerId: string | null }>;
} = sandboxCards): CardFormProvider {
  return {
    async registerMethod(method, customer) {
      if (method.type === 'card') return { type: 'card', ...(await cards.registerCard(method.cardInfo, { email: customer.email, stripeCustomerId: customer.stripeCustomerId ?? null })) };
      return null;
    },
  };
}

/** The provider of before the billing work, kept for callers that start without settings. */
export const sandboxPaymentProvider = () => paymentProvider();

/** The methods of the spec's card form (and PayPal): what `paymentProvider` takes. */
export interface CardFormProvider {
  registerMethod(method: { type: 'card'; cardInfo: CardInfo } | { type: 'paypal' }, customer: { email: string; stripeCustomerId?: string | null }): Promise<RegisteredMethod | null>;
}

/** Cards Stripe.js made in the browser (Stripe Elements): Stripe keeps the card, we get its PaymentMethod id. */
export interface ElementsCards {
  attachCard(paymentMethodId: string, customer: { email: string; stripeCustomerId: string | null }): Promise<{ reference: string; label: string; stripeCustomerId: string }>;
}

/**
 * Every payment method input: a card as a PaymentMethod id goes to `elements` (Stripe; without
 * STRIPE_SECRET_KEY there is nothing to attach it to: 422), the card form and PayPal to `form`.
 */
export function paymentMethods(form: CardFormProvider, elements: ElementsCards | null): PaymentProvider {
  return {
    async registerMethod(method, customer) {
      if (method.type === 'paypal') return form.registerMethod(method, customer);
      if (method.paymentMethodId !== undefined) {
        if (!elements) throw unprocessable({ 'paymentMethod.paymentMethodId': 'Card payments through Stripe are not configured' }, MESSAGES.checkCard);
        return { type: 'card', ...(await elements.attachCard(method.paymentMethodId, { email: customer.email, stripeCustomerId: customer.stripeCustomerId ?? null })) };
      }
      // The contract lets exactly one of cardInfo and paymentMethodId through.
      return form.registerMethod({ type: 'card', cardInfo: method.cardInfo as CardInfo }, customer);
    },
  };
}
