import type { PaymentPlanList, PaymentPlanUpdate, PromoCode, PromoCodeCreate } from '@reelbase/api-client';
import type { z } from 'zod';
import type { Orm } from '../../db/orm.ts';
import { notFound } from '../../http/errors.ts';
import { type Actor, writeAudit } from '../admin/audit-log.ts';
import { sqlOf } from '../../db/sql.ts';
import { groupPlans } from './plans.ts';
import { findPlanRow, listPlanRows, setPlanLimits, setVariantPrice } from './plans.queries.ts';
import { createPromoCode } from './promo-codes.ts';

/** The plans and promo codes as data: anyone reads them; an admin changes a variant's price or a plan's limits without a deploy. */
export function createPlansService(d: { orm: Orm }) {
  return {
    async list(): Promise<PaymentPlanList> {
      return { items: groupPlans(await listPlanRows(sqlOf(d.orm.em.fork()))) };
    },

    /**
     * The price is the variant's; limits are the plan's, so both durations of it change together.
     * Running subscriptions keep the price they pay until their plan changes (Stripe prices are
     * fixed; a new one is made for new subscriptions).
     */
    async update(actor: Actor, id: string, input: z.output<typeof PaymentPlanUpdate>): Promise<PaymentPlanList> {
      await d.orm.em.fork().transactional(async (em) => {
        const sql = sqlOf(em);
        const plan = await findPlanRow(sql, id);
        if (!plan) throw notFound('Plan not found');
        if (input.price !== undefined) await setVariantPrice(sql, id, Math.round(input.price * 100));
        const limits: [string, unknown][] = [
          ['storage_bytes', input.storageBytes],
          ['bandwidth_bytes_per_month', input.bandwidthBytesPerMonth],
          ['video_generator_credits', input.videoGeneratorCredits],
          ['features', input.features === undefined ? undefined : JSON.stringify(input.features)],
          ['members_limit', input.membersLimit],
        ];
        const set = limits.filter(([, v]) => v !== undefined);
        if (set.length) {
          await setPlanLimits(sql, plan.name, set);
        }
        await writeAudit(sql, actor, { action: 'plan.update', details: { id, ...input } });
      });
      return this.list();
    },

    /** A promo code (percentage or fixed discount of the first payment, validity dates, use limit), created by an admin. */
    async createPromoCode(actor: Actor, input: z.output<typeof PromoCodeCreate>): Promise<PromoCode> {
      return d.orm.em.fork().transactional(async (em) => {
        const sql = sqlOf(em);
        const promo = await createPromoCode(sql, input);
        await writeAudit(sql, actor, { action: 'promo.create', details: { ...input, code: promo.code } });
        return promo;
      });
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
