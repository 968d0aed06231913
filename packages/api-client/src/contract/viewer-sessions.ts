import { z } from 'zod';
import { email, pageLimit, pageNumber, paginated } from './common.ts';

// ---- issue 33: viewer sessions (items 1, 2, 3 and 7) ----

/** The player reports watched ranges this often while playing (and on pagehide). */
export const SESSION_REPORT_EVERY_SEC = 10;
/** Ranges one progress report may carry. */
export const SESSION_RANGES_MAX = 50;
/** The progress beacon's body cap (bytes), as the drop-off beacon's. */
export const SESSION_PROGRESS_BODY_MAX = 4096;
/** A session nobody reported on for this long is ended by the sweep. */
export const SESSION_SILENCE_MINUTES = 30;
/** Counters per session at most: one a second up to an hour, longer videos share them per bucket. */
export const SESSION_BUCKETS_MAX = 3600;
/** Bars of a session's heatmap at most (each the highest count of its buckets). */
export const HEATMAP_BARS_MAX = 100;
/** Points of the engagement graph at most (long videos are reduced to this many). */
export const ENGAGEMENT_POINTS_MAX = 1000;
/** Days the account trend may span at most, and the default span. */
export const TREND_DAYS_MAX = 366;
export const TREND_DAYS_DEFAULT = 30;
export const VIEWER_RETENTION_MONTHS = { min: 1, max: 120, default: 13 } as const;
export const VIEWERS_CSV_COLUMNS = ['started_at', 'email', 'name', 'watched_seconds', 'percent_watched', 'country', 'device', 'browser', 'session_id'] as const;

export const SESSION_MESSAGES = {
  notFound: 'Session not found',
  viewerId: 'Must be a viewer id.',
  coverId: 'Must be a cover id.',
  ranges: `Must be a list of at most ${SESSION_RANGES_MAX} [start, end] pairs of seconds.`,
  rangeOrder: 'Each range must start before it ends.',
  /** A range past the video's end (the length is the video's when the session opened). */
  rangeEnd: (durationSec: number) => `Must be within the video's length (${Math.round(durationSec * 100) / 100} seconds).`,
  day: 'Must be a date like 2026-01-31.',
  trendOrder: 'Must not be before from.',
  trendSpan: `Must be at most ${TREND_DAYS_MAX} days after from.`,
  retention: `Must be a whole number of months from ${VIEWER_RETENTION_MONTHS.min} to ${VIEWER_RETENTION_MONTHS.max}.`,
  bool: 'Must be true or false.',
} as const;

/** POST /api/videos/{id}/sessions: the player opens a session on the first play. */
export const SessionOpen = z.object({
  /** The player's first-party id (local storage); ignored with DNT / Sec-GPC or anonymousOnly. */
  viewerId: z.uuid({ error: SESSION_MESSAGES.viewerId }),
  /** From ?email= on the embed or share page URL (a mail campaign's merge tag). */
  email: email().optional(),
  /** The cover this viewer was shown (thumbnail tests). */
  coverId: z.uuid({ error: SESSION_MESSAGES.coverId }).optional(),
});
export type SessionOpen = z.input<typeof SessionOpen>;
/** The token of a video that is not public (from its playback answer), as the drop-off beacon takes it. */
export const SessionOpenQuery = z.object({ token: z.string().max(512).optional() });

export const SessionOpened = z.object({
  sessionId: z.string(),
  /** Seconds between progress reports. */
  reportEverySec: z.number().int(),
  /** No viewer id and no identity were kept (DNT / Sec-GPC, or the account's anonymousOnly). */
  anonymous: z.boolean(),
});
export type SessionOpened = z.infer<typeof SessionOpened>;

const second = z.number({ error: SESSION_MESSAGES.ranges }).min(0, { error: SESSION_MESSAGES.ranges });
/** POST /api/sessions/{sessionId}/progress (sendBeacon: text/plain JSON accepted). */
export const SessionProgress = z.object({
  ranges: z
    .array(z.tuple([second, second], { error: SESSION_MESSAGES.ranges }), { error: SESSION_MESSAGES.ranges })
    .max(SESSION_RANGES_MAX, { error: SESSION_MESSAGES.ranges })
    .refine((list) => list.every(([a, b]) => a < b), { error: SESSION_MESSAGES.rangeOrder }),
  /** The player says the session is over (ended, pagehide). */
  ended: z.boolean({ error: SESSION_MESSAGES.bool }).optional(),
});
export type SessionProgress = z.infer<typeof SessionProgress>;

/** Who a session's viewer is: the email and name when known (a lead, or ?email=), `{}` for an anonymous one. */
export const SessionViewer = z.object({ email: z.string().optional(), name: z.string().optional() });
export type SessionViewer = z.infer<typeof SessionViewer>;

/** One session of a video, as the owner's Viewers tab lists it. */
export const ViewerSession = z.object({
  sessionId: z.string(),
  viewer: SessionViewer,
  startedAt: z.string(),
  /** Seconds of the video watched at least once. */
  watchedSeconds: z.number(),
  /** 0-100. */
  percentWatched: z.number(),
  /** At most HEATMAP_BARS_MAX bars: 0 skipped, 1 watched, 2+ rewatched. */
  heatmap: z.array(z.number().int()),
  country: z.string(),
  device: z.string(),
  browser: z.string(),
});
export type ViewerSession = z.infer<typeof ViewerSession>;
export const ViewerSessionList = paginated(ViewerSession);
export type ViewerSessionList = z.infer<typeof ViewerSessionList>;
export const ViewersQuery = z.object({ page: pageNumber, limit: pageLimit(25) });
export type ViewersQuery = z.output<typeof ViewersQuery>;

/** GET /api/videos/{id}/engagement: the engagement graph. */
export const Engagement = z.object({
  durationSec: z.number(),
  plays: z.number().int(),
  /** Distinct viewer ids (each anonymous session counts once). */
  uniqueViewers: z.number().int(),
  /** 0-100: the average share of the video a play watched. */
  averagePercent: z.number(),
  /** seconds[i]: percent 0-100 of plays that watched point i (a second, or a share of long videos). */
  seconds: z.array(z.number()),
});
export type Engagement = z.infer<typeof Engagement>;

const day = z
  .string({ error: SESSION_MESSAGES.day })
  .max(10, { error: SESSION_MESSAGES.day })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: SESSION_MESSAGES.day })
  // Date.parse takes 2026-02-30 (as March 2): the day must come back as written.
  .refine((s) => {
    const t = Date.parse(`${s}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
  }, { error: SESSION_MESSAGES.day });
/** GET /api/analytics/trend: UTC days, both included (default: the last 30 days). */
export const AnalyticsTrendQuery = z.object({ from: day.optional(), to: day.optional() });
export type AnalyticsTrendQuery = z.output<typeof AnalyticsTrendQuery>;
export const TrendDay = z.object({ day: z.string(), plays: z.number().int(), minutesWatched: z.number(), uniqueViewers: z.number().int() });
export type TrendDay = z.infer<typeof TrendDay>;
export const AnalyticsTrend = z.object({ days: z.array(TrendDay) });
export type AnalyticsTrend = z.infer<typeof AnalyticsTrend>;

/** GET /api/leads/{id}/videos: every video a lead watched. */
export const LeadVideo = z.object({
  videoId: z.string(),
  videoName: z.string(),
  sessions: z.number().int(),
  lastWatchedAt: z.string(),
  /** Seconds watched at least once over all their sessions. */
  watchedSeconds: z.number(),
  percentWatched: z.number(),
  heatmap: z.array(z.number().int()),
});
export type LeadVideo = z.infer<typeof LeadVideo>;
export const LeadVideos = z.object({ items: z.array(LeadVideo) });
export type LeadVideos = z.infer<typeof LeadVideos>;

/** The account's viewer-privacy settings. */
export const ViewerSettings = z.object({
  /** A lead captured by the player names its viewer's sessions. */
  identifyByLead: z.boolean(),
  /** ?email= on the embed or share page names the viewer. */
  identifyByEmailParam: z.boolean(),
  /** No viewer ids, no identities: every session anonymous. */
  anonymousOnly: z.boolean(),
  /** Sessions older than this are purged daily. */
  retentionMonths: z.number().int(),
});
export type ViewerSettings = z.infer<typeof ViewerSettings>;
const bool = z.boolean({ error: SESSION_MESSAGES.bool });
/** PUT /api/analytics/viewer-settings: any of the fields. */
export const ViewerSettingsUpdate = z.strictObject(
  {
    identifyByLead: bool,
    identifyByEmailParam: bool,
    anonymousOnly: bool,
    retentionMonths: z
      .number({ error: SESSION_MESSAGES.retention })
      .int({ error: SESSION_MESSAGES.retention })
      .min(VIEWER_RETENTION_MONTHS.min, { error: SESSION_MESSAGES.retention })
      .max(VIEWER_RETENTION_MONTHS.max, { error: SESSION_MESSAGES.retention }),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown setting: ${issue.keys.join(', ')}.` : undefined) },
).partial();
export type ViewerSettingsUpdate = z.infer<typeof ViewerSettingsUpdate>;

/** The `viewer.session` webhook event's data (sent once a session ends). */
export const ViewerSessionEvent = z.object({
  sessionId: z.string(),
  videoId: z.string(),
  videoName: z.string(),
  /** Null when anonymous. */
  viewerId: z.string().nullable(),
  lead: z.object({ id: z.string(), email: z.string(), name: z.string().nullable() }).nullable(),
  startedAt: z.string(),
  endedAt: z.string(),
  watchedSeconds: z.number(),
  percentWatched: z.number(),
});
export type ViewerSessionEvent = z.infer<typeof ViewerSessionEvent>;
