import { CardInfo } from '@reelbase/api-client';

export type CardValues = Record<keyof CardInfo, string>;

/** Card rules of the spec, checked on submit only; returns the field errors (empty when valid). */
export function cardErrors(values: Partial<CardValues>): Partial<Record<keyof CardInfo, string>> {
  const r = CardInfo.safeParse({
    cardNumber: (values.cardNumber ?? '').replace(/\s+/g, ''),
    cvc: values.cvc ?? '',
    expMonth: values.expMonth ?? '',
    expYear: values.expYear ?? '',
    firstName: values.firstName ?? '',
    lastName: values.lastName ?? '',
  });
  const errors: Partial<Record<keyof CardInfo, string>> = {};
  if (!r.success) for (const i of r.error.issues) errors[i.path[0] as keyof CardInfo] ??= i.message;
  return errors;
}
