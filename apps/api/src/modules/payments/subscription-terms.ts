import { type PlanDuration, type SubscriptionStatus, TERMS } from '@reelbase/api-client';
import type { PlanRow } from './plans.ts';

// A subscription's shapes and pure rules (periods, the cancellation line, upgrade or downgrade, its
// status), shared by the core (subscriptions.service.ts), its queries and the providers.

export type Provider = 'stripe' | 'paypal';

/** How an admin's reactivation treats the subscription (see Subscriptions.adminReactivated). */
export type AdminReactivation = 'resume' | 'keepCanceling' | 'withoutPlan';

/** A payment (or refund) at a provider: its id there and the amount in cents. */
export interface ProviderCharge {
  provider: Provider;
  /** The invoice, capture or refund id at the provider (shown to admins as a link). */
  reference: string | null;
  amountCents: number | null;
}

export interface StartFacts extends ProviderCharge {
  /** When the paid period ends: the next payment date. */
  periodEnd: Date;
  /** The subscription's id at the provider (stripe_subscription_id or paypal_subscription_id). */
  subscriptionId: string | null;
  promoCode?: string | null;
  /** The provider subscription of before, ended first (an unpaid or canceled one): recorded as ended. */
  replaced?: { provider: Provider; subscriptionId: string } | null;
}

/** The subscription columns of a users row. */
export interface SubscriptionRow {
  id: string;
  email: string;
  is_active: boolean;
  payment_plan_id: string | null;
  pending_plan_id: string | null;
  cancel_at_period_end: boolean;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  paypal_subscription_id: string | null;
  payment_failed_at: Date | null;
  plan_started_at: Date | null;
  next_payment_at: Date | null;
  canceled_at: Date | null;
  subscription_ends_at: Date | null;
  payment_method: 'card' | 'paypal' | null;
  payment_ref: string | null;
  payment_method_label: string | null;
  promo_code: string | null;
}

export const DAY_MS = 86_400_000;

/** The end of a period of `duration` that starts at `from` (calendar months and years, UTC). */
export function addPeriod(from: Date, duration: PlanDuration, times = 1): Date {
  const d = new Date(from);
  if (duration === '1m') d.setUTCMonth(d.getUTCMonth() + times);
  else d.setUTCFullYear(d.getUTCFullYear() + times);
  return d;
}

/** Until when a cancellation still stops the next renewal. */
export const cancelDeadlineOf = (nextPaymentAt: Date) => new Date(nextPaymentAt.getTime() - TERMS.cancelNoticeDays * DAY_MS);

/**
 * When a cancellation asked `now` takes effect: the end of the paid period when asked at least
 * 7 days before it, otherwise the end of the next period (one more renewal happens).
 */
export function cancellationEnd(now: Date, nextPaymentAt: Date, duration: PlanDuration): { endsAt: Date; oneMoreRenewal: boolean } {
  if (now.getTime() <= cancelDeadlineOf(nextPaymentAt).getTime()) return { endsAt: nextPaymentAt, oneMoreRenewal: false };
  return { endsAt: addPeriod(nextPaymentAt, duration), oneMoreRenewal: true };
}

const TIER = { bronze: 1, silver: 2, gold: 3 } as const;

/** Upgrade (now, pro-rated): a higher plan, or the same plan billed yearly instead of monthly. Downgrade (at the period's end): the reverse. */
export function changeKind(from: PlanRow, to: PlanRow): 'upgrade' | 'downgrade' | 'same' {
  if (from.id === to.id) return 'same';
  if (TIER[to.name] !== TIER[from.name]) return TIER[to.name] > TIER[from.name] ? 'upgrade' : 'downgrade';
  return to.duration === '1y' ? 'upgrade' : 'downgrade';
}

/** The status the API shows, from the row (see SUBSCRIPTION_STATUSES). */
export function statusOf(r: Pick<SubscriptionRow, 'is_active' | 'payment_plan_id' | 'cancel_at_period_end' | 'canceled_at' | 'payment_failed_at'>): SubscriptionStatus {
  if (!r.is_active) return r.canceled_at ? 'canceled' : r.payment_failed_at ? 'inactive' : r.payment_plan_id ? 'canceled' : 'none';
  if (!r.payment_plan_id) return 'none';
  return r.cancel_at_period_end ? 'canceling' : 'active';
}

export const providerOf = (r: Pick<SubscriptionRow, 'stripe_subscription_id' | 'paypal_subscription_id'>): Provider | null =>
  r.stripe_subscription_id ? 'stripe' : r.paypal_subscription_id ? 'paypal' : null;
