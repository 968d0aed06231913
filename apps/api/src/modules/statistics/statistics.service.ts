import { createHmac, randomBytes } from 'node:crypto';
import {
  type AnalyticsOverview,
  type AnalyticsOverviewQuery,
  DROP_OFF_INTERVAL_SECONDS,
  ERROR_CODES,
  type StatisticsRange,
  type StatKind,
  type VideoStatistics,
} from '@reelbase/api-client';
import type { Logger } from 'pino';
import type { PlaybackTokens } from '../playback/playback-tokens.ts';
import type { Orm } from '../../db/orm.ts';
import { conflict, notFound, tooMany, unprocessable } from '../../http/errors.ts';
import { sqlOf } from '../../db/sql.ts';
import { pageMeta } from '../videos/video-view.ts';
import { addressBucket } from '../limits/address.ts';
import { addressKeyer, beaconLimiter } from './beacon-limiter.ts';
import { barOrder, type Counts, dayRange, daysBetween, totalsOf, utcDay } from './statistics-figures.ts';
import { addCounts, addViewers, daySalt, forgetViewersBefore, overviewPage, overviewSums, ownedVideoRows, targetRows, videoCounts } from './statistics.queries.ts';
import { countryName, countryOf, deviceAndBrowser, loadGeo, type ViewerFacts } from './viewer-facts.ts';

export const TOO_MANY_BEACONS = 'Too many statistics calls from this address. Try again later.';
export const BEACON_NOT_FOUND = 'This video is not available.';
export const PAST_THE_END = 'Must not be past the end of the video.';
/** A video not yet probed has no length and nothing playable: no viewer can have reached any second of it. */
export const NOT_PLAYABLE_YET = 'This video cannot be played yet.';

// How long a beacon trusts its cached answer to 'may this video be counted, and how long is it'.
const TARGET_CACHE_MS = 30_000;
// A video still being probed learns its length within seconds: ask again soon.
const UNKNOWN_LENGTH_CACHE_MS = 2_000;

interface Target {
  ok: boolean;
  /** The video's call to action is on (issue 27): only then are its clicks counted. */
  cta: boolean;
  durationSec: number | null;
  /** Private and password videos: beacons need a playback token of this privacy version. */
  needsToken: boolean;
  privacyVersion: number;
  at: number;
}

/** The request facts of a beacon; the address is used for the cap and the country, never stored. */
export interface BeaconViewer {
  address: string;
  userAgent: string;
  /** The playback token the player holds (`?token=`), needed for a video that is not public. */
  token?: string | null;
}

/**
 * Viewer statistics. Beacons are counted in memory, per video, UTC day, kind and name, and written
 * as one upsert per flush (`count = count + excluded.count`), so a beacon never costs a database
 * write; the day makes date ranges possible.
 * Each address has a token bucket; over it a beacon is refused (429) and not counted.
 *
 * A beacon at second 0 is a view (a play): it also counts the viewer's country, device and browser,
 * and the viewer once a day (a salted hash; see saltOf). The player sends it each time playback
 * passes second 0 (a start, a replay, a loop).
 */
export function createStatisticsService(d: {
  orm: Orm;
  log: Logger;
  tokens: PlaybackTokens;
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
  // Counts by video, UTC day, kind and name; distinct viewers by video, day and salted hash.
  let pending = new Map<string, number>();
  let pendingViewers = new Set<string>();
  const targets = new Map<string, Target>();
  const salts = new Map<string, Buffer>();
  let cleanedDay = '';
  const sql = sqlOf(d.orm.em.getConnection());

  const add = (videoId: string, day: string, kind: StatKind | 'ctaClick', name: string, n = 1) => {
    const key = `${videoId}\t${day}\t${kind}\t${name}`;
    pending.set(key, (pending.get(key) ?? 0) + n);
  };

  /**
   * The day's salt, shared by every process through the database and deleted once the next day
   * has passed (with the day's viewer hashes), after which no hash can be tied to an address.
   */
  async function saltOf(day: string): Promise<Buffer> {
    const hit = salts.get(day);
    if (hit) return hit;
    const salt = Buffer.from(await daySalt(sql, day, randomBytes(32).toString('hex')), 'hex');
    salts.clear();
    salts.set(day, salt);
    return salt;
  }

  /** A keyed hash of the viewer's address and browser with the day's salt: unique counts without the address. */
  async function addressHash(viewer: BeaconViewer, day = utcDay()): Promise<string> {
    return createHmac('sha256', await saltOf(day))
      .update(`${addressBucket(viewer.address)}\n${viewer.userAgent.slice(0, 512)}`)
      .digest('base64url')
      .slice(0, 22);
  }

  async function target(id: string): Promise<Target> {
    const hit = targets.get(id);
    if (hit && Date.now() - hit.at < (hit.ok && hit.durationSec === null ? UNKNOWN_LENGTH_CACHE_MS : TARGET_CACHE_MS)) return hit;
    const rows = await targetRows(sql, id);
    const row = rows[0];
    const t = {
      ok: !!row && !row.ban && !row.owner_ban && row.status !== 'failed',
      cta: row?.cta === true,
      durationSec: row?.duration_sec ?? null,
      // As playback: public and unlisted play for anyone with the link, the others after a token.
      needsToken: row?.visibility === 'private' || row?.visibility === 'password',
      privacyVersion: row?.privacy_version ?? 0,
      at: Date.now(),
    };
    if (targets.size > 10_000) targets.clear();
    targets.set(id, t);
    return t;
  }

  /** Whether a beacon may count: a showable video, and for one that is not public, a viewer holding its playback token (anyone else's is a 404, as a missing video's). */
  const mayCount = (videoId: string, t: Target, token: string | null | undefined) => t.ok && (!t.needsToken || d.tokens.secondsLeft(videoId, t.privacyVersion, token) > 0);

  /**
   * Once a day per process (at its first flush of the day, with or without beacons): yesterday's
   * hashes stay for beacons still in flight at midnight; older hashes and their salts go.
   */
  async function forgetOldViewers() {
    const today = utcDay();
    if (cleanedDay === today) return;
    try {
      await forgetViewersBefore(sql, today);
      cleanedDay = today;
    } catch (err) {
      d.log.error({ err }, 'removing old viewer hashes failed');
    }
  }

  async function flush() {
    await forgetOldViewers();
    if (!pending.size && !pendingViewers.size) return;
    const batch = pending;
    const viewers = pendingViewers;
    pending = new Map();
    pendingViewers = new Set();
    const rows = [...batch].map(([key, count]) => {
      const [video_id, day, kind, name] = key.split('\t');
      return { video_id, day, kind, name, count };
    });
    const viewerRows = [...viewers].map((key) => {
      const [video_id, day, viewer] = key.split('\t');
      return { video_id, day, viewer };
    });
    try {
      // One transaction, so a failed flush can be retried whole without counting anything twice.
      // Rows of videos deleted since the beacon are dropped by the join instead of failing the batch.
      await d.orm.em.fork().transactional(async (em) => {
        await addCounts(sqlOf(em), JSON.stringify(rows));
        // A viewer already counted that day (by this or another process) adds nothing.
        await addViewers(sqlOf(em), JSON.stringify(viewerRows));
      });
    } catch (err) {
      // Put the counts back so a passing database hiccup loses nothing.
      for (const [key, n] of batch) pending.set(key, (pending.get(key) ?? 0) + n);
      for (const key of viewers) pendingViewers.add(key);
      d.log.error({ err }, 'statistics flush failed');
    }
  }

  async function ownedVideo(userId: string, videoId: string) {
    const [video] = await ownedVideoRows(sql, userId, videoId);
    // Another user's video answers exactly like a missing one.
    if (!video) throw notFound('Video not found');
    return video;
  }

  const timer = setInterval(() => void flush(), d.flushMs);
  timer.unref();

  return {
    /** The rate cap, checked before the body is even read. */
    admit(viewer: BeaconViewer): void {
      if (!limiter.take(keyOf(viewer.address))) throw tooMany(TOO_MANY_BEACONS, ERROR_CODES.rateLimited);
    },

    /** Counts one drop-off beacon (and, at second 0, one play with its viewer, country, device, browser). */
    async recordDropOff(videoId: string, curTime: number, viewer: BeaconViewer): Promise<void> {
      const t = await target(videoId);
      if (!mayCount(videoId, t, viewer.token)) throw notFound(BEACON_NOT_FOUND);
      if (t.durationSec === null) throw conflict(NOT_PLAYABLE_YET);
      if (curTime > t.durationSec + 1) throw unprocessable({ curTime: PAST_THE_END });
      const day = utcDay();
      // Buckets of the beacon interval: the player sends 0, 15, 30...; anything else joins its bucket.
      const second = Math.floor(curTime / DROP_OFF_INTERVAL_SECONDS) * DROP_OFF_INTERVAL_SECONDS;
      add(videoId, day, 'dropOff', String(second));
      if (Math.floor(curTime) === 0) {
        const f = facts(viewer);
        add(videoId, day, 'country', f.country);
        add(videoId, day, 'device', f.device);
        add(videoId, day, 'browser', f.browser);
        pendingViewers.add(`${videoId}\t${day}\t${await addressHash(viewer, day)}`);
      }
    },

    /** Counts one click on the video's call to action (issue 27), in the day's counts like the other beacons. */
    async recordCtaClick(videoId: string, token?: string | null): Promise<void> {
      const t = await target(videoId);
      if (!mayCount(videoId, t, token) || !t.cta) throw notFound(BEACON_NOT_FOUND);
      add(videoId, utcDay(), 'ctaClick', '');
    },

    /** The owner's view over a range: drop-off by second ascending, the others by count descending, totals and days. */
    async forVideo(userId: string, videoId: string, range: StatisticsRange): Promise<VideoStatistics> {
      const video = await ownedVideo(userId, videoId);
      const from = dayRange(range);
      const rows = await videoCounts(sql, videoId, from);
      const sums = new Map<string, number>();
      const days = new Map<string, Counts>();
      let ctaClicks = 0;
      for (const r of rows) {
        const n = Number(r.count);
        if (r.kind === 'ctaClick') {
          ctaClicks += n;
          continue;
        }
        const key = `${r.kind}\t${r.name}`;
        sums.set(key, (sums.get(key) ?? 0) + n);
        const c = days.get(r.day) ?? { plays: 0, viewers: 0, beacons: 0 };
        if (r.kind === 'viewers') c.viewers += n;
        else if (r.kind === 'dropOff') c[r.name === '0' ? 'plays' : 'beacons'] += n;
        days.set(r.day, c);
      }
      const out: VideoStatistics = {
        range,
        dropOff: [],
        country: [],
        device: [],
        browser: [],
        totals: totalsOf({ plays: 0, viewers: 0, beacons: 0 }, video.duration_sec),
        daily: [],
        ctaClicks,
      };
      for (const [key, count] of sums) {
        const [kind, name] = key.split('\t') as [StatKind | 'viewers', string];
        if (kind !== 'viewers') out[kind].push({ name: kind === 'country' ? countryName(name) : name, count });
      }
      out.dropOff.sort((a, b) => Number(a.name) - Number(b.name));
      for (const list of [out.country, out.device, out.browser]) list.sort(barOrder);
      const all: Counts = { plays: 0, viewers: 0, beacons: 0 };
      for (const c of days.values()) for (const k of ['plays', 'viewers', 'beacons'] as const) all[k] += c[k];
      out.totals = totalsOf(all, video.duration_sec);
      const first = from ?? [...days.keys()].sort()[0] ?? utcDay();
      out.daily = daysBetween(first, utcDay()).map((date) => {
        const { uniqueViewers, plays, watchTimeSec } = totalsOf(days.get(date) ?? { plays: 0, viewers: 0, beacons: 0 }, video.duration_sec);
        return { date, plays, uniqueViewers, watchTimeSec };
      });
      return out;
    },

    /** Every video of the user with its plays, viewers and watch time over the range; one sorted page and the totals. */
    async overview(userId: string, q: AnalyticsOverviewQuery): Promise<AnalyticsOverview> {
      const from = dayRange(q.range);
      const rows = await overviewPage(sql, userId, from, q, q.limit, (q.page - 1) * q.limit);
      const [sum] = await overviewSums(sql, userId, from, q);
      const totals = totalsOf({ plays: sum.plays ?? 0, viewers: sum.viewers ?? 0, beacons: sum.beacons ?? 0 }, null);
      // Over several videos the share is watch time over the sum of each play's full length.
      totals.averagePercentWatched = sum.played_sec ? Math.min(100, Math.round((totals.watchTimeSec / sum.played_sec) * 1000) / 10) : 0;
      return {
        range: q.range,
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          imageUrl: r.image_url,
          createdAt: new Date(r.created_ms).toISOString(),
          durationSec: r.duration_sec,
          ...totalsOf({ plays: r.plays, viewers: r.viewers, beacons: r.beacons }, r.duration_sec),
        })),
        meta: pageMeta(q.page, q.limit, Number(sum.videos)),
        totals,
      };
    },

    /** The viewer's country, device and browser (viewer sessions, issue 33). */
    viewerFacts: (viewer: BeaconViewer): ViewerFacts => facts(viewer),
    addressHash: (viewer: BeaconViewer) => addressHash(viewer),

    /** Beacons for these videos are checked again at once (a block, a ban). */
    forget(videoIds?: string[]) {
      if (!videoIds) targets.clear();
      else for (const id of videoIds) targets.delete(id);
    },

    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
export type StatisticsService = ReturnType<typeof createStatisticsService>;
