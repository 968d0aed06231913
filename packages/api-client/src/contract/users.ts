import { z } from 'zod';
import { email, maxLength, maxLengthMessage, paymentPlanId, personName } from './common.ts';
import { CARD_NUMBER_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

/** Required, trimmed, at most `max` characters (the card fields' patterns say the same with their own texts). */
const required = (msg: string, max = NAME_MAX_LENGTH, tooLong = maxLengthMessage(max)) => z.string({ error: msg }).max(max, { error: tooLong }).trim().min(1, { error: msg });

/** The Luhn checksum every card number carries (a typo in one digit, or two swapped, breaks it). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

const CARD_DIGITS = new RegExp(`^\\d{${CARD_NUMBER_LENGTH}}$`);

export const CARD_MESSAGES = {
  invalidNumber: 'Enter a valid card number',
  expired: 'This card has expired: check the expiry date or use another card',
} as const;

/** A card is valid through the last day of its expiry month (MM/YY, years 20YY), in UTC. */
export function cardExpired(expMonth: string, expYear: string, now = new Date()): boolean {
  const year = 2000 + Number(expYear);
  const month = Number(expMonth);
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}

/**
 * Card form rules of the spec (section 5), with its exact texts, and what a card number and date
 * must be to be a card at all (the Luhn checksum, not expired), so the server refuses a made-up
 * card in the sandbox just as Stripe would.
 */
export const CardInfo = z
  .object({
    cardNumber: required('Card number is required', CARD_NUMBER_LENGTH + 8, CARD_MESSAGES.invalidNumber)
      .regex(CARD_DIGITS, { error: CARD_MESSAGES.invalidNumber })
      .refine((n) => !CARD_DIGITS.test(n) || luhnValid(n), { error: CARD_MESSAGES.invalidNumber }),
    cvc: required('CVC/CWV is required', 8, 'Enter a valid CWV/CVC').regex(/^\d{3,4}$/, { error: 'Enter a valid CWV/CVC' }),
    expMonth: required('Exp month is required', 8, 'Enter a valid Exp month').regex(/^(0[1-9]|1[0-2])$/, { error: 'Enter a valid Exp month' }),
    expYear: required('Exp year is required', 8, 'Enter a valid Exp year').regex(/^\d{2}$/, { error: 'Enter a valid Exp year' }),
    firstName: required('Your first name is required'),
    lastName: required('Your last name is required'),
  })
  .superRefine((c, ctx) => {
    if (!/^(0[1-9]|1[0-2])$/.test(c.expMonth) || !/^\d{2}$/.test(c.expYear) || !cardExpired(c.expMonth, c.expYear)) return;
    const thisYear = 2000 + Number(c.expYear) === new Date().getUTCFullYear();
    ctx.addIssue({ code: 'custom', message: CARD_MESSAGES.expired, path: [thisYear ? 'expMonth' : 'expYear'] });
  });
export type CardInfo = z.infer<typeof CardInfo>;

export const PAYMENT_METHODS = ['card', 'paypal'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHODS)[number];

/** A card Stripe.js made in the browser (Stripe Elements, when the API has a publishable key): only its PaymentMethod id reaches us. */
export const StripePaymentMethodId = z
  .string()
  .max(256, { error: 'Enter a valid card' })
  .trim()
  .regex(/^pm_[A-Za-z0-9_]{1,250}$/, { error: 'Enter a valid card' });

/**
 * A card is the spec's card form (`cardInfo`, sent on to Stripe by the API) or a PaymentMethod
 * id made by Stripe.js in the browser (`paymentMethodId`): exactly one of them.
 */
export const CardMethodInput = z
  .object({ type: z.literal('card'), cardInfo: CardInfo.optional(), paymentMethodId: StripePaymentMethodId.optional() })
  .refine((m) => m.cardInfo !== undefined || m.paymentMethodId !== undefined, { error: 'Card number is required', path: ['cardInfo', 'cardNumber'] })
  .refine((m) => m.cardInfo === undefined || m.paymentMethodId === undefined, { error: 'Send the card form or a paymentMethodId, not both', path: ['paymentMethodId'] });
export type CardMethodInput = z.infer<typeof CardMethodInput>;

export const PaymentMethodInput = z.discriminatedUnion('type', [CardMethodInput, z.object({ type: z.literal('paypal') })]);

export const RegisterRequest = z.object({
  firstName: personName(),
  lastName: personName(),
  email: email(),
  password: z
    .string({ error: `Must NOT have fewer than ${PASSWORD_MIN_LENGTH} characters.` })
    .min(PASSWORD_MIN_LENGTH, { error: `Must NOT have fewer than ${PASSWORD_MIN_LENGTH} characters.` })
    .max(...maxLength(PASSWORD_MAX_LENGTH)),
  paymentMethod: PaymentMethodInput.optional(),
  /**
   * The plan variant to subscribe to in the same request, paid now with the card above (a card is
   * required: PayPal's plan is approved at PayPal after sign-in). Without it the account starts
   * without a plan, as before, and chooses one after signing in.
   */
  paymentPlanId: paymentPlanId().optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** Registration's account step asks whether an address is free before the payment step (rate-limited like registration). */
export const EmailCheckRequest = z.object({ email: email() });
export type EmailCheckRequest = z.infer<typeof EmailCheckRequest>;
export const EmailCheckResponse = z.object({ available: z.boolean() });
export type EmailCheckResponse = z.infer<typeof EmailCheckResponse>;

export const RegisterResponse = z.object({ id: z.string(), email: z.string(), message: z.string() });
