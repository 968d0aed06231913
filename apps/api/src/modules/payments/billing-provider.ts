import type { PlanRow } from './plans.ts';
import { addPeriod, type Provider } from './subscription-terms.ts';

/** What a provider needs to know about the subscription it holds. */
export interface HeldSubscription {
  userId: string;
  email: string;
  customerId: string | null;
  /** The provider's subscription id. */
  subscriptionId: string;
  plan: PlanRow;
  nextPaymentAt: Date;
}

/** A discount applied to the first payment of a subscription. */
export interface Discount {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
}

export interface Paid {
  reference: string | null;
  amountCents: number;
  periodEnd: Date;
}

/**
 * The provider side of a held subscription's changes. The payments service applies the rules
 * (7-day line, 60 days, upgrade or downgrade) and then the subscription core records the result.
 */
export interface SubscriptionProvider {
  name: Provider;
  /** Move to a dearer plan now; the difference is charged pro-rated (a refused card throws a 402). */
  upgrade(s: HeldSubscription, to: PlanRow): Promise<Paid>;
  /** From the next period on, charge `to` (a cheaper plan); null: keep charging the current plan. */
  scheduleDowngrade(s: HeldSubscription, to: PlanRow | null): Promise<void>;
  /** No renewal after `endsAt` (the end of this period, or of the next one after the 7-day line). */
  cancel(s: HeldSubscription, endsAt: Date, atPeriodEnd: boolean): Promise<void>;
  /** Undo a cancellation before it took effect. */
  reactivate(s: HeldSubscription): Promise<void>;
  /**
   * End the subscription at once, charging and refunding nothing (an unpaid one before a new one
   * starts; an admin's reactivation without it). Ending one that ended already is no error.
   * Optional until every provider has it: without it, `cancel(s, now, false)` stands in.
   */
  end?(s: HeldSubscription): Promise<void>;
  /** Refund the first payment and end the subscription at once. */
  refund(s: HeldSubscription, first: { reference: string | null; amountCents: number }): Promise<{ reference: string | null; amountCents: number }>;
}

/** A card subscription's provider: also starts subscriptions with the saved card. */
export interface CardBilling extends SubscriptionProvider {
  name: 'stripe';
  /** Whether this is the offline sandbox (no STRIPE_SECRET_KEY). */
  sandbox: boolean;
  subscribe(u: { userId: string; email: string; customerId: string | null }, plan: PlanRow, discount: Discount | null): Promise<Paid & { subscriptionId: string }>;
  /** Delete a customer made for a sign-up that did not complete (its card refused at the first charge). */
  forgetCustomer?(customerId: string): Promise<void>;
}

/** The first payment's amount after a promo code. */
export const discounted = (cents: number, d: Discount | null) =>
  !d ? cents : Math.max(0, d.percentOff ? Math.round(cents * (1 - d.percentOff / 100)) : cents - (d.amountOffCents ?? 0));

/**
 * The card billing without STRIPE_SECRET_KEY: nothing is charged, subscriptions start at once
 * and references are `sandbox_...`. Local development and UI tests; renewals never come (no
 * provider drives them), cancellations end through the period-end pass.
 */
export function sandboxCardBilling(): CardBilling {
  const ref = (kind: string) => `sandbox_${kind}_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  return {
    name: 'stripe',
    sandbox: true,
    async subscribe(_u, plan, discount) {
      return { subscriptionId: ref('sub'), reference: ref('in'), amountCents: discounted(plan.priceCents, discount), periodEnd: addPeriod(new Date(), plan.duration) };
    },
    async upgrade(s, to) {
      const now = Date.now();
      const sameInterval = s.plan.duration === to.duration;
      const start = addPeriod(s.nextPaymentAt, s.plan.duration, -1).getTime();
      const unused = Math.max(0, (s.nextPaymentAt.getTime() - now) / (s.nextPaymentAt.getTime() - start));
      return sameInterval
        ? { reference: ref('in'), amountCents: Math.round((to.priceCents - s.plan.priceCents) * unused), periodEnd: s.nextPaymentAt }
        : { reference: ref('in'), amountCents: Math.max(0, Math.round(to.priceCents - s.plan.priceCents * unused)), periodEnd: addPeriod(new Date(now), to.duration) };
    },
    async scheduleDowngrade() {},
    async cancel() {},
    async reactivate() {},
    async end() {},
    async refund(_s, first) {
      return { reference: ref('re'), amountCents: first.amountCents };
    },
  };
}
