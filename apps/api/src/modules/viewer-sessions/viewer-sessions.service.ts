import {
  LEAD_MESSAGES,
  SESSION_MESSAGES,
  SESSION_REPORT_EVERY_SEC,
  type SessionOpened,
  type SessionProgress,
  type ViewerSessionEvent,
  type ViewerSettings,
  type ViewerSettingsUpdate,
} from '@reelbase/api-client';
import type { Logger } from 'pino';
import type { Orm } from '../../db/orm.ts';
import { isUuid, type Sql, sqlOf } from '../../db/sql.ts';
import { conflict, notFound, unprocessable } from '../../http/errors.ts';
import type { PlaybackService } from '../playback/playback.service.ts';
import { BEACON_NOT_FOUND, type BeaconViewer, NOT_PLAYABLE_YET, type StatisticsService } from '../statistics/statistics.service.ts';
import { utcDay } from '../statistics/statistics-figures.ts';
import { recordActivity } from '../teams/activity.ts';
import { bucketCountOf, bucketSecOf, bucketsOf, engagementDays, percentOf } from './session-buckets.ts';
import { type OpenSession, sessionProgress } from './session-progress.ts';
import { type ViewerReads, viewerReads } from './viewer-reads.ts';
import * as w from './viewer-sessions.queries.ts';

/** A session once it ended (the player said so, or the sweep after 30 minutes of silence). */
export interface EndedSession {
  sessionId: string;
  videoId: string;
  videoName: string;
  /** The viewer id (a fresh random one for an anonymous session). */
  viewerKey: string;
  anonymous: boolean;
  /** The lead that names this viewer, when one does. */
  lead: { id: string; email: string; name: string | null } | null;
  /** Who the viewer is when known (a lead, or ?email=); null when anonymous or unknown. */
  viewer: { email: string; name: string | null } | null;
  startedAt: string;
  endedAt: string;
  watchedSeconds: number;
  percentWatched: number;
}

/** The `viewer.session` webhook's data (ViewerSessionEvent): no viewer id of an anonymous session. */
export const viewerSessionEvent = (s: EndedSession): ViewerSessionEvent => ({
  sessionId: s.sessionId,
  videoId: s.videoId,
  videoName: s.videoName,
  viewerId: s.anonymous ? null : s.viewerKey,
  lead: s.lead,
  startedAt: s.startedAt,
  endedAt: s.endedAt,
  watchedSeconds: s.watchedSeconds,
  percentWatched: s.percentWatched,
});

/** The request facts of the player opening a session. */
export interface SessionRequest extends BeaconViewer {
  /** DNT: 1 or Sec-GPC: 1: the viewer id and email are ignored. */
  doNotTrack: boolean;
}

/** The owner's reads are in viewer-reads.ts. */
export interface ViewerSessionsService extends ViewerReads {
  /** Opens a session on the player's first play (playback rules as the drop-off beacon's; the caller checked the allowlist and the cap). */
  open(videoId: string, input: { viewerId: string; email?: string; coverId?: string }, viewer: SessionRequest): Promise<SessionOpened>;
  /** One progress report: validated, then kept in memory until the next flush (no database write). */
  progress(sessionId: string, report: SessionProgress): Promise<void>;
  /** A lead submitted with its session id names that viewer (when the account lets leads do so). */
  identifyLead(teamId: string, lead: { id: string; email: string; name: string | null }, sessionId: string): Promise<void>;
  /** Erasure of a lead: the row and every identity naming them (activity log). */
  deleteLead(teamId: string, leadId: string): Promise<void>;
  settings(teamId: string): Promise<ViewerSettings>;
  updateSettings(teamId: string, update: ViewerSettingsUpdate): Promise<ViewerSettings>;
  /** Writes the pending progress (one update per session) and announces the sessions it ended. */
  flush(): Promise<void>;
  /** Ends sessions silent for 30 minutes, and once a UTC day purges sessions past their retention. Answers how many it ended. */
  sweep(): Promise<number>;
  /** Sessions past their account's retention go now (the sweep's daily pass). */
  purge(): Promise<number>;
  stop(): Promise<void>;
}

const SETTINGS_CACHE_MS = 30_000;
const SWEEP_BATCH = 500;

/**
 * Viewer sessions (issue 33 items 1, 2, 3 and 7). Opening a session writes its row; progress
 * reports are merged in memory per session and written once per flush (`flushMs`); ending one
 * (by the player, or the sweep) calls `onSessionEnded` (the `viewer.session` webhook, alerts, CRM),
 * whose failure is logged and never fails the caller.
 */
export function createViewerSessionsService(d: {
  orm: Orm;
  playback: Pick<PlaybackService, 'watchable'>;
  statistics: Pick<StatisticsService, 'viewerFacts' | 'addressHash'>;
  flushMs: number;
  log: Logger;
  onSessionEnded?: (teamId: string, s: EndedSession) => void | Promise<void>;
}): ViewerSessionsService {
  const conn = () => d.orm.em.getConnection();
  const sql = sqlOf(conn());
  const state = sessionProgress();
  const settingsCache = new Map<string, { s: ViewerSettings; at: number }>();
  let purgedDay = '';
  const newViewers = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();

  async function settingsOf(teamId: string): Promise<ViewerSettings> {
    const hit = settingsCache.get(teamId);
    if (hit && Date.now() - hit.at < SETTINGS_CACHE_MS) return hit.s;
    const s = await w.readSettings(sql, teamId);
    if (settingsCache.size > 10_000) settingsCache.clear();
    settingsCache.set(teamId, { s, at: Date.now() });
    return s;
  }

  async function announce(ids: string[]) {
    if (!ids.length || !d.onSessionEnded) return;
    let rows: w.EndedRow[];
    try {
      rows = await w.endedSessions(sql, ids);
    } catch (err) {
      d.log.error({ err }, 'reading ended sessions failed');
      return;
    }
    for (const r of rows) {
      const ended: EndedSession = {
        sessionId: r.id,
        videoId: r.video_id,
        videoName: r.video_name,
        viewerKey: r.viewer_key,
        anonymous: r.anonymous,
        lead: r.lead_id && r.lead_email ? { id: r.lead_id, email: r.lead_email, name: r.lead_name } : null,
        viewer: r.lead_email ? { email: r.lead_email, name: r.lead_name } : r.viewer_email ? { email: r.viewer_email, name: r.viewer_name } : null,
        startedAt: new Date(r.started_at).toISOString(),
        endedAt: new Date(r.ended_at).toISOString(),
        watchedSeconds: r.watched_seconds,
        percentWatched: percentOf(r.watched_seconds, r.duration_sec),
      };
      try {
        await d.onSessionEnded(r.user_id, ended);
      } catch (err) {
        d.log.error({ err, sessionId: r.id }, 'session ended callback failed');
      }
    }
  }

  /** Ends sessions and adds them to the daily engagement aggregate in one transaction, so each is added exactly once. */
  const ending = (end: (tx: Sql) => Promise<string[]>) =>
    d.orm.em.fork().transactional(async (em) => {
      const tx = sqlOf(em);
      const ended = await end(tx);
      await w.addEngagement(tx, engagementDays(await w.endedCounters(tx, ended)));
      return ended;
    });

  async function flushOnce() {
    if (newViewers.size) {
      const counts = [...newViewers].map(([video_id, n]) => ({ video_id, n }));
      newViewers.clear();
      try {
        await w.addViewers(sql, counts);
      } catch (err) {
        for (const c of counts) newViewers.set(c.video_id, (newViewers.get(c.video_id) ?? 0) + c.n);
        d.log.error({ err }, 'viewer counts flush failed');
      }
    }
    const rows = state.take();
    if (!rows.length) return;
    let ended: string[];
    try {
      ended = await ending((tx) => w.writeProgress(tx, rows));
    } catch (err) {
      state.putBack(rows);
      d.log.error({ err }, 'viewer sessions flush failed');
      return;
    }
    for (const id of ended) state.forget(id);
    await announce(ended);
  }
  // One flush at a time: a slow one is never overtaken by the next timer tick.
  const flush = () => (flushing = flushing.then(flushOnce).catch((err) => d.log.error({ err }, 'viewer sessions flush failed')));

  async function purge(): Promise<number> {
    const n = await w.purgeExpired(sql);
    if (n) d.log.info({ sessions: n }, 'purged viewer sessions past their retention');
    return n;
  }

  const reads = viewerReads({ orm: d.orm });
  const timer = setInterval(() => void flush(), d.flushMs);
  timer.unref();

  return {
    async open(videoId, input, viewer) {
      const video = await d.playback.watchable(videoId, { token: viewer.token ?? undefined });
      if (!video) throw notFound(BEACON_NOT_FOUND);
      // Not probed yet: nothing can be watched, so nothing can be counted.
      if (!video.durationSec) throw conflict(NOT_PLAYABLE_YET);
      const settings = await settingsOf(video.userId);
      const anonymous = viewer.doNotTrack || settings.anonymousOnly;
      const viewerKey = anonymous ? crypto.randomUUID() : input.viewerId.toLowerCase();
      const durationSec = video.durationSec;
      const bucketSec = bucketSecOf(durationSec);
      const facts = d.statistics.viewerFacts(viewer);
      if (!anonymous && input.email && settings.identifyByEmailParam) await w.nameByEmail(sql, video.userId, viewerKey, input.email);
      const { id: sessionId, newViewer } = await w.insertSession(
        sql,
        { teamId: video.userId, videoId: video.id, viewerKey, anonymous, durationSec, bucketSec, buckets: bucketCountOf(durationSec, bucketSec), ...facts, addressHash: anonymous ? null : await d.statistics.addressHash(viewer) },
        !anonymous && settings.identifyByLead,
      );
      state.remember(sessionId, { teamId: video.userId, videoId: video.id, durationSec, bucketSec, ended: false });
      // Counted in memory and added by the flush: a popular video's count is no row every open waits on.
      if (newViewer) newViewers.set(video.id, (newViewers.get(video.id) ?? 0) + 1);
      return { sessionId, reportEverySec: SESSION_REPORT_EVERY_SEC, anonymous };
    },

    async progress(sessionId, report) {
      let s: OpenSession | null | undefined = state.session(sessionId);
      if (!s && isUuid(sessionId)) {
        // Opened by another process (or before a restart): read once, then kept here.
        const row = await w.openSession(sql, sessionId);
        s = row && { teamId: row.user_id, videoId: row.video_id, durationSec: row.duration_sec, bucketSec: row.bucket_sec, ended: false };
        if (s) state.remember(sessionId, s);
      }
      if (!s || s.ended) throw notFound(SESSION_MESSAGES.notFound);
      // The player's clock may run a little past the probed length: a second of slack, then refused.
      const errors: Record<string, string> = {};
      report.ranges.forEach(([, end], i) => {
        if (end > (s as OpenSession).durationSec + 1) errors[`ranges.${i}`] = SESSION_MESSAGES.rangeEnd((s as OpenSession).durationSec);
      });
      if (Object.keys(errors).length) throw unprocessable(errors);
      const buckets = report.ranges.flatMap((r) => bucketsOf([r[0], Math.min(r[1], s.durationSec)], s.durationSec, s.bucketSec));
      if (report.ended) s.ended = true;
      state.add(sessionId, buckets, report.ended === true);
    },

    async identifyLead(teamId, lead, sessionId) {
      if (!isUuid(sessionId) || !(await settingsOf(teamId)).identifyByLead) return;
      await w.nameByLead(sql, teamId, sessionId, lead);
    },

    async deleteLead(teamId, leadId) {
      const gone = isUuid(leadId)
        ? await d.orm.em.fork().transactional(async (em) => {
            const tx = sqlOf(em);
            const lead = await w.deleteLead(tx, teamId, leadId);
            // Not the email: the log outlives the erasure (TEAM_ACTIVITY_RETENTION_DAYS).
            if (lead) await recordActivity(tx, teamId, 'lead.deleted', { type: 'lead', id: leadId, name: null });
            return lead;
          })
        : null;
      if (!gone) throw notFound(LEAD_MESSAGES.notFound);
    },

    ...reads,

    settings: (teamId) => w.readSettings(sql, teamId),

    async updateSettings(teamId, update) {
      const next = await d.orm.em.fork().transactional(async (em) => {
        const tx = sqlOf(em);
        await w.lockSettings(tx, teamId);
        const current = await w.readSettings(tx, teamId);
        const merged = { ...current, ...update };
        const changed = Object.fromEntries(Object.entries(update).filter(([k, v]) => current[k as keyof ViewerSettings] !== v));
        await w.writeSettings(tx, teamId, merged);
        if (Object.keys(changed).length) await recordActivity(tx, teamId, 'viewer_settings.changed', { type: 'team', id: teamId, name: null }, changed);
        return merged;
      });
      settingsCache.set(teamId, { s: next, at: Date.now() });
      return next;
    },

    flush,

    async sweep() {
      await flush();
      let total = 0;
      for (;;) {
        const ids = await ending((tx) => w.endSilent(tx, SWEEP_BATCH));
        for (const id of ids) state.forget(id);
        await announce(ids);
        total += ids.length;
        if (ids.length < SWEEP_BATCH) break;
      }
      if (purgedDay !== utcDay()) {
        await purge();
        purgedDay = utcDay();
      }
      return total;
    },

    purge,

    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
