/** The terms' business constants (spec sections 1 and 9), one place for the page and its test. */
export const TERMS = {
  moneyBackDays: 60,
  cancelNoticeDays: 7,
  removalAfterCancellationDays: 30,
  chargebackFeeDollars: 50,
  minimumAge: 18,
  judgmentPaymentDays: 30,
  liabilityFloorDollars: '1.00',
  claimsBarYears: 1,
  governingLaw: 'Ontario',
} as const;
