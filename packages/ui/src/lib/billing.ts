import { type PaymentPlan, PLAN_NAMES, type PlanDuration, type Subscription } from '@reelbase/api-client';
import { formatNumber } from './format.ts';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/**
 * A byte count in the largest binary unit that keeps it at 1 or more ("1.5 GB", "500 GB", "0 B";
 * "1,5 GB" in German and Spanish).
 * Plan limits run to terabytes, where the spec's MB (for a video's size) would be unreadable.
 */
export function formatBytes(bytes: number | null | undefined): string {
  let n = Math.max(0, bytes ?? 0);
  let unit = 0;
  while (n >= 1024 && unit < UNITS.length - 1) {
    n /= 1024;
    unit++;
  }
  if (unit === 0) return `${formatNumber(Math.round(n), { useGrouping: false })} B`;
  // Up to two decimals, none when whole ("500 GB", "1.5 GB").
  return `${formatNumber(Math.round(n * 100) / 100, { maximumFractionDigits: 2, useGrouping: false })} ${UNITS[unit]}`;
}

/** Share of a limit used, 0 to 100 (rounded down, so 100 means the limit is reached); 0 without a limit. */
export function usagePercent(used: number, limit: number): number {
  if (!(limit > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((used / limit) * 100)));
}

/** Dollars as the tariff screen shows them: "$12", "$9.99" (in German "12 $", "9,99 $"). */
export function formatPrice(dollars: number): string {
  const cents = Number.isInteger(dollars) ? 0 : 2;
  return formatNumber(dollars, { style: 'currency', currency: 'USD', minimumFractionDigits: cents, maximumFractionDigits: cents });
}

export const planTitle = (name: string) => `${name[0]?.toUpperCase() ?? ''}${name.slice(1)}`;

/** What a year costs against twelve months, as whole months saved (0 when the year is no cheaper). */
export function monthsFreeWithYear(plan: PaymentPlan): number {
  const month = plan.variants.find((v) => v.duration === '1m');
  const year = plan.variants.find((v) => v.duration === '1y');
  if (!month || !year || month.price <= 0) return 0;
  return Math.max(0, Math.floor((month.price * 12 - year.price) / month.price + 1e-9));
}

export interface PlanVariantRef {
  id: string;
  name: (typeof PLAN_NAMES)[number];
  duration: PlanDuration;
  price: number;
}

/** The variant with this id among the plans, with its plan's name; null when unknown. */
export function findVariant(plans: PaymentPlan[], id: string | null | undefined): PlanVariantRef | null {
  for (const p of plans) for (const v of p.variants) if (v.id === id) return { id: v.id, name: p.name, duration: v.duration, price: v.price };
  return null;
}

export type PlanChangeKind = 'same' | 'upgrade' | 'downgrade';

/**
 * A move between variants: a higher plan is an upgrade, a lower one a downgrade; within a plan the
 * yearly variant counts as the upgrade (more is paid at once). Upgrades start at once, pro-rated;
 * downgrades wait for the end of the paid period.
 */
export function planChangeKind(from: Pick<PlanVariantRef, 'name' | 'duration' | 'id'>, to: Pick<PlanVariantRef, 'name' | 'duration' | 'id'>): PlanChangeKind {
  if (from.id === to.id) return 'same';
  const rank = (v: Pick<PlanVariantRef, 'name' | 'duration'>) => PLAN_NAMES.indexOf(v.name) * 2 + (v.duration === '1y' ? 1 : 0);
  return rank(to) > rank(from) ? 'upgrade' : 'downgrade';
}

/** The start of the period that ends at `nextPayment` (one month or one year before it). */
export function periodStart(nextPayment: Date, duration: PlanDuration): Date {
  const d = new Date(nextPayment);
  if (duration === '1y') d.setUTCFullYear(d.getUTCFullYear() - 1);
  else d.setUTCMonth(d.getUTCMonth() - 1);
  return d;
}

/**
 * About what an upgrade charges now: the unused part of the current period comes back as credit;
 * the new plan is charged for the rest of the same period (same duration) or for a whole new
 * period starting today (another duration). The provider computes the exact amount.
 */
export function prorationEstimate(from: PlanVariantRef, to: PlanVariantRef, nextPaymentDate: string | null, now = new Date()): number {
  const end = nextPaymentDate ? new Date(nextPaymentDate) : null;
  let left = 0;
  if (end && !Number.isNaN(end.getTime())) {
    const start = periodStart(end, from.duration);
    left = Math.min(1, Math.max(0, (end.getTime() - now.getTime()) / (end.getTime() - start.getTime())));
  }
  const credit = from.price * left;
  const charge = from.duration === to.duration ? to.price * left : to.price;
  return Math.max(0, Math.round((charge - credit) * 100) / 100);
}

/** Whether the account has a plan to change (otherwise the tariff screen subscribes). */
export const hasLivePlan = (s: Pick<Subscription, 'status' | 'plan'> | undefined) => !!s?.plan && (s.status === 'active' || s.status === 'canceling');
