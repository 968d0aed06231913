import type { PlanDuration, PlanName } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';
import type { PlanRow } from './plans.ts';

// The SQL of payment_plans: the variants as PlanRows (all, one, an account's), and an admin's
// change of a variant's price or of a plan's limits.

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

/** The plan an account pays for (its row), or null when it has none (admins, accounts created by an admin, never subscribed). */
export async function planOfUser(sql: Sql, userId: string): Promise<PlanRow | null> {
  const [row] = await sql<DbPlan[]>(`select ${COLUMNS.split(', ').map((c) => `p.${c}`).join(', ')} from users u join payment_plans p on p.id = u.payment_plan_id where u.id = ?`, [userId]);
  return row ? toPlanRow(row) : null;
}

/** An admin's new price of one variant. */
export const setVariantPrice = (sql: Sql, id: string, priceCents: number) => sql('update payment_plans set price_cents = ?, updated_at = now() where id = ?', [priceCents, id]);

/** An admin's new limits of a plan (both durations of it): `set` the columns given, features merged into the plan's. */
export const setPlanLimits = (sql: Sql, name: string, set: [string, unknown][]) =>
  sql(`update payment_plans set ${set.map(([c]) => (c === 'features' ? 'features = features || ?::jsonb' : `${c} = ?`)).join(', ')}, updated_at = now() where name = ?`, [
    ...set.map(([, v]) => v),
    name,
  ]);
