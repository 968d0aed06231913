import { CardInfo } from '@reelbase/api-client';

export type CardValues = Record<keyof CardInfo, string>;
export type CardFieldErrors = Partial<Record<keyof CardInfo, string>>;

/** Card rules of the spec, checked on submit only; returns the field errors (empty when valid). */
export function cardErrors(values: Partial<CardValues>): CardFieldErrors {
  const r = CardInfo.safeParse({
    cardNumber: (values.cardNumber ?? '').replace(/\s+/g, ''),
    cvc: values.cvc ?? '',
    expMonth: values.expMonth ?? '',
    expYear: values.expYear ?? '',
    firstName: values.firstName ?? '',
    lastName: values.lastName ?? '',
  });
  const errors: CardFieldErrors = {};
  if (!r.success) for (const i of r.error.issues) errors[i.path[0] as keyof CardInfo] ??= i.message;
  return errors;
}

const SERVER_CARD_FIELD = /^paymentMethod\.cardInfo\.(\w+)$/;

/**
 * The card field errors of a 422 answer to a call that took a payment method
 * (`errors['paymentMethod.cardInfo.<field>']`), or null when the error is about something else.
 */
export function serverCardErrors(err: unknown): CardFieldErrors | null {
  const e = err as { status?: unknown; errors?: Record<string, string> } | null;
  if (e?.status !== 422 || !e.errors) return null;
  const errors: CardFieldErrors = {};
  for (const [key, message] of Object.entries(e.errors)) {
    const field = SERVER_CARD_FIELD.exec(key)?.[1];
    if (field && field in CardInfo.shape) errors[field as keyof CardInfo] ??= message;
  }
  return Object.keys(errors).length ? errors : null;
}
