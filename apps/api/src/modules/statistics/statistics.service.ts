import { DROP_OFF_INTERVAL_SECONDS, ERROR_CODES, type StatKind, type VideoStatistics } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { notFound, tooMany, unprocessable } from '../../http/errors.ts';
import type { Logger } from 'pino';
import { addressKeyer, beaconLimiter } from './beacon-limiter.ts';
import { countryName, countryOf, deviceAndBrowser, loadGeo, type ViewerFacts } from './viewer-facts.ts';

export const TOO_MANY_BEACONS = 'Too many statistics calls from this address. Try again later.';
export const BEACON_NOT_FOUND = 'This video is not available.';
export const PAST_THE_END = 'Must not be past the end of the video.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// How long a beacon trusts its cached answer to 'may this video be counted, and how long is it'.
const TARGET_CACHE_MS = 30_000;

interface Target {
  ok: boolean;
  durationSec: number | null;
  at: number;
}

/** The request facts of a beacon; the address is used for the cap and the country, never stored. */
export interface BeaconViewer {
  address: string;
  userAgent: string;
}

/**
 * Viewer statistics. Beacons are counted in memory, per video, kind and name, and written as one
 * upsert per flush (`count = count + excluded.count`), so a beacon never costs a database write.
 * Each address has a token bucket; over it a beacon is refused (429) and not counted.
 *
 * A beacon at second 0 is a view: it also counts the viewer's country, device and browser. The
 * player sends it each time playback passes second 0 (a start, a replay, a loop).
 */
export function createStatisticsService(d: {
  orm: Orm;
  log: Logger;
  flushMs: number;
  beaconsPerSecond: number;
  beaconBurst: number;
  /** DATA_DIR (for the country-only view of the shipped data) and GEODATADIR when set. */
  geo: { dataDir: string; dataFolder?: string };
  /** Test seam: the viewer's country, device and browser. */
  facts?: (viewer: BeaconViewer) => ViewerFacts;
}) {
  const limiter = beaconLimiter({ perSecond: d.beaconsPerSecond, burst: d.beaconBurst });
  const keyOf = addressKeyer();
  if (!d.facts) loadGeo(d.geo.dataDir, d.geo.dataFolder, (err) => d.log.warn({ err }, 'geoip-lite data not loaded: every country is Unknown'));
  const facts = d.facts ?? ((v: BeaconViewer): ViewerFacts => ({ country: countryOf(v.address), ...deviceAndBrowser(v.userAgent) }));
  let pending = new Map<string, number>();
  const targets = new Map<string, Target>();

  const add = (videoId: string, kind: StatKind, name: string, n = 1) => {
    const key = `${videoId}\t${kind}\t${name}`;
    pending.set(key, (pending.get(key) ?? 0) + n);
  };

  async function target(id: string): Promise<Target> {
    const hit = targets.get(id);
    if (hit && Date.now() - hit.at < TARGET_CACHE_MS) return hit;
    const rows = UUID.test(id)
      ? await d.orm.em
          .getConnection()
          .execute<{ duration_sec: number | null; ban: boolean; status: string; owner_ban: boolean }[]>(
            'select v.duration_sec, v.ban, v.status, u.ban as owner_ban from videos v join users u on u.id = v.user_id where v.id = ?',
            [id],
          )
      : [];
    const row = rows[0];
    const t = { ok: !!row && !row.ban && !row.owner_ban && row.status !== 'failed', durationSec: row?.duration_sec ?? null, at: Date.now() };
    if (targets.size > 10_000) targets.clear();
    targets.set(id, t);
    return t;
  }

  async function flush() {
    if (!pending.size) return;
    const batch = pending;
    pending = new Map();
    const rows = [...batch].map(([key, count]) => {
      const [video_id, kind, name] = key.split('\t');
      return { video_id, kind, name, count };
    });
    try {
      // Rows of videos deleted since the beacon are dropped by the join instead of failing the batch.
      await d.orm.em.getConnection().execute(
        `insert into video_stat_counts (video_id, kind, name, count)
         select x.video_id, x.kind, x.name, x.count
         from jsonb_to_recordset(?::jsonb) as x(video_id uuid, kind text, name text, count bigint)
         join videos v on v.id = x.video_id
         on conflict (video_id, kind, name) do update set count = video_stat_counts.count + excluded.count`,
        [JSON.stringify(rows)],
      );
    } catch (err) {
      // Put the counts back so a passing database hiccup loses nothing.
      for (const [key, n] of batch) pending.set(key, (pending.get(key) ?? 0) + n);
      d.log.error({ err }, 'statistics flush failed');
    }
  }

  const timer = setInterval(() => void flush(), d.flushMs);
  timer.unref();

  return {
    /** The rate cap, checked before the body is even read. */
    admit(viewer: BeaconViewer): void {
      if (!limiter.take(keyOf(viewer.address))) throw tooMany(TOO_MANY_BEACONS, ERROR_CODES.rateLimited);
    },

    /** Counts one drop-off beacon (and, at second 0, one view with its country, device, browser). */
    async recordDropOff(videoId: string, curTime: number, viewer: BeaconViewer): Promise<void> {
      const t = await target(videoId);
      if (!t.ok) throw notFound(BEACON_NOT_FOUND);
      if (t.durationSec !== null && curTime > t.durationSec + 1) throw unprocessable({ curTime: PAST_THE_END });
      // Buckets of the beacon interval: the player sends 0, 15, 30...; anything else joins its bucket.
      const second = Math.floor(curTime / DROP_OFF_INTERVAL_SECONDS) * DROP_OFF_INTERVAL_SECONDS;
      add(videoId, 'dropOff', String(second));
      if (Math.floor(curTime) === 0) {
        const f = facts(viewer);
        add(videoId, 'country', f.country);
        add(videoId, 'device', f.device);
        add(videoId, 'browser', f.browser);
      }
    },

    /** The owner's view: drop-off by second ascending, the others by count descending. */
    async forVideo(userId: string, videoId: string): Promise<VideoStatistics> {
      const conn = d.orm.em.getConnection();
      const owned = UUID.test(videoId) ? await conn.execute<{ id: string }[]>('select id from videos where id = ? and user_id = ?', [videoId, userId]) : [];
      // Another user's video answers exactly like a missing one.
      if (!owned.length) throw notFound('Video not found');
      const rows = await conn.execute<{ kind: StatKind; name: string; count: string | number }[]>(
        'select kind, name, count from video_stat_counts where video_id = ?',
        [videoId],
      );
      const out: VideoStatistics = { dropOff: [], country: [], device: [], browser: [] };
      for (const r of rows) out[r.kind]?.push({ name: r.kind === 'country' ? countryName(r.name) : r.name, count: Number(r.count) });
      out.dropOff.sort((a, b) => Number(a.name) - Number(b.name));
      for (const list of [out.country, out.device, out.browser]) list.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
      return out;
    },

    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
export type StatisticsService = ReturnType<typeof createStatisticsService>;
