import type { Orm } from '../../../db/orm.ts';
import { sqlOf } from '../../../db/sql.ts';
import { type DefaultLimits, overBandwidthSql } from '../../payments/entitlements.ts';
import { deliveryQueries } from './delivery.queries.ts';

/** Whether a video may be served, and how: what delivery asks before each file. */
export interface Servable {
  ok: boolean;
  /** The owner is past this month's bandwidth and its grace. */
  overBandwidth: boolean;
  main: boolean;
  hls: boolean;
  /** Public: served to anyone; otherwise only with a playback token of `version`. */
  isPublic: boolean;
  version: number;
  /** The video's length, which its caption playlists span. */
  durationSec: number;
  at: number;
}

/**
 * "May this video be served", cached for `cacheMs` per process so a segment request rarely costs a
 * query. An admin's block or ban forgets the answers at once (in this process; see
 * docs/decisions.md for the others). The owner's monthly bandwidth is part of the same answer, so
 * the limit costs no query of its own.
 */
export function servableCache(orm: Orm, cacheMs: number, limits: DefaultLimits) {
  const over = overBandwidthSql('u', limits);
  const cache = new Map<string, Servable>();
  // On the connection, outside any transaction.
  const sql = sqlOf(orm.em.getConnection());
  return {
    async get(id: string): Promise<Servable> {
      const hit = cache.get(id);
      if (hit && Date.now() - hit.at < cacheMs) return hit;
      const rows = /^[0-9a-f-]{36}$/i.test(id) ? await deliveryQueries.servable(sql, over, id) : [];
      const row = rows[0];
      const s = {
        ok: !!row && !row.ban && !row.owner_ban,
        overBandwidth: !!row?.over_bandwidth,
        main: !!row?.is_main_ready,
        hls: !!row?.is_hls_ready,
        isPublic: row?.visibility === 'public',
        version: row?.privacy_version ?? 0,
        durationSec: row?.duration_sec ?? 0,
        at: Date.now(),
      };
      if (cache.size > 10_000) cache.clear();
      cache.set(id, s);
      return s;
    },
    /** Drops the answers for these videos (all of them without ids: an owner's ban touches every video). */
    forget(ids?: string[]) {
      if (!ids) cache.clear();
      else for (const id of ids) cache.delete(id);
    },
  };
}
export type ServableCache = ReturnType<typeof servableCache>;
