import { z } from 'zod';
import { PLAN_NAMES } from './admin.ts';
import { paymentPlanId } from './common.ts';
import { Features } from './profile.ts';
import { PAYMENT_METHODS } from './users.ts';

/** Tariff durations of the spec: 1m (Month), 1y (Year). */
export const PLAN_DURATIONS = ['1m', '1y'] as const;
export type PlanDuration = (typeof PLAN_DURATIONS)[number];
export const PLAN_DURATION_LABELS: Record<PlanDuration, string> = { '1m': 'Month', '1y': 'Year' };

/** What a plan grants. Byte counts are numbers (they stay far below 2^53). */
export const PlanLimits = z.object({
  storageBytes: z.number(),
  bandwidthBytesPerMonth: z.number(),
  videoGeneratorCredits: z.number().int(),
  features: Features,
  /** Seats: how many members (the owner included) a team on this plan may have. */
  membersLimit: z.number().int(),
});
export type PlanLimits = z.infer<typeof PlanLimits>;

/** One buyable variant of a plan: its id is the `paymentPlanId` of the payment calls. Price in dollars. */
export const PaymentPlanVariant = z.object({ id: z.string(), duration: z.enum(PLAN_DURATIONS), price: z.number() });
export type PaymentPlanVariant = z.infer<typeof PaymentPlanVariant>;

export const PaymentPlan = z.object({ name: z.enum(PLAN_NAMES), variants: z.array(PaymentPlanVariant), limits: PlanLimits });
export type PaymentPlan = z.infer<typeof PaymentPlan>;

/** GET /api/payment/plan: bronze, silver and gold in that order. */
export const PaymentPlanList = z.object({ items: z.array(PaymentPlan) });
export type PaymentPlanList = z.infer<typeof PaymentPlanList>;

/** An admin changes a variant's price (dollars, cents allowed) or a plan's limits without a deploy. */
export const PaymentPlanUpdate = z
  .object({
    price: z.number().min(0).max(100_000).multipleOf(0.01),
    storageBytes: z.number().int().positive(),
    bandwidthBytesPerMonth: z.number().int().positive(),
    videoGeneratorCredits: z.number().int().min(0),
    features: Features,
    membersLimit: z.number().int().min(1).max(10_000),
  })
  .partial();

export const promoCode = () => z.string().trim().min(1).max(64);

/** POST /api/payment: start paying a plan with PayPal; `id` is the PayPal order, `approveUrl` where the payer approves it. */
export const PaymentOrderRequest = z.object({ paymentPlanId: paymentPlanId(), promoCode: promoCode().optional() });
export const PaymentOrder = z.object({ id: z.string(), approveUrl: z.string().optional() });

/**
 * none: never subscribed; active: paid and renewing; canceling: canceled, runs to the end of the paid period;
 * canceled: ended (data removed 30 days after cancellation); inactive: a renewal failed for good.
 */
export const SUBSCRIPTION_STATUSES = ['none', 'active', 'canceling', 'canceled', 'inactive'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const Subscription = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  plan: z.object({ id: z.string(), name: z.enum(PLAN_NAMES), duration: z.enum(PLAN_DURATIONS), price: z.number() }).nullable(),
  /** A downgrade waiting for the end of the paid period. */
  pendingPlanId: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  /** What the user recognises the method by, e.g. 'Visa •••• 4242' or a PayPal email. */
  paymentMethodLabel: z.string().nullable(),
  startDate: z.string().nullable(),
  nextPaymentDate: z.string().nullable(),
  cancellationDate: z.string().nullable(),
  /** Until when a cancellation still stops the next renewal (7 days before expiry). */
  cancelDeadline: z.string().nullable(),
  /** Until when the money-back guarantee refunds the first payment (60 days). */
  refundableUntil: z.string().nullable(),
  promoCode: z.string().nullable(),
});
export type Subscription = z.infer<typeof Subscription>;

/** Subscribe with the saved card (Stripe), or move to another plan: an upgrade at once, pro-rated; a downgrade at the period's end. */
export const SubscribeRequest = z.object({ paymentPlanId: paymentPlanId(), promoCode: promoCode().optional() });
export const ChangePlanRequest = z.object({ paymentPlanId: paymentPlanId() });
export const SubscriptionResponse = z.object({ message: z.string(), subscription: Subscription });

/** The PayPal capture after approval: message 'Transaction completed by {name}'. */
export const PaymentCaptureResponse = SubscriptionResponse;

export const PaymentHistoryEntry = z.object({
  id: z.string(),
  kind: z.string(),
  planId: z.string().nullable(),
  /** Dollars; negative for a refund. */
  amount: z.number().nullable(),
  provider: z.enum(['stripe', 'paypal']).nullable(),
  reference: z.string().nullable(),
  /** The reference at the provider's dashboard, for admins. */
  referenceUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentHistoryEntry = z.infer<typeof PaymentHistoryEntry>;
export const PaymentHistoryList = z.object({ items: z.array(PaymentHistoryEntry) });

export const PromoCodeCreate = z
  .object({
    code: promoCode().regex(/^[A-Za-z0-9_-]+$/, { error: 'Letters, digits, - and _ only' }),
    percentOff: z.number().int().min(1).max(100).optional(),
    amountOff: z.number().positive().multipleOf(0.01).optional(),
    validFrom: z.iso.datetime({ offset: true }).optional(),
    validUntil: z.iso.datetime({ offset: true }).optional(),
    maxUses: z.number().int().positive().optional(),
  })
  .refine((p) => (p.percentOff === undefined) !== (p.amountOff === undefined), { error: 'Give either a percentage or an amount', path: ['percentOff'] });
export const PromoCode = z.object({
  code: z.string(),
  percentOff: z.number().nullable(),
  amountOff: z.number().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().nullable(),
  usedCount: z.number(),
});
export type PromoCode = z.infer<typeof PromoCode>;

/** GET /api/usage: storage used, bandwidth this month and per month (oldest first, 'YYYY-MM'), and the plan's limits. */
export const Usage = z.object({
  plan: z.enum(PLAN_NAMES).nullable(),
  storage: z.object({ usedBytes: z.number(), limitBytes: z.number() }),
  bandwidth: z.object({
    thisMonthBytes: z.number(),
    limitBytesPerMonth: z.number(),
    months: z.array(z.object({ month: z.string(), bytes: z.number() })),
  }),
  videoGeneratorCredits: z.number().int(),
  features: Features,
});
export type Usage = z.infer<typeof Usage>;

/**
 * GET /api/payment/config (public): what the browser needs at run time. With `stripePublishableKey`
 * the card form is Stripe Elements (Stripe.js takes the card; the API receives a `paymentMethodId`);
 * null: the spec's card form, posted to the API.
 */
export const PaymentConfig = z.object({ stripePublishableKey: z.string().nullable() });
export type PaymentConfig = z.infer<typeof PaymentConfig>;

/** Texts of the payment calls (the UI shows them as they come). */
export const PAYMENT_MESSAGES = {
  subscribed: 'Subscription started',
  upgraded: 'Plan upgraded',
  downgradeScheduled: 'Your plan changes at the end of the paid period',
  downgradeUndone: 'Your plan stays as it is',
  samePlan: 'This is your current plan',
  canceled: 'Subscription canceled. It ends at the end of the paid period.',
  canceledAfterNotice: 'Subscription canceled. Cancellations less than 7 days before expiry take effect at the next period: it renews once more, then ends.',
  reactivated: 'Subscription reactivated',
  refunded: 'Your first payment was refunded and the subscription canceled',
  noPaymentMethod: 'Add a payment method to continue.',
  noCard: 'Add a card to subscribe, or pay with PayPal.',
  alreadySubscribed: 'You already have a subscription: change its plan instead',
  paymentInProgress: 'Another payment or plan change of this account is in progress: wait a moment and check your plan before trying again',
  notSubscribed: 'You have no running subscription',
  notCanceling: 'Your subscription is not canceled',
  pendingDowngrade: 'A plan change is waiting for the end of the period: choose your current plan to undo it first',
  refundWindowOver: 'The 60-day money-back guarantee covers the first payment only, within 60 days',
  unknownPlan: 'Unknown plan',
  planNeedsCard: 'A plan chosen at sign-up is paid by card. To pay with PayPal, choose the plan after signing in.',
  cardDeclined: 'The card was declined',
  providerUnavailable: 'The payment provider of this subscription is not configured',
} as const;

/** How a saved card is shown: 'Visa •••• 4242'. */
export const PAYMENT_METHOD_LABEL = (brand: string, last4: string) => `${brand === 'amex' ? 'American Express' : brand.charAt(0).toUpperCase() + brand.slice(1)} •••• ${last4}`;
