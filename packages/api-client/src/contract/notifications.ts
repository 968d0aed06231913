import { z } from 'zod';

// ---- issue 33 item 4: lead-watched alerts, per person in each team ----

/** instant: a mail when a known lead watches (at most one per lead and video an hour); daily: one digest a day; off: none. */
export const LEAD_WATCHED_MODES = ['instant', 'daily', 'off'] as const;
export type LeadWatchedMode = (typeof LEAD_WATCHED_MODES)[number];
/** An instant alert about one lead and one video is mailed at most once in this many seconds. */
export const LEAD_ALERT_INTERVAL_SECONDS = 3600;
/** The daily digest goes out at this hour (UTC) and covers what ended since the previous one. */
export const LEAD_DIGEST_HOUR_UTC = 8;
/** Sessions listed in one digest mail at most (the rest are counted). */
export const LEAD_DIGEST_MAX_ITEMS = 50;

export const NOTIFICATION_MESSAGES = {
  leadWatched: `Must be one of: ${LEAD_WATCHED_MODES.join(', ')}.`,
} as const;

/** GET /api/notifications: the signed-in person's choices in the acting team. */
export const NotificationSettings = z.object({ leadWatched: z.enum(LEAD_WATCHED_MODES) });
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** PUT /api/notifications. */
export const NotificationSettingsUpdate = z.strictObject(
  { leadWatched: z.enum(LEAD_WATCHED_MODES, { error: NOTIFICATION_MESSAGES.leadWatched }) },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown setting: ${issue.keys.join(', ')}.` : undefined) },
);
export type NotificationSettingsUpdate = z.infer<typeof NotificationSettingsUpdate>;
