import {
  type AnalyticsTrend,
  type AnalyticsTrendQuery,
  type Engagement,
  LEAD_MESSAGES,
  type LeadVideos,
  SESSION_MESSAGES,
  TREND_DAYS_DEFAULT,
  TREND_DAYS_MAX,
  VIEWERS_CSV_COLUMNS,
  type ViewerSession,
  type ViewerSessionList,
  type ViewersQuery,
} from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { isUuid, sqlOf } from '../../db/sql.ts';
import { csvLine } from '../../http/csv.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { daysBetween, utcDay } from '../statistics/statistics-figures.ts';
import { pageMeta } from '../videos/video-view.ts';
import { engagementDays, engagementPointsOf, fitPoints, percentOf, reduceMax, sumCounters, watchedSecondsOf } from './session-buckets.ts';
import * as q from './viewer-reads.queries.ts';

const CSV_CHUNK_ROWS = 500;
const DAY_MS = 86_400_000;

export interface ViewerReads {
  viewers(teamId: string, videoId: string, query: ViewersQuery): Promise<ViewerSessionList>;
  /** The video's sessions as CSV lines (header first); the caller checks the video first (assertVideo). */
  viewersCsv(teamId: string, videoId: string): AsyncGenerator<string>;
  assertVideo(teamId: string, videoId: string): Promise<void>;
  engagement(teamId: string, videoId: string): Promise<Engagement>;
  trend(teamId: string, query: AnalyticsTrendQuery): Promise<AnalyticsTrend>;
  leadVideos(teamId: string, leadId: string): Promise<LeadVideos>;
}

/** The owner's reads of viewer sessions (issue 33 item 3): one page, the CSV, the engagement graph, the trend, a lead's videos. */
export function viewerReads(d: { orm: Orm }): ViewerReads {
  const conn = () => d.orm.em.getConnection();
  const sql = sqlOf(conn());

  async function assertVideo(teamId: string, videoId: string) {
    const v = isUuid(videoId) ? await q.ownVideo(sql, teamId, videoId) : null;
    if (!v) throw notFound('Video not found');
    return v;
  }

  const toSession = (r: q.SessionRow): ViewerSession => ({
    sessionId: r.id,
    viewer: r.email ? { email: r.email, ...(r.name && { name: r.name }) } : {},
    startedAt: new Date(r.started_at).toISOString(),
    watchedSeconds: r.watched_seconds,
    percentWatched: percentOf(r.watched_seconds, r.duration_sec),
    heatmap: reduceMax(r.watched),
    country: r.country,
    device: r.device,
    browser: r.browser,
  });

  return {
    async viewers(teamId, videoId, query) {
      await assertVideo(teamId, videoId);
      const { rows, total } = await q.sessionsPage(sql, teamId, videoId, query.limit, (query.page - 1) * query.limit);
      return { items: rows.map(toSession), meta: pageMeta(query.page, query.limit, total) };
    },

    async *viewersCsv(teamId, videoId) {
      yield csvLine([...VIEWERS_CSV_COLUMNS]);
      const rows = conn().stream<q.SessionRow>(q.SESSIONS_SELECT, [videoId, teamId], undefined, undefined, CSV_CHUNK_ROWS);
      let piece = '';
      for await (const r of rows) {
        const v = toSession(r);
        piece += csvLine([v.startedAt, v.viewer?.email ?? '', v.viewer?.name ?? '', v.watchedSeconds, v.percentWatched, v.country, v.device, v.browser, v.sessionId]);
        if (piece.length >= 64 * 1024) {
          yield piece;
          piece = '';
        }
      }
      if (piece) yield piece;
    },

    async assertVideo(teamId, videoId) {
      await assertVideo(teamId, videoId);
    },

    async engagement(teamId, videoId) {
      const video = await assertVideo(teamId, videoId);
      const durationSec = video.duration_sec ?? 0;
      const points = engagementPointsOf(durationSec);
      const f = await q.engagementFigures(sql, videoId);
      // Ended sessions come pre-added per day; the open ones (the last half hour's) are added here.
      const open = engagementDays(f.open.map((o) => ({ ...o, video_id: videoId, day: '' })));
      let plays = 0;
      let share = 0;
      const counts = new Array<number>(points).fill(0);
      for (const day of [...f.days.map((x) => ({ ...x, share: x.watched_share })), ...open]) {
        plays += day.plays;
        share += day.share;
        fitPoints(day.counts, points).forEach((c, i) => {
          counts[i] += c;
        });
      }
      return { durationSec, plays, uniqueViewers: f.viewers, averagePercent: percentOf(share, plays), seconds: counts.map((c) => percentOf(c, plays)) };
    },

    async trend(teamId, query) {
      const to = query.to ?? utcDay();
      const from = query.from ?? utcDay(new Date(Date.parse(`${to}T00:00:00Z`) - (TREND_DAYS_DEFAULT - 1) * DAY_MS));
      // Checked before any day is listed: a range of centuries would be millions of them.
      const span = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
      if (span < 1) throw unprocessable({ to: SESSION_MESSAGES.trendOrder });
      if (span > TREND_DAYS_MAX) throw unprocessable({ to: SESSION_MESSAGES.trendSpan });
      const days = daysBetween(from, to);
      const byDay = new Map((await q.trendDays(sql, teamId, from, to)).map((r) => [r.day, r]));
      return {
        days: days.map((day) => {
          const r = byDay.get(day);
          return { day, plays: r?.plays ?? 0, minutesWatched: Math.round(((r?.seconds ?? 0) / 60) * 10) / 10, uniqueViewers: r?.viewers ?? 0 };
        }),
      };
    },

    async leadVideos(teamId, leadId) {
      const sessions = isUuid(leadId) ? await q.leadSessions(sql, teamId, leadId) : null;
      if (!sessions) throw notFound(LEAD_MESSAGES.notFound);
      // Newest first, so each video's first session gives the layout its heatmap uses.
      const byVideo = new Map<string, typeof sessions>();
      for (const s of sessions) byVideo.set(s.video_id, [...(byVideo.get(s.video_id) ?? []), s]);
      return {
        items: [...byVideo.values()].map((list) => {
          const latest = list[0];
          const counters = sumCounters(list.map((s) => s.watched));
          const watchedSeconds = watchedSecondsOf(counters, latest.duration_sec, latest.bucket_sec);
          return {
            videoId: latest.video_id,
            videoName: latest.video_name,
            sessions: list.length,
            lastWatchedAt: new Date(latest.started_at).toISOString(),
            watchedSeconds,
            percentWatched: percentOf(watchedSeconds, latest.duration_sec),
            heatmap: reduceMax(counters),
          };
        }),
      };
    },
  };
}
