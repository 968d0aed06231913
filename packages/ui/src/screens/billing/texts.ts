import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { type PaymentMethodChoice, type PaymentPlan, type PaymentPlanVariant, type PlanDuration, type Subscription, TERMS } from '@reelbase/api-client';
import { findVariant, formatPrice, type PlanVariantRef, planChangeKind, planTitle, prorationEstimate } from '../../lib/billing.ts';
import { formatDate } from '../../lib/format.ts';
import { i18n, intlLocale } from '../../i18n/index.ts';

// The billing screens' sentences, in the active language (their rules stay in lib/billing.ts).

/** A plan duration as a label: "Month", "Year" (the contract's PLAN_DURATION_LABELS, translated). */
export const durationLabel = (d: PlanDuration): string => (d === '1y' ? t({ message: 'Year', context: 'plan duration' }) : t({ message: 'Month', context: 'plan duration' }));

/** "$12 / Month": a variant's price and duration (English: the contract's PLAN_DURATION_LABELS). */
export function priceLabel(v: Pick<PaymentPlanVariant, 'price' | 'duration'>): string {
  const price = formatPrice(v.price);
  const duration = durationLabel(v.duration);
  return t`${price} / ${duration}`;
}

/** "Gold (Year)" for a variant id among the plans; the id itself when unknown. */
export function variantLabel(plans: PaymentPlan[], id: string | null | undefined): string {
  const v = findVariant(plans, id);
  if (!v) return id ?? '';
  const plan = planTitle(v.name);
  const duration = durationLabel(v.duration);
  return t`${plan} (${duration})`;
}

/** What the change-plan modal says before the user confirms. */
export function planChangeExplanation(sub: Pick<Subscription, 'nextPaymentDate'>, from: PlanVariantRef, to: PlanVariantRef, now = new Date()): string {
  const plan = planTitle(to.name);
  const price = priceLabel(to);
  const target = t`${plan} (${price})`;
  const next = formatDate(sub.nextPaymentDate);
  const kind = planChangeKind(from, to);
  if (kind === 'same') return t`You stay on ${target}: the plan change waiting for the end of this period is undone.`;
  if (kind === 'upgrade') {
    const due = formatPrice(prorationEstimate(from, to, sub.nextPaymentDate, now));
    const renewal =
      from.duration === to.duration
        ? next
          ? ` ${t`On ${next} it renews at ${price}.`}`
          : ''
        : ` ${to.duration === '1y' ? t`Your new year starts today.` : t`Your new month starts today.`}`;
    return `${t`You move to ${target} now. The unused part of your current plan is credited, and you pay about ${due} today.`}${renewal}`;
  }
  const current = planTitle(from.name);
  return next
    ? t`You keep ${current} until the end of the period you paid for (${next}); then you move to ${target}. Nothing is charged today.`
    : t`You keep ${current} until the end of the period you paid for; then you move to ${target}. Nothing is charged today.`;
}

/** The cancellation rule before the user confirms (the terms' notice period). */
export function cancelExplanation(sub: Pick<Subscription, 'nextPaymentDate' | 'cancelDeadline'>, now = new Date()): string {
  const next = formatDate(sub.nextPaymentDate);
  const deadline = sub.cancelDeadline ? new Date(sub.cancelDeadline) : null;
  const days = TERMS.cancelNoticeDays;
  const removalDays = TERMS.removalAfterCancellationDays;
  const removal = t`Your videos and files are removed ${removalDays} days after the cancellation takes effect.`;
  if (!next) return `${t`Your plan ends now.`} ${removal}`;
  if (deadline && now.getTime() <= deadline.getTime()) {
    return `${t`Cancellations must reach us at least ${days} days before renewal. You are in time: you will not be charged again and your plan stays active until ${next}.`} ${removal}`;
  }
  const last = deadline ? formatDate(deadline) : '';
  const rule = last
    ? t`Cancellations must reach us at least ${days} days before renewal (this period's last day for that was ${last}).`
    : t`Cancellations must reach us at least ${days} days before renewal.`;
  return `${rule} ${t`Your plan renews once more on ${next} and ends at the end of that period.`} ${removal}`;
}

const STATUS_LABELS: Record<Subscription['status'], MessageDescriptor> = {
  none: msg`No plan`,
  active: msg({ message: 'Active', context: 'subscription status' }),
  canceling: msg`Canceled, active until the period ends`,
  canceled: msg({ message: 'Canceled', context: 'subscription status' }),
  inactive: msg`Inactive (payment failed)`,
};
export const subscriptionStatusLabel = (s: Subscription['status']): string => i18n._(STATUS_LABELS[s]);

/** 'YYYY-MM' -> 'Mar 2026' (in the active language). */
export function monthLabel(m: string): string {
  const [y, mm] = m.split('-').map(Number);
  if (!y || !mm) return m;
  return new Intl.DateTimeFormat(intlLocale(), { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, mm - 1, 1)));
}

const HISTORY_KINDS: Record<string, MessageDescriptor> = {
  subscribed: msg`Subscribed`,
  renewed: msg`Renewed`,
  renewal_failed: msg`Renewal failed`,
  inactive: msg`Inactive`,
  canceled: msg({ message: 'Canceled', context: 'payment history event' }),
  reactivated: msg`Reactivated`,
  refunded: msg`Refunded`,
  upgraded: msg`Upgraded`,
  ended: msg`Ended`,
  admin_canceled: msg`Admin canceled`,
  admin_reactivated: msg`Admin reactivated`,
  data_removed: msg`Data removed`,
  downgrade_scheduled: msg`Downgrade scheduled`,
  downgrade_undone: msg`Downgrade undone`,
};

/** A payment history event: 'renewal_failed' -> 'Renewal failed'; an event this app does not know yet reads as its words. */
export const historyKindLabel = (kind: string): string => {
  const known = HISTORY_KINDS[kind];
  if (known) return i18n._(known);
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return `${words[0]?.toUpperCase() ?? ''}${words.slice(1)}`;
};

/** How the confirm modal names the method the user typed (never more of the card than its last four digits). */
export function describeMethod(m: PaymentMethodChoice): string {
  if (m.type === 'paypal') return t`PayPal: it becomes your payment method when you approve your first PayPal payment, for a plan you choose on the plans page; it renews there.`;
  const c = m.cardInfo;
  // A card typed into Stripe Elements reaches us as a PaymentMethod id only.
  if (!c) return t`Card entered with Stripe`;
  const last4 = c.cardNumber.slice(-4);
  const expires = `${c.expMonth}/${c.expYear}`;
  const name = `${c.firstName} ${c.lastName}`;
  return t`Card •••• ${last4}, expires ${expires}, ${name}`;
}
