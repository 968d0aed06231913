import { type PaymentPlan, PLAN_NAMES, type PlanDuration, type PlanLimits, type PlanName } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';

/** One row of payment_plans: a plan name in one duration, with its price and what it grants. */
export interface PlanRow {
  id: string;
  name: PlanName;
  duration: PlanDuration;
  priceCents: number;
  limits: PlanLimits;
}

interface DbPlan {
  id: string;
  name: PlanName;
  duration: PlanDuration;
  price_cents: number;
  storage_bytes: string;
  bandwidth_bytes_per_month: string;
  video_generator_credits: number;
  features: Record<string, boolean>;
  members_limit: number;
}

const COLUMNS = 'id, name, duration, price_cents, storage_bytes, bandwidth_bytes_per_month, video_generator_credits, features, members_limit';

const toPlanRow = (r: DbPlan): PlanRow => ({
  id: r.id,
  name: r.name,
  duration: r.duration,
  priceCents: r.price_cents,
  limits: {
    storageBytes: Number(r.storage_bytes),
    bandwidthBytesPerMonth: Number(r.bandwidth_bytes_per_month),
    videoGeneratorCredits: r.video_generator_credits,
    features: r.features,
    membersLimit: r.members_limit,
  },
});

export async function listPlanRows(sql: Sql): Promise<PlanRow[]> {
  const rows = await sql<DbPlan[]>(`select ${COLUMNS} from payment_plans order by array_position(array['bronze','silver','gold']::varchar[], name), duration`);
  return rows.map(toPlanRow);
}

/** The variant with this id, or null (an unknown id is the caller's 422 or 404). */
export async function findPlanRow(sql: Sql, id: string): Promise<PlanRow | null> {
  const [row] = await sql<DbPlan[]>(`select ${COLUMNS} from payment_plans where id = ?`, [id]);
  return row ? toPlanRow(row) : null;
}

/** GET /api/payment/plan: rows grouped by plan name, bronze to gold; limits are the monthly variant's. */
export function groupPlans(rows: PlanRow[]): PaymentPlan[] {
  return PLAN_NAMES.flatMap((name) => {
    const variants = rows.filter((r) => r.name === name);
    if (!variants.length) return [];
    return [{ name, variants: variants.map((v) => ({ id: v.id, duration: v.duration, price: v.priceCents / 100 })), limits: variants[0].limits }];
  });
}

/** The plan an account pays for (its row), or null when it has none (admins, accounts created by an admin, never subscribed). */
export async function planOfUser(sql: Sql, userId: string): Promise<PlanRow | null> {
  const [row] = await sql<DbPlan[]>(`select ${COLUMNS.split(', ').map((c) => `p.${c}`).join(', ')} from users u join payment_plans p on p.id = u.payment_plan_id where u.id = ?`, [userId]);
  return row ? toPlanRow(row) : null;
}
