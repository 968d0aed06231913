import { z } from 'zod';
import { email, personName } from './common.ts';
import { CARD_NUMBER_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

const required = (msg: string) => z.string({ error: msg }).trim().min(1, { error: msg });

/** Card form rules of the spec (section 5), with its exact texts. */
export const CardInfo = z.object({
  cardNumber: required('Card number is required').regex(new RegExp(`^\\d{${CARD_NUMBER_LENGTH}}$`), { error: 'Enter a valid card number' }),
  cvc: required('CVC/CWV is required').regex(/^\d{3,4}$/, { error: 'Enter a valid CWV/CVC' }),
  expMonth: required('Exp month is required').regex(/^(0[1-9]|1[0-2])$/, { error: 'Enter a valid Exp month' }),
  expYear: required('Exp year is required').regex(/^\d{2}$/, { error: 'Enter a valid Exp year' }),
  firstName: required('Your first name is required'),
  lastName: required('Your last name is required'),
});
export type CardInfo = z.infer<typeof CardInfo>;

export const PAYMENT_METHODS = ['card', 'paypal'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHODS)[number];

export const PaymentMethodInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('card'), cardInfo: CardInfo }),
  z.object({ type: z.literal('paypal') }),
]);

export const RegisterRequest = z.object({
  firstName: personName(),
  lastName: personName(),
  email: email(),
  password: z
    .string({ error: `Must NOT have fewer than ${PASSWORD_MIN_LENGTH} characters.` })
    .min(PASSWORD_MIN_LENGTH, { error: `Must NOT have fewer than ${PASSWORD_MIN_LENGTH} characters.` }),
  paymentMethod: PaymentMethodInput.optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const RegisterResponse = z.object({ id: z.string(), email: z.string(), message: z.string() });
