import { type PaymentPlan, PLAN_NAMES, type PlanDuration, type PlanLimits, type PlanName } from '@reelbase/api-client';

/** One row of payment_plans: a plan name in one duration, with its price and what it grants. */
export interface PlanRow {
  id: string;
  name: PlanName;
  duration: PlanDuration;
  priceCents: number;
  limits: PlanLimits;
}

/** GET /api/payment/plan: rows grouped by plan name, bronze to gold; limits are the monthly variant's. */
export function groupPlans(rows: PlanRow[]): PaymentPlan[] {
  return PLAN_NAMES.flatMap((name) => {
    const variants = rows.filter((r) => r.name === name);
    if (!variants.length) return [];
    return [{ name, variants: variants.map((v) => ({ id: v.id, duration: v.duration, price: v.priceCents / 100 })), limits: variants[0].limits }];
  });
}
