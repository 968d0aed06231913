import { z } from 'zod';
import { PlaybackAudioTrack } from './audio-tracks.ts';
import { Chapter } from './chapters.ts';
import { PlaybackToken, VISIBILITIES } from './privacy.ts';
import { pageLimit, pageNumber, paginated, sortDirection } from './common.ts';
import { EMBED_DEFAULT_SIZE, MEDIA_SECONDS_MAX, URL_MAX_LENGTH } from './constants.ts';
import { ColorScheme } from './profile.ts';
import { END_ACTIONS, PlayerConfig, START_ACTIONS } from './videos.ts';
import { CallToActionUpdate, LeadFormUpdate } from './leads.ts';

const oneOf = (values: readonly string[]) => `Must be one of: ${values.join(', ')}.`;

/**
 * PUT /api/player-config/{id}: one or more PlayerConfig fields. `id` may be sent (the UI sends the
 * video id with the changed setting) and is ignored; any other unknown field is refused.
 */
export const PlayerConfigUpdate = z
  .strictObject(
    {
      id: z.string().max(64).optional(),
      endAction: z.enum(END_ACTIONS, { error: oneOf(END_ACTIONS) }),
      nextVideo: z.string().uuid({ error: 'Must be the id of one of your videos.' }).nullable(),
      startAction: z.enum(START_ACTIONS, { error: oneOf(START_ACTIONS) }),
      autoHideControls: z.boolean({ error: 'Must be true or false.' }),
      playPauseButton: z.boolean({ error: 'Must be true or false.' }),
      volumeControl: z.boolean({ error: 'Must be true or false.' }),
      videoPopOut: z.boolean({ error: 'Must be true or false.' }),
      showLogoInPlayer: z.boolean({ error: 'Must be true or false.' }),
      logoPatn: z.string().max(1024).nullable(),
      colorScheme: ColorScheme.partial(),
      // issue 27: lead capture and call to action, each merged field by field.
      leadForm: LeadFormUpdate,
      callToAction: CallToActionUpdate,
      // Issue 26 (controls)
      speedMenu: z.boolean({ error: 'Must be true or false.' }),
      qualityMenu: z.boolean({ error: 'Must be true or false.' }),
      pictureInPicture: z.boolean({ error: 'Must be true or false.' }),
      captionsButton: z.boolean({ error: 'Must be true or false.' }),
      keyboardShortcuts: z.boolean({ error: 'Must be true or false.' }),
      resumePlayback: z.boolean({ error: 'Must be true or false.' }),
      allowDownload: z.boolean({ error: 'Must be true or false.' }),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown setting: ${issue.keys.join(', ')}.` : undefined) },
  )
  .partial()
  .refine((u) => Object.keys(u).some((k) => k !== 'id'), { error: 'At least one player setting is required.' });
export type PlayerConfigUpdate = z.infer<typeof PlayerConfigUpdate>;

/** PUT /api/player-config/{id}/image: the stored logo URL and the updated configuration. */
export const PlayerLogoUploadResponse = z.object({ url: z.string(), playerConfig: PlayerConfig });

/** A caption track a player offers: `src` is its whole WebVTT (tokened like the sources); the HLS master lists the same tracks as subtitle renditions. */
export const PlaybackCaption = z.object({
  id: z.string(),
  label: z.string(),
  language: z.string(),
  /** The owner's default track: shown until the viewer picks another (or Off). */
  isDefault: z.boolean(),
  src: z.string(),
});
export type PlaybackCaption = z.infer<typeof PlaybackCaption>;

/** A storyboard's WebVTT index (its tiles' sheets sit beside it) and its tile size in pixels. */
export const PlaybackStoryboard = z.object({ vtt: z.string(), width: z.number().int(), height: z.number().int() });
export type PlaybackStoryboard = z.infer<typeof PlaybackStoryboard>;

/**
 * The public GET /api/playback/{id} answer that the embed player boots from. Source URLs are
 * absolute; both are null (and `processing` true) while the video is not playable yet.
 */
export const PlaybackInfo = z.object({
  id: z.string(),
  name: z.string(),
  hlsSource: z.string().nullable(),
  mp4Source: z.string().nullable(),
  poster: z.string().nullable(),
  playerConfig: PlayerConfig,
  nextVideo: z.string().nullable(),
  durationSec: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  processing: z.boolean(),
  /** Who may watch; a video that is not public plays through tokened media URLs. */
  visibility: z.enum(VISIBILITIES).optional(),
  /** The token in the media URLs (null for a public video): renew it before `expiresAt` with GET /api/playback/{id}?token=. */
  token: PlaybackToken.nullable().optional(),
  /** The video's ready caption tracks (absent or empty: the player loads no caption code). */
  captions: z.array(PlaybackCaption).optional(),
  /** Issue 37: the video's ready extra audio tracks (absent: the player loads no audio-menu code); the HLS master lists them as AUDIO renditions. */
  audioTracks: z.array(PlaybackAudioTrack).optional(),
  /** Only while the lead form is on (issue 27): an opaque name of the owner's team, so a viewer who gave their email to it is not asked again. */
  leadScope: z.string().optional(),
  // Issue 26: chapters and seek previews.
  /** The owner's chapters (absent or empty: the player loads no chapter code); `chaptersVtt` is the same as a WebVTT chapters track, tokened like the sources. */
  chapters: z.array(Chapter).optional(),
  chaptersVtt: z.string().optional(),
  /** The seek-preview storyboard: a WebVTT index whose cues name sprite-sheet tiles (`sheet-0.jpg#xywh=x,y,w,h`, relative to `vtt`); absent until it is made. */
  storyboard: PlaybackStoryboard.optional(),
  // Issue 33: thumbnail tests.
  /** A thumbnail test runs on this video: a player with a viewer id asks again with ?viewer= for its viewer's cover. */
  thumbnailTest: z.boolean().optional(),
  /** Answered for ?viewer= while a test runs: the cover `poster` shows; the player names it when it opens its session (SessionOpen.coverId). */
  coverId: z.string().optional(),
  /** Issue 34: while the owner allows downloads, the video's mp4 to save (tokened like the sources); null otherwise. */
  download: z.string().nullable().optional(),
});
export type PlaybackInfo = z.infer<typeof PlaybackInfo>;

export const EMBED_TYPES = ['hls', 'mp4'] as const;
export type EmbedType = (typeof EMBED_TYPES)[number];

const HTTP_URL_MESSAGE = 'Must match format "http:// or https://".';
const SIZE_MESSAGE = (field: string) => `${field} must be a whole number between 1 and 10000.`;
/** A whole number of pixels, 1 to 10000, in a query or body (coerced from text), with its field's name in the message. */
export const sizeField = (field: string) =>
  z.coerce
    .number({ error: SIZE_MESSAGE(field) })
    .int({ error: SIZE_MESSAGE(field) })
    .min(1, { error: SIZE_MESSAGE(field) })
    .max(10_000, { error: SIZE_MESSAGE(field) });
/** Blank means no redirect; anything else must be an absolute http(s) URL. */
const redirectTarget = z
  .string({ error: HTTP_URL_MESSAGE })
  .max(URL_MAX_LENGTH, { error: HTTP_URL_MESSAGE })
  .trim()
  .refine((s) => s === '' || (URL.canParse(s) && /^https?:$/.test(new URL(s).protocol)), { error: HTTP_URL_MESSAGE });

/**
 * GET /api/videos/{id}/embed query: the embedding panel's fields. Without width and height the
 * snippet is responsive (full width, the video's aspect ratio); with them it is a fixed iframe
 * (a missing side follows the video's aspect ratio).
 */
export const EmbedCodeQuery = z.object({
  width: sizeField('Width').optional(),
  height: sizeField('Height').optional(),
  redirect: redirectTarget.optional().transform((s) => s || undefined),
  'new-window': z
    .enum(['0', '1', 'true', 'false'], { error: 'Must be 0 or 1.' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  type: z.enum(EMBED_TYPES, { error: oneOf(EMBED_TYPES) }).default('hls'),
});
export type EmbedCodeQuery = z.output<typeof EmbedCodeQuery>;

const bool = z.boolean({ error: 'Must be true or false.' });
/**
 * The embedding panel's choices of one video, saved on the server (GET and PUT
 * /api/videos/{id}/embed-settings), so they come back after a reload and on another device.
 * `responsive` on: the snippet fits the page's width; off: a fixed `width` x `height` iframe.
 */
export const EmbedSettings = z.object({
  responsive: bool,
  width: sizeField('Width'),
  height: sizeField('Height'),
  keepRatio: bool,
  newWindow: bool,
  redirect: redirectTarget,
});
export type EmbedSettings = z.infer<typeof EmbedSettings>;
export const EMBED_SETTINGS_DEFAULT: EmbedSettings = {
  responsive: true,
  width: EMBED_DEFAULT_SIZE,
  height: EMBED_DEFAULT_SIZE,
  keepRatio: true,
  newWindow: false,
  redirect: '',
};
/** PUT /api/videos/{id}/embed-settings: one or more of the choices; unknown fields are refused. */
export const EmbedSettingsUpdate = z
  .strictObject(EmbedSettings.shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown setting: ${issue.keys.join(', ')}.` : undefined) })
  .partial()
  .refine((u) => Object.keys(u).length > 0, { error: 'At least one embed setting is required.' });
export type EmbedSettingsUpdate = z.infer<typeof EmbedSettingsUpdate>;
export const EmbedCodeResponse = z.object({ embed: z.string() });

/** `?token=` of the public beacons: the playback token, needed for a private or password video (404 without a valid one). */
export const BeaconQuery = z.object({ token: z.string().max(512).optional() });

/** POST /api/statistics/drop-off/{id}: the playhead second the viewer reached. */
export const DropOffBeacon = z.object({
  curTime: z
    .number({ error: 'Must be a number of seconds.' })
    .min(0, { error: 'Must be 0 or more.' })
    .max(MEDIA_SECONDS_MAX, { error: `Must be at most ${MEDIA_SECONDS_MAX} (24 hours).` }),
});
export type DropOffBeacon = z.infer<typeof DropOffBeacon>;

export const STAT_KINDS = ['dropOff', 'country', 'device', 'browser'] as const;
export type StatKind = (typeof STAT_KINDS)[number];
export const StatDatum = z.object({ name: z.string(), count: z.number().int() });

/** Date ranges of the analytics screen: the last 7, 30 or 90 days (today included), or all time. */
export const STATISTICS_RANGES = ['7', '30', '90', 'all'] as const;
export type StatisticsRange = (typeof STATISTICS_RANGES)[number];
export const STATISTICS_RANGE_DEFAULT: StatisticsRange = '30';
const range = z.enum(STATISTICS_RANGES, { error: `Must be one of ${STATISTICS_RANGES.join(', ')}.` }).default(STATISTICS_RANGE_DEFAULT);
export const StatisticsQuery = z.object({ range });

/**
 * What Vimeo and Wistia users expect beside the charts. A play is a start (the beacon at second 0);
 * unique viewers are distinct viewers per day, summed over the days of the range; watch time is
 * 15 s per drop-off beacon past 0; average percentage watched is watch time over plays x duration.
 */
export const StatisticsTotals = z.object({
  plays: z.number().int(),
  uniqueViewers: z.number().int(),
  watchTimeSec: z.number(),
  /** 0 to 100; 0 without plays. */
  averagePercentWatched: z.number(),
});
export type StatisticsTotals = z.infer<typeof StatisticsTotals>;
/** One UTC day (YYYY-MM-DD) of the range; days without plays are included with zeros. */
export const StatisticsDay = StatisticsTotals.omit({ averagePercentWatched: true }).extend({ date: z.string() });

/**
 * GET /api/statistics/video/{id}?range= (owner only): dropOff by second (ascending), the others by
 * count (descending), all over the range; the totals and the plays per day of the range.
 */
export const VideoStatistics = z.object({
  range: z.enum(STATISTICS_RANGES),
  dropOff: z.array(StatDatum),
  country: z.array(StatDatum),
  device: z.array(StatDatum),
  browser: z.array(StatDatum),
  totals: StatisticsTotals,
  daily: z.array(StatisticsDay),
  /** Clicks on the call to action's button over the range (issue 27). */
  ctaClicks: z.number().int(),
});
export type VideoStatistics = z.infer<typeof VideoStatistics>;

/** The overview behind the sidebar's 'Analytics' link: every video of the caller with its figures. */
export const ANALYTICS_SORT_FIELDS = ['name', 'createdAt', 'plays', 'uniqueViewers', 'watchTimeSec', 'averagePercentWatched'] as const;
export type AnalyticsSortField = (typeof ANALYTICS_SORT_FIELDS)[number];
export const AnalyticsOverviewQuery = z.object({
  range,
  limit: pageLimit(10),
  page: pageNumber,
  field: z.enum(ANALYTICS_SORT_FIELDS, { error: `Must be one of ${ANALYTICS_SORT_FIELDS.join(', ')}.` }).default('plays'),
  direction: sortDirection('DESC'),
});
export type AnalyticsOverviewQuery = z.infer<typeof AnalyticsOverviewQuery>;
export const VideoAnalyticsRow = StatisticsTotals.extend({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  durationSec: z.number().nullable(),
});
export type VideoAnalyticsRow = z.infer<typeof VideoAnalyticsRow>;
/** GET /api/statistics/videos: one page of rows, the meta, and the totals over all the caller's videos. */
export const AnalyticsOverview = paginated(VideoAnalyticsRow).extend({ range: z.enum(STATISTICS_RANGES), totals: StatisticsTotals });
export type AnalyticsOverview = z.infer<typeof AnalyticsOverview>;

// Issue 27 item 5: every analytics chart downloads as CSV for the chosen range (streamed).
/** The charts of a video's analytics that download as CSV: the plays per day (the totals' days) and the four charts. */
export const STATISTICS_CSV_CHARTS = ['daily', 'dropOff', 'country', 'device', 'browser'] as const;
export type StatisticsCsvChart = (typeof STATISTICS_CSV_CHARTS)[number];
/** GET /api/statistics/video/{id}.csv?range=&chart=: the chart's figures over the same range as its JSON. */
export const VideoStatisticsCsvQuery = z.object({
  range,
  chart: z.enum(STATISTICS_CSV_CHARTS, { error: `Must be one of ${STATISTICS_CSV_CHARTS.join(', ')}.` }),
});
export type VideoStatisticsCsvQuery = z.infer<typeof VideoStatisticsCsvQuery>;
/** GET /api/statistics/videos.csv: every row of the overview (no pages), in the table's order. */
export const AnalyticsOverviewCsvQuery = AnalyticsOverviewQuery.omit({ limit: true, page: true });
export type AnalyticsOverviewCsvQuery = z.infer<typeof AnalyticsOverviewCsvQuery>;
