import type { Usage } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { sqlOf } from '../../db/sql.ts';
import type { StorageQuota } from '../videos/quota/storage-quota.ts';
import { bandwidthMonth, type DefaultLimits, limitsOf } from './entitlements.ts';
import { bandwidthMonthRows } from './usage.queries.ts';

const MONTHS_SHOWN = 12;

/** The last `count` months, oldest first, as 'YYYY-MM' (UTC). */
export function lastMonths(count: number, now = new Date()): string[] {
  return Array.from({ length: count }, (_, i) => bandwidthMonth(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1))));
}

/** GET /api/usage: what the account uses against what it may use. */
export function createUsageService(d: { orm: Orm; quota: StorageQuota; defaults: DefaultLimits }) {
  return {
    async get(userId: string): Promise<Usage> {
      const sql = sqlOf(d.orm.em.fork());
      const limits = await limitsOf(sql, userId, d.defaults);
      const months = lastMonths(MONTHS_SHOWN);
      const rows = await bandwidthMonthRows(sql, userId, `${months[0]}-01`);
      const byMonth = new Map(rows.map((r) => [r.month, Number(r.bytes)]));
      const series = months.map((month) => ({ month, bytes: byMonth.get(month) ?? 0 }));
      return {
        plan: limits.plan?.name ?? null,
        // Everything counts: stored files, images, and space held for uploads and imports still arriving.
        storage: { usedBytes: await d.quota.usedBytes(userId), limitBytes: limits.storageBytes },
        bandwidth: { thisMonthBytes: series[series.length - 1].bytes, limitBytesPerMonth: limits.bandwidthBytesPerMonth, months: series },
        videoGeneratorCredits: limits.videoGeneratorCredits,
        features: limits.features,
      };
    },
  };
}
export type UsageService = ReturnType<typeof createUsageService>;
